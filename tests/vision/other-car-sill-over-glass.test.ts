/**
 * A car behind seen by a weak box, its dark sill lying on the main car's pale windscreen (the truth bench's `0066
 * behind`): the split behind (functions/src/vision/local/other-cars.ts, `splitBehind`) weighs the photo's edges as the
 * split beside does, so the main car's seeds just under the box no longer win the car behind's body over it. A drawn scene
 * (./drawn-sill-over-glass.ts), so every pixel's car is known and no network runs.
 */
import { describe, expect, it } from 'vitest';
import { removeOtherCars } from '../../functions/src/vision/local/other-cars';
import { keptIn } from './drawn-car-behind';
import { drawnSillOverGlass } from './drawn-sill-over-glass';

describe('a car behind whose black sill lies on the main car\'s pale windscreen', () => {
  it('goes down to its sill; the main car stays whole', () => {
    const scene = drawnSillOverGlass();
    const kept = keptIn(scene, removeOtherCars(scene.mask, scene.main, [], { photo: scene.photo, nearby: [scene.behind] }));
    // Measured 2026-12-02: 7.0% of the silver car stays (its black sill on the windscreen), all of the red car. At the
    // split's usual edge weight 26.8% stayed (the silver body over the red car's box with it) and 0.07% of the red car went.
    expect(kept.other).toBeLessThan(0.12);
    expect(kept.car).toBeGreaterThan(0.9995);
  });
});
