/**
 * Only the main car in its cut-out: a car of another paint parked behind it, rising over its roof, that the detector
 * took into the main car's box (no box of its own, not even a weak one) is split off by its paint
 * (functions/src/vision/local/other-cars.ts, splitByPaint). The composite is built here from committed photos: the
 * black Genesis (tests/fixtures/vision) with the Ioniq 5 (tests/fixtures/cars) cut out by the product's cut-out,
 * repainted blue and set behind it, within its length and rising over its roof. The truth is the Genesis's own
 * cut-out, alone in its photo; the main car's box is the union of both cars' (what the detector drew in the truth
 * bench's `0048 behind`).
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { CleanMask } from '../../functions/src/renderer/cutout/mask-cleanup';
import { removeOtherCars } from '../../functions/src/vision/local/other-cars';
import type { NormBox } from '../../functions/src/vision/port';
import { carComposite, cutout, keptOf, type CarComposite } from './car-composite';

let scene: CarComposite;
let both: NormBox;

beforeAll(async () => {
  // The other car at 60% of the main car's width, its top 35% of its height over the main car's roof, its left end
  // 25% into the main car's length: over the main car's cabin, within its length.
  scene = await carComposite('vision/hyundai-genesis-black-side-hillside.jpg', 'cars/hyundai-ioniq5-silver-front34-grass.jpg', 0.6, (mb, _ow, oh) => ({
    left: mb.left + Math.round(0.25 * (mb.right - mb.left)),
    top: mb.top - Math.round(0.35 * oh),
  }));
  const { main, other } = scene;
  both = { left: main.left, top: Math.min(main.top, other.top), right: Math.max(main.right, other.right), bottom: main.bottom };
}, 60_000);

/** Shares of the other car's showing pixels and of the main car's that a mask keeps, and how many pixels of it show. */
function kept(mask: CleanMask) {
  return { ...keptOf(scene, mask), otherPixels: scene.otherOnly.reduce((n, v) => n + v, 0) };
}

describe('a car of another paint behind the main one, inside the main car\'s box', () => {
  it('is split off by its paint: most of it goes, at least 98% of the main car stays', async () => {
    const { photo } = scene;
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
