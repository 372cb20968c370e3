/**
 * Only the main car in its cut-out: a car parked behind it, showing over its roof, that the detector sees only as a
 * weak box (Detection.nearby) is split off along the photo's edges and colours (functions/src/vision/local/other-cars.ts).
 * The composite is built here from committed photos: the black Genesis (tests/fixtures/vision) with the Ioniq 5
 * (tests/fixtures/cars), cut out by the product's cut-out, repainted blue and set behind it, rising over its roof (as
 * the truth bench does with its turntable frames). The truth is the Genesis's own cut-out, alone in its photo.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { CleanMask } from '../../functions/src/renderer/cutout/mask-cleanup';
import { removeOtherCars } from '../../functions/src/vision/local/other-cars';
import type { NormBox } from '../../functions/src/vision/port';
import { carComposite, cutout, type CarComposite } from './car-composite';

interface Scene extends CarComposite {
  /** What a weak detector box over the car behind covers: what shows of it. */
  behind: NormBox;
}

let scene: Scene;

beforeAll(async () => {
  // The other car at three quarters of the main car's width, its top 35% over the main car's roof, 30% to the right.
  const made = await carComposite('vision/hyundai-genesis-black-side-hillside.jpg', 'cars/hyundai-ioniq5-silver-front34-grass.jpg', 0.75, (mb, _ow, oh) => ({ left: mb.left + Math.round(0.3 * (mb.right - mb.left)), top: mb.top - Math.round(0.35 * oh) }));
  scene = { ...made, behind: made.other };
}, 60_000);

/** Shares of the other car's showing pixels and of the main car's (all, and its door mirror) that a mask keeps. */
function kept(mask: CleanMask) {
  const { otherOnly, truth } = scene;
  const { width: W, height: H } = truth;
  // The Genesis's left door mirror (looked at: 365-396 x 246-277 of its 1024x680 photo).
  const mirror = { l: Math.floor(0.356 * W), t: Math.floor(0.362 * H), r: Math.ceil(0.387 * W), b: Math.ceil(0.407 * H) };
  let other = 0, otherAll = 0, car = 0, carAll = 0, mirrorKept = 0, mirrorAll = 0;
  for (let y = 0; y < H; y++)
    for (let x = 0; x < W; x++) {
      const i = y * W + x;
      const on = mask.alpha[i]! >= 128;
      if (otherOnly[i]) (otherAll++, on && other++);
      if (truth.alpha[i]! >= 128) {
        carAll++;
        if (on) car++;
        if (x >= mirror.l && x < mirror.r && y >= mirror.t && y < mirror.b) (mirrorAll++, on && mirrorKept++);
      }
    }
  return { other: other / otherAll, car: car / carAll, mirror: mirrorKept / mirrorAll, mirrorPixels: mirrorAll };
}

describe('a car parked behind the main one, seen only as a weak detector box', () => {
  it('is mostly split off along the photo edges; the main car and its door mirror stay', async () => {
    const raw = await cutout.cutOut(scene.photo);
    // The saliency mask takes the car behind with the main one.
    expect(kept(raw).other).toBeGreaterThan(0.9);
    // The box rules alone (no other vehicle detected) leave about half of it on the roof: the complaint.
    const boxesOnly = kept(removeOtherCars(raw, scene.main, []));
    expect(boxesOnly.other).toBeGreaterThan(0.4);
    const split = kept(removeOtherCars(raw, scene.main, [], { photo: scene.photo, nearby: [scene.behind] }));
    // Measured 2026-11-30: about 11% of the car behind is left (its rear wheel past the main car's boot, the same
    // black as the Genesis), and 3.9% of the main car goes (a strip of its black roof against the blue car). The
    // issue's target is 1%: not reached yet (docs/renderer.md, "Only the main car").
    expect(split.other).toBeLessThan(0.15);
    expect(split.car).toBeGreaterThan(0.95);
    expect(split.mirrorPixels).toBeGreaterThan(300);
    expect(split.mirror).toBeGreaterThan(0.98);
  }, 30_000);

  it('without the photo (no pixels to split along) the cut-out is the box rules alone', async () => {
    const raw = await cutout.cutOut(scene.photo);
    const a = removeOtherCars(raw, scene.main, [], { nearby: [scene.behind] });
    const b = removeOtherCars(raw, scene.main, []);
    expect(Buffer.from(a.alpha).equals(Buffer.from(b.alpha))).toBe(true);
  }, 30_000);
});
