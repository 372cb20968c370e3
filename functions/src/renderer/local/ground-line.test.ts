import { describe, expect, it } from 'vitest';
import { groundLine } from './compositor';

/**
 * The ground line under a car is the lower hull of its underside. A front view's door mirror held out beside the body
 * is the outermost column, its lowest point half-way up the car: it must not tilt the line up to itself (the contact
 * shadow then drew a grey band from the mirror down to the tyre, seen on a BMW iX3 once its mirrors were kept).
 */
describe('the ground line under the car', () => {
  const ch = 400;
  // Columns 0-19: a mirror whose underside is at row 200; 20-179: the body, tyres down to row 399 at 30 and 170.
  const bottom = Int32Array.from({ length: 180 }, (_, x) => (x < 20 ? 200 : x === 30 || x === 170 ? 399 : 380));

  it('runs through the tyres and gives the mirror no ground', () => {
    const ground = groundLine(bottom, ch);
    for (let x = 30; x <= 170; x++) expect(ground[x]).toBeCloseTo(399, 5);
    for (let x = 0; x < 20; x++) expect(ground[x]).toBe(-1);
  });
});
