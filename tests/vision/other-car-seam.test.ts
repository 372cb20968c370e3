/**
 * A neighbour parked further back beside the main car, its front overlapping the main car's end: its box stands higher
 * than the main car's (its top above the main car's, its bottom above 80% of the main car's height) but lies mostly
 * beside the main car's columns. It is split off along the photo's edges at the seam, as a car beside, with its paint
 * seeding it up to the seam (functions/src/vision/local/other-cars.ts, `BEHIND_OVER`, `spreadOtherPaint`); cut as a
 * car behind, the roof line drawn level from the main car's roof left the neighbour's part in both boxes on the main
 * car (the truth bench's `0012 beside`). The composite is made from committed photos (./car-composite.ts): the black
 * Genesis with the Ioniq 5, repainted blue.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { removeOtherCars } from '../../functions/src/vision/local/other-cars';
import type { NormBox } from '../../functions/src/vision/port';
import { carComposite, cutout, keptOf, type CarComposite } from './car-composite';

let scene: CarComposite;

beforeAll(async () => {
  // The neighbour as wide as the main car, overlapping its right end by a fifth of the main car's width, standing well
  // back (its wheels 30% of the main car's height higher in the photo).
  scene = await carComposite('vision/hyundai-genesis-black-side-hillside.jpg', 'cars/hyundai-ioniq5-silver-front34-grass.jpg', 1, (mb, _ow, oh) => ({
    left: mb.right - Math.round(0.2 * (mb.right - mb.left)),
    top: mb.bottom - Math.round(0.3 * (mb.bottom - mb.top)) - oh,
  }), 0.9);
}, 60_000);

describe('a neighbour further back beside the main car, its box higher than the main car\'s', () => {
  it('is split off at the seam; the main car stays whole', async () => {
    const { main, other } = scene;
    // The case: the neighbour's box would count as a car behind by its height alone.
    expect(other.top).toBeLessThan(main.top);
    expect(other.bottom).toBeLessThan(main.top + 0.8 * (main.bottom - main.top));
    expect(Math.min(other.right, main.right) - Math.max(other.left, main.left)).toBeLessThan(0.5 * (other.right - other.left));
    const raw = await cutout.cutOut(scene.photo);
    // The saliency mask takes the neighbour with the main car.
    expect(keptOf(scene, raw).other).toBeGreaterThan(0.8);
    const kept = keptOf(scene, removeOtherCars(raw, main, [other as NormBox], { photo: scene.photo }));
    // Measured 2026-12-01: 0.01% of the neighbour left and 98.6% of the main car kept (a strip of its dark rear edge
    // went with the neighbour); cut as a car behind, 0.82% of the neighbour stayed (its bumper under the level roof line).
    expect(kept.other).toBeLessThan(0.003);
    expect(kept.car).toBeGreaterThan(0.98);
  }, 30_000);
});
