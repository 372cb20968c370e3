/**
 * Prepare keeps each photo's checked cut-out (an 8-bit alpha PNG behind a short header naming the photo's hash and the
 * model), and a render task given it neither checks the car nor runs the model again, with the same image as a task
 * that cuts out itself. A missing, damaged or foreign record is ignored: the task cuts out as before.
 */
import sharp from 'sharp';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';

// The rendered studio: the image comparison must not depend on a scene library being configured.
vi.hoisted(() => {
  delete process.env.SCENES_DIR;
});
import { cutout, forgetCutOuts, LocalRenderer } from '../../functions/src/renderer/local/local-renderer';
import { decodeCutoutRecord } from '../../functions/src/renderer/local/cutout-record';
import { sha256 } from '../../functions/src/lib/ids';
import { decodePhoto } from '../../functions/src/renderer/photo-validation';
import { LocalVision } from '../../functions/src/vision/local/local-vision';
import type { RenderedImage, SourcePhoto } from '../../functions/src/renderer/port';
import { car } from './bad-photos';

const renderer = new LocalRenderer();
const IONIQ = car('hyundai-ioniq5-silver-front34-grass.jpg');
const CUPRA = car('cupra-born-grey-front34-street.jpg');
let record: Buffer;
let angle: SourcePhoto['angle'];

beforeAll(async () => {
  forgetCutOuts();
  const [info] = await renderer.prepare([{ id: 'ioniq', bytes: IONIQ }]);
  expect(info!.refused).toBeUndefined();
  record = info!.cutout!;
  angle = info!.angle!;
}, 180_000);

afterEach(() => vi.restoreAllMocks());

/** One render task's work in a fresh container: nothing cut out in this process yet, counting the model and car check. */
async function renderTask(photo: SourcePhoto) {
  forgetCutOuts();
  const model = vi.spyOn(cutout, 'cutOut');
  const check = vi.spyOn(LocalVision.prototype, 'lookClosely');
  const image = await renderer.render({ photos: [photo], angle: angle!, background: 'studio' });
  const calls = { model: model.mock.calls.length, check: check.mock.calls.length };
  vi.restoreAllMocks();
  return { image, calls };
}

async function meanDifference(a: RenderedImage, b: RenderedImage) {
  const [x, y] = await Promise.all([sharp(a.full).raw().toBuffer(), sharp(b.full).raw().toBuffer()]);
  let sum = 0;
  for (let i = 0; i < x.length; i++) sum += Math.abs(x[i]! - y[i]!);
  return sum / x.length;
}

describe('a photo cut out once per package', () => {
  it('prepare answers a small record: the mask as a PNG, for these bytes and this model', async () => {
    expect(record.length).toBeLessThan(100_000);
    const photo = await decodePhoto(IONIQ);
    const decoded = await decodeCutoutRecord(record, sha256(IONIQ), cutout.name, photo);
    expect(decoded).toBeDefined();
    expect([decoded!.mask.width, decoded!.mask.height]).toEqual([photo.width, photo.height]);
    expect(decoded!.angle).toBe(angle);
    // Another photo's bytes, another model, another working size: not used.
    expect(await decodeCutoutRecord(record, sha256(CUPRA), cutout.name, photo)).toBeUndefined();
    expect(await decodeCutoutRecord(record, sha256(IONIQ), 'isnet', photo)).toBeUndefined();
    expect(await decodeCutoutRecord(record, sha256(IONIQ), cutout.name, { width: photo.width + 1, height: photo.height })).toBeUndefined();
  });

  it('a render task given the record runs neither the model nor the car check, and makes the same image as one that cuts out itself', async () => {
    const reused = await renderTask({ id: 'ioniq', bytes: IONIQ, angle, cutout: record });
    expect(reused.calls).toEqual({ model: 0, check: 0 });
    const own = await renderTask({ id: 'ioniq', bytes: IONIQ, angle });
    expect(own.calls).toEqual({ model: 1, check: 1 });
    expect(await meanDifference(reused.image, own.image)).toBeLessThan(0.5);
    expect(reused.image.metadata.fidelity).toBeCloseTo(own.image.metadata.fidelity!, 3);
    expect(reused.image.metadata.warnings).toEqual(own.image.metadata.warnings);
  }, 180_000);

  it('a damaged, cut short or foreign record is ignored: the task cuts out itself', async () => {
    const damaged = Buffer.from(record);
    damaged[damaged.length - 20] = damaged[damaged.length - 20]! ^ 0xff;
    for (const bad of [damaged, record.subarray(0, 30), Buffer.from('not a record')]) {
      const task = await renderTask({ id: 'ioniq', bytes: IONIQ, angle, cutout: bad });
      expect(task.calls).toEqual({ model: 1, check: 1 });
      expect(task.image.full.length).toBeGreaterThan(10_000);
    }
    // The Ioniq's record given with the Cupra's bytes: the Cupra is cut out.
    const foreign = await renderTask({ id: 'cupra', bytes: CUPRA, angle, cutout: record });
    expect(foreign.calls.model).toBe(1);
  }, 300_000);
});
