/**
 * The native image stack (sharp, the C2PA library) is shared by the functions that need it through one layer per
 * stack, and kept out of their bundles; every bundle's source map keeps only the project's own files. Bundled here
 * with the options the CDK functions use (infra/cdk/bundling/handler-bundles.ts).
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { SourceMap } from 'node:module';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { decode } from '@jridgewell/sourcemap-codec';
import { Template } from 'aws-cdk-lib/assertions';
import { build } from 'esbuild';
import { describe, expect, it } from 'vitest';
import { BUNDLE_OPTIONS } from '../../infra/cdk/bundling/handler-bundles';
import { NATIVE_IMAGE_MODULES, nativeImagePackages } from '../../infra/cdk/bundling/native-image-layer';
import { trimSourceMap, type SourceMapV3 } from '../../infra/cdk/bundling/trim-source-map';
import { externalModulesOf, readsPlates, usesCompositor, usesNativeImageStack } from '../../infra/cdk/constructs/handler-function';
import { HANDLER_PERMISSIONS } from '../../infra/cdk/handler-permissions';
import { apiStacksOf } from './app-templates';
import { builtApp } from './built-app';
import { bundle } from './bundle';

const ROOT = resolve(import.meta.dirname, '../..');
const { stacks } = builtApp();

describe('native image layer', () => {
  it('every function that checks, renders or signs images has its stack’s one native image layer (arm64, Node 24), the compositor’s also the render model layer, a VIN decoder’s the VIN data layer; no other function has a layer', () => {
    let withLayer = 0;
    const compositors: string[] = [];
    const plateReaders: string[] = [];
    const decoders: string[] = [];
    for (const stack of [...apiStacksOf(stacks), stacks.auth]) {
      const template = Template.fromStack(stack).toJSON() as { Resources: Record<string, { Type: string; Properties: Record<string, unknown> }> };
      const layers = Object.entries(template.Resources).filter(([, r]) => r.Type === 'AWS::Lambda::LayerVersion');
      const imageLayers = layers.filter(([, l]) => String(l.Properties.Description).includes(nativeImagePackages().join(', ')));
      const modelLayers = layers.filter(([, l]) => String(l.Properties.Description).startsWith('Studio compositor models'));
      const vinLayers = layers.filter(([, l]) => String(l.Properties.Description).startsWith('VIN decoding data'));
      const functions = Object.values(template.Resources).filter((r) => r.Type === 'AWS::Lambda::Function' && (r.Properties.Environment as { Variables?: { HANDLER_NAME?: string } })?.Variables?.HANDLER_NAME);
      const handlerOf = (f: (typeof functions)[number]) => (f.Properties.Environment as { Variables: { HANDLER_NAME: string } }).Variables.HANDLER_NAME;
      const needing = functions.filter((f) => usesNativeImageStack(HANDLER_PERMISSIONS[handlerOf(f)]!));
      const compositing = functions.filter((f) => usesCompositor(HANDLER_PERMISSIONS[handlerOf(f)]!));
      const modelled = functions.filter((f) => usesCompositor(HANDLER_PERMISSIONS[handlerOf(f)]!) || readsPlates(HANDLER_PERMISSIONS[handlerOf(f)]!));
      const decoding = functions.filter((f) => HANDLER_PERMISSIONS[handlerOf(f)]!.includes('data:vin'));
      expect(imageLayers.length, stack.stackName).toBe(needing.length ? 1 : 0);
      expect(modelLayers.length, stack.stackName).toBe(modelled.length ? 1 : 0);
      expect(vinLayers.length, stack.stackName).toBe(decoding.length ? 1 : 0);
      expect(layers.length, stack.stackName).toBe(imageLayers.length + modelLayers.length + vinLayers.length);
      for (const [, layer] of layers) expect(layer.Properties).toMatchObject({ CompatibleArchitectures: ['arm64'], CompatibleRuntimes: ['nodejs24.x'] });
      for (const fn of functions) {
        const handler = handlerOf(fn);
        const expected = [
          ...(needing.includes(fn) ? [{ Ref: imageLayers[0]![0] }] : []),
          ...(modelled.includes(fn) ? [{ Ref: modelLayers[0]![0] }] : []),
          ...(decoding.includes(fn) ? [{ Ref: vinLayers[0]![0] }] : []),
        ];
        expect(fn.Properties.Layers ?? [], handler).toEqual(expected);
        const variables = (fn.Properties.Environment as { Variables: Record<string, unknown> }).Variables;
        expect(variables.CUTOUT_MODEL_DIR, handler).toBe(compositing.includes(fn) ? '/opt/models' : undefined);
        expect(variables.VIN_DATA_FILE, handler).toBe(decoding.includes(fn) ? '/opt/vin/vpic.db' : undefined);
        if (decoding.includes(fn)) decoders.push(handler);
        // The studio compositor is the AWS stage's renderer by default (the OpenAI image edit only with -c renderer=openai).
        if (compositing.includes(fn)) expect(variables.RENDERER, handler).toBe('local');
        if (compositing.includes(fn)) compositors.push(handler);
        else if (modelled.includes(fn)) plateReaders.push(handler);
      }
      withLayer += needing.length;
    }
    // The photo checks (package, batch and trial starts, the form's check, the logo), the renders and the signers.
    expect(withLayer).toBeGreaterThanOrEqual(11);
    // The compositor runs in the render tasks, and only there.
    expect(compositors.sort()).toEqual(['batch-render-photo', 'package-prepare', 'package-render-angle']);
    // The render model layer's onnxruntime and text models also serve the cloud checks that read the plate: those that
    // ask for the appearance (issue 39), without the cut-out's model directory.
    expect(plateReaders.sort()).toEqual(['check-car-photo', 'complete-trial-uploads']);
    // VINs are decoded where a package is created (app and public API) and by the form's look-up (issue 41).
    expect(decoders.sort()).toEqual(['create-car-package', 'decode-vin', 'v1-create-car-package']);
    // It synthesizes every stack's template: 9 s on an idle machine, 38 s under a load of 8 (over the default 30 s).
  }, 90_000);

  it('a render bundle imports sharp and the C2PA library from outside (the layer) and holds no copy of them', async () => {
    const external = externalModulesOf(HANDLER_PERMISSIONS['package-render-angle']!);
    expect(external).toEqual(expect.arrayContaining([...NATIVE_IMAGE_MODULES]));
    const { text, inputs } = await bundle('functions/src/handlers/package-render-angle.ts', external);
    expect(inputs.filter((f) => /node_modules\/(sharp|@img|@contentauth)\//.test(f))).toEqual([]);
    expect(text).toMatch(/from\s*"sharp"/);
    expect(text).toMatch(/"@contentauth\/c2pa-wasm"/);
  }, 60_000);
});

describe('trimmed source maps', () => {
  it('keep only the project’s files, and a project frame still maps to its TypeScript line', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'studio-lot-map-'));
    try {
      // Bundled as the app bundles its functions (infra/cdk/bundling/handler-bundles.ts).
      const result = await build({ ...BUNDLE_OPTIONS, entryPoints: [resolve(ROOT, 'functions/src/handlers/list-credit-packages.ts')], outfile: join(dir, 'index.mjs'), logLevel: 'silent' });
      expect(result.errors).toEqual([]);
      const file = join(dir, 'index.mjs.map');
      const before = JSON.parse(readFileSync(file, 'utf8')) as SourceMapV3;
      expect(before.sources.some((s) => s.includes('node_modules/zod/'))).toBe(true);
      // As the bundling runs it: node on the script, in place.
      execFileSync(process.execPath, ['--no-warnings', resolve(ROOT, 'infra/cdk/bundling/trim-source-map.ts'), file]);
      const after = JSON.parse(readFileSync(file, 'utf8')) as SourceMapV3;
      expect(after.sources.length).toBeGreaterThan(3);
      expect(after.sources.filter((s) => s.includes('node_modules'))).toEqual([]);
      expect(after.sources.some((s) => s.endsWith('functions/src/handlers/list-credit-packages.ts'))).toBe(true);
      expect(readFileSync(file).length).toBeLessThan(JSON.stringify(before).length / 3);

      // Every project segment is kept, and maps the same generated position to the same original one.
      const [original, trimmed] = [new SourceMap(before as never), new SourceMap(after as never)];
      const ownSegments = (map: SourceMapV3) =>
        decode(map.mappings).flatMap((line, l) => line.filter((seg) => seg.length > 1 && !map.sources[seg[1]!]!.includes('node_modules')).map((seg) => [l, seg[0]] as const));
      expect(ownSegments(after)).toEqual(ownSegments(before));
      let checked = 0;
      for (const [line, column] of ownSegments(after)) {
        const a = original.findEntry(line, column) as { originalSource?: string; originalLine?: number; originalColumn?: number };
        expect(trimmed.findEntry(line, column)).toMatchObject({ originalSource: a.originalSource, originalLine: a.originalLine, originalColumn: a.originalColumn });
        checked++;
      }
      expect(checked).toBeGreaterThan(100);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 60_000);

  it('drops the names only dependencies used', () => {
    const map: SourceMapV3 = { version: 3, sources: ['../../node_modules/x/a.js', '../../functions/src/b.ts'], names: ['depName', 'ownName'], mappings: 'AAAAA,CCAAC', sourcesContent: ['a', 'b'] };
    const trimmed = trimSourceMap(map);
    expect(trimmed).toMatchObject({ sources: ['../../functions/src/b.ts'], names: ['ownName'], sourcesContent: ['b'] });
  });
});
