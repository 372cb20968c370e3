/**
 * Only the main car in its cut-out: a car of another paint parked behind it, rising over its roof, that the detector
 * took into the main car's box (no box of its own, not even a weak one) is split off by its paint
 * (functions/src/vision/local/other-cars.ts, splitByPaint). The composite is built here from committed photos: the
 * black Genesis (tests/fixtures/vision) with the Ioniq 5 (tests/fixtures/cars) cut out by the product's cut-out,
 * repainted blue and set behind it, within its length and rising over its roof. The truth is the Genesis's own
 * cut-out, alone in its photo; the main car's box is the union of both cars' (what the detector drew in the truth
 * bench's `0048 behind`).
 */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { createCutout } from '../../functions/src/renderer/cutout/create-cutout';
import type { CleanMask } from '../../functions/src/renderer/cutout/mask-cleanup';
import { decodePhoto, type DecodedPhoto } from '../../functions/src/renderer/photo-validation';
import { removeOtherCars } from '../../functions/src/vision/local/other-cars';
import type { NormBox } from '../../functions/src/vision/port';

const FIXTURES = resolve(import.meta.dirname, '../fixtures');
const cutout = createCutout('u2netp');

let photo: DecodedPhoto;
let truth: CleanMask;
let otherOnly: Uint8Array;
let both: NormBox;

beforeAll(async () => {
  const main = await decodePhoto(readFileSync(resolve(FIXTURES, 'vision/hyundai-genesis-black-side-hillside.jpg')));
  const other = await decodePhoto(readFileSync(resolve(FIXTURES, 'cars/hyundai-ioniq5-silver-front34-grass.jpg')));
  const otherMask = await cutout.cutOut(other);
  truth = await cutout.cutOut(main);
  const { width: W, height: H } = main;
  const mb = truth.box;
  const ob = otherMask.box;
  // The other car at 60% of the main car's width, its top 35% of its height over the main car's roof, its left end
  // 25% into the main car's length: over the main car's cabin, within its length.
  const ow = Math.round(0.6 * (mb.right - mb.left));
  const oh = Math.round(((ob.bottom - ob.top) * ow) / (ob.right - ob.left));
  const region = { left: ob.left, top: ob.top, width: ob.right - ob.left, height: ob.bottom - ob.top };
  const rgb = await sharp(other.rgb, { raw: { width: other.width, height: other.height, channels: 3 } }).extract(region).resize(ow, oh).raw().toBuffer();
  const alpha = await sharp(Buffer.from(otherMask.alpha), { raw: { width: other.width, height: other.height, channels: 1 } }).extract(region).resize(ow, oh).extractChannel(0).raw().toBuffer();
  const left = mb.left + Math.round(0.25 * (mb.right - mb.left));
  const top = mb.top - Math.round(0.35 * oh);
  const pixels = Buffer.from(main.rgb);
  otherOnly = new Uint8Array(W * H);
  for (let y = 0; y < oh; y++)
    for (let x = 0; x < ow; x++) {
      const X = left + x;
      const Y = top + y;
      if (X < 0 || Y < 0 || X >= W || Y >= H) continue;
      const i = Y * W + X;
      const j = y * ow + x;
      // Behind the main car: drawn only where the main car is not; repainted blue.
      const k = (alpha[j]! / 255) * (1 - truth.alpha[i]! / 255);
      const blue = [rgb[3 * j]! * 0.25, rgb[3 * j + 1]! * 0.35, rgb[3 * j + 2]!];
      for (let c = 0; c < 3; c++) pixels[3 * i + c] = Math.round(pixels[3 * i + c]! * (1 - k) + blue[c]! * k);
      if (alpha[j]! >= 128 && truth.alpha[i]! < 128) otherOnly[i] = 1;
    }
  photo = await decodePhoto(await sharp(pixels, { raw: { width: W, height: H, channels: 3 } }).png().toBuffer());
  const ot = otherMask.box;
  both = { left: Math.min(mb.left, left) / W, top: Math.min(mb.top, top + Math.round(((ot.top - ob.top) * oh) / (ob.bottom - ob.top))) / H, right: Math.max(mb.right, left + ow) / W, bottom: mb.bottom / H };
}, 60_000);

/** Shares of the other car's showing pixels and of the main car's that a mask keeps. */
function kept(mask: CleanMask) {
  let other = 0, otherAll = 0, car = 0, carAll = 0;
  for (let i = 0; i < mask.alpha.length; i++) {
    const on = mask.alpha[i]! >= 128;
    if (otherOnly[i]) (otherAll++, on && other++);
    if (truth.alpha[i]! >= 128) (carAll++, on && car++);
  }
  return { other: other / otherAll, otherPixels: otherAll, car: car / carAll };
}

describe('a car of another paint behind the main one, inside the main car\'s box', () => {
  it('is split off by its paint: most of it goes, at least 98% of the main car stays', async () => {
    const raw = await cutout.cutOut(photo);
    // The saliency mask takes the car behind with the main one, and the box rules keep it (it is inside the box).
    expect(kept(raw).other).toBeGreaterThan(0.9);
    expect(kept(removeOtherCars(raw, both, [])).other).toBeGreaterThan(0.9);
    const split = kept(removeOtherCars(raw, both, [], { photo }));
    expect(split.otherPixels).toBeGreaterThan(0.03 * raw.areaFraction * photo.width * photo.height);
    console.log(`paint split: ${(split.other * 100).toFixed(1)}% of the car behind kept, ${(split.car * 100).toFixed(1)}% of the main car`);
    // Measured 2026-11-30: 10.8% of the car behind stays (its bumper showing over the Genesis's bonnet and its rear
    // wheel arch behind the boot: grey and black like the Genesis, and joined to it), 0.3% of the main car goes. The
    // issue's target is 1%: not reached here yet (docs/renderer.md, "Only the main car").
    expect(split.other).toBeLessThan(0.15);
    expect(split.car).toBeGreaterThanOrEqual(0.98);
  }, 30_000);
});
