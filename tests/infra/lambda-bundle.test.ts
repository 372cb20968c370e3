/**
 * The local renderer (ISNet weights under AGPL-3.0, onnxruntime's native binary) is a local-mode component: a Lambda
 * bundled from the renderer's composition root must not contain it. Bundled here with the options the CDK
 * NodejsFunction uses (infra/cdk/constructs/handler-function.ts).
 */
import { describe, expect, it } from 'vitest';
import { bundle } from './bundle';


describe('render Lambda bundle', () => {
  it('holds the OpenAI renderer but neither the local renderer, ISNet nor onnxruntime', async () => {
    for (const entry of ['functions/src/renderer/create-renderer.ts', 'functions/src/handlers/batch-render-photo.ts']) {
      const { inputs } = await bundle(entry);
      expect(inputs.some((f) => f.includes('renderer/openai/openai-renderer')), entry).toBe(true);
      const forbidden = inputs.filter((f) => /renderer\/local\/|isnet|onnxruntime|@imgly/.test(f));
      expect(forbidden, entry).toEqual([]);
    }
  }, 120_000);

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

