/**
 * A real car the detector does not see in the whole photo (the truth bench's `0006 small` and `0000 behind`: evidence
 * 0.11 to 0.12, under the 0.25 a vehicle needs) is looked at again on the cut-out's subject alone
 * (functions/src/vision/local/local-vision.ts, `lookCloser`), instead of being refused as not a car. The photo is a
 * committed one with the car made small in a wide frame; the detector here is a stand-in that, like the real one on
 * those composites, sees a vehicle only when the photo is cropped round the car.
 */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import type { CleanMask } from '../../functions/src/renderer/cutout/mask-cleanup';
import { decodePhoto, type DecodedPhoto } from '../../functions/src/renderer/photo-validation';
import { LocalVision, type VehicleDetector } from '../../functions/src/vision/local/local-vision';
import type { Detection, NormBox } from '../../functions/src/vision/port';
import { cutout, FIXTURES } from './car-composite';
import { cropOnSquare } from './crop-on-square';

let photo: DecodedPhoto;
let cut: CleanMask;

beforeAll(async () => {
  // The Ioniq 5 on a wide grey border: a car under half the frame wide.
  const bytes = readFileSync(resolve(FIXTURES, 'cars/hyundai-ioniq5-silver-front34-grass.jpg'));
  const { width, height } = await sharp(bytes).rotate().metadata();
  const side = Math.round(width! / 2);
  const top = Math.round(height! / 4);
  photo = await decodePhoto(await sharp(bytes).rotate().extend({ left: side, right: side, top, bottom: top, background: { r: 150, g: 150, b: 150 } }).png().toBuffer());
  cut = await cutout.cutOut(photo);
}, 60_000);

/** A detector that sees nothing in the whole photo and, in anything smaller, one car at `box` (fractions of what it is shown). */
function standIn(box: NormBox): VehicleDetector & { shown: number[] } {
  const shown: number[] = [];
  return {
    shown,
    warmUp: async () => undefined,
    detectVehicles: async (p): Promise<Detection[]> => {
      shown.push(p.width);
      return p.width < photo.width ? [{ label: 'car', score: 0.6, box, look: Array.from({ length: 64 }, () => 50) }] : [];
    },
  };
}

const subject = (): NormBox => ({ left: cut.box.left / cut.width, top: cut.box.top / cut.height, right: cut.box.right / cut.width, bottom: cut.box.bottom / cut.height });

describe('a car the detector misses in the whole photo', () => {
  it('is found by a second look at the cut-out subject alone, in the whole photo coordinates', async () => {
    // In the crop (the silhouette and 15% round it) the car fills the middle.
    const detector = standIn({ left: 0.12, top: 0.12, right: 0.88, bottom: 0.88 });
    const look = await new LocalVision((p) => cutout.cutOut(p), detector).lookClosely(photo);
    expect(detector.shown).toEqual([photo.width, expect.any(Number)]);
    expect(detector.shown[1]).toBeLessThan(photo.width * 0.7);
    expect(look.sighting.ok).toBe(true);
    if (!look.sighting.ok) return;
    // Mapped back: the main car's box is the silhouette's, within 2% of the frame.
    const s = subject();
    for (const k of ['left', 'top', 'right', 'bottom'] as const) expect(Math.abs(look.sighting.main[k] - s[k])).toBeLessThan(0.02);
    expect(look.sighting.angle).not.toBeNull();
    expect(look.mask?.areaFraction).toBeGreaterThan(0.05);
    // The paint is measured, but no look: one read on the crop is at another scale than a whole photo's, and would set
    // this photo apart from the same car's other photos.
    expect(look.sighting.appearance?.paint).toHaveLength(3);
    expect(look.sighting.appearance).not.toHaveProperty('look');
  }, 30_000);

  it('a vehicle the second look sees away from the subject does not count: still refused as not a car', async () => {
    const detector = standIn({ left: 0, top: 0, right: 0.25, bottom: 0.25 });
    const look = await new LocalVision((p) => cutout.cutOut(p), detector).lookClosely(photo);
    // The crop, then the crop on a square (the crop round this wide car is not square): neither counts.
    expect(detector.shown).toHaveLength(3);
    expect(look.sighting).toMatchObject({ ok: false, reason: 'not_a_car' });
  }, 30_000);
});

/**
 * A detector that sees nothing in the whole photo nor in the crop squeezed into its square, and on the crop centred on
 * a grey square one vehicle of `score` over the crop's middle (the truth bench's `0000 behind`: a head-on car with one
 * behind its roof). `sizes` records what it is shown.
 */
function squareOnly(score: number): VehicleDetector & { sizes: Array<[number, number]> } {
  const sizes: Array<[number, number]> = [];
  return {
    sizes,
    warmUp: async () => undefined,
    detectVehicles: async (p): Promise<Detection[]> => {
      sizes.push([p.width, p.height]);
      const crop = sizes[1];
      if (sizes.length !== 3 || !crop || p.width !== p.height) return [];
      // Where the crop lies on the square, and the subject inside it (the crop is the subject and 15% round it).
      const on = cropOnSquare(p.width, crop);
      const mx = (0.15 / 1.3) * (on.right - on.left);
      const my = (0.15 / 1.3) * (on.bottom - on.top);
      const box = { left: on.left + mx, top: on.top + my, right: on.right - mx, bottom: on.bottom - my };
      return [{ label: 'car', score, box, look: Array.from({ length: 64 }, () => 50) }];
    },
  };
}

describe('a car the detector sees only at its own proportions', () => {
  it('is found on the crop centred on a square, its box mapped back to the whole photo', async () => {
    const detector = squareOnly(0.6);
    const look = await new LocalVision((p) => cutout.cutOut(p), detector).lookClosely(photo);
    // The whole photo, the crop (wider than tall, so squeezed), then the crop on its square.
    expect(detector.sizes).toHaveLength(3);
    const [cw, ch] = detector.sizes[1]!;
    expect(cw / ch).toBeGreaterThan(1.05);
    expect(detector.sizes[2]).toEqual([cw, cw]);
    expect(look.sighting.ok).toBe(true);
    if (!look.sighting.ok) return;
    const s = subject();
    for (const k of ['left', 'top', 'right', 'bottom'] as const) expect(Math.abs(look.sighting.main[k] - s[k])).toBeLessThan(0.02);
    expect(look.sighting.angle).not.toBeNull();
  }, 30_000);

  it('needs twice the evidence there (a third look is a third chance for a thing that is not a car)', async () => {
    const detector = squareOnly(0.45);
    const look = await new LocalVision((p) => cutout.cutOut(p), detector).lookClosely(photo);
    expect(detector.sizes).toHaveLength(3);
    expect(look.sighting).toMatchObject({ ok: false, reason: 'not_a_car' });
  }, 30_000);
});
