/**
 * A car behind of the main car's own paint, parked behind-left of it, under a weak box of the detector that took in
 * the main car's upper left corner too (a yellow Mini from the rear and a yellow car behind it, the parking-lot photo
 * `br-PJI5921`): the split behind seeded the other car over the whole top of the weak box, the main car's roof and
 * rear window included, and cut the left half of them away, square (functions/src/vision/local/other-cars.ts,
 * `splitBehind`). The other car's seeds now lie only over the main car's roof line, drawn from the columns beside the
 * box. Drawn here: a yellow car from the rear, its dark rear window under a black roof, and a yellow car behind it
 * beside its left end (of the same paint, further from the light), rising a little over the main car's roof.
 */
import { describe, expect, it } from 'vitest';
import { drawnCars } from './drawn-cars';
import { carsBehind, removeOtherCars } from '../../functions/src/vision/local/other-cars';

const W = 360;
const H = 260;
const YELLOW = [235, 170, 20];
// The car behind's paint is the same, further from the light.
const SHADED = [205, 148, 18];
const ROOF = [30, 30, 32];
const GLASS = [45, 50, 55];
const TYRE = [20, 20, 20];
const FLOOR = [150, 150, 145];

/** The main car: a cabin 100..260 x 50..120 (a black roof, a dark rear window in yellow pillars), its body 60..300 x 120..215, tyres under. */
function mainCar(x: number, y: number): number[] | undefined {
  if (y >= 120 && y < 215 && x >= 60 && x < 300) return YELLOW;
  if (y >= 205 && y < 235 && ((x >= 70 && x < 110) || (x >= 250 && x < 290))) return TYRE;
  if (y >= 50 && y < 120 && x >= 100 && x < 260) {
    if (y < 58) return ROOF;
    return x >= 110 && x < 250 && y < 114 ? GLASS : YELLOW;
  }
  return undefined;
}

/** The car behind, beside the main car's left end: 10..56 x 44..130, a dark windscreen band. */
function carBehind(x: number, y: number): number[] | undefined {
  if (x < 10 || x >= 56 || y < 44 || y >= 130) return undefined;
  return y >= 52 && y < 80 && x >= 16 && x < 50 ? GLASS : SHADED;
}

const scene = () => drawnCars(W, H, mainCar, carBehind, FLOOR);

const main = { left: 60 / W, top: 50 / H, right: 300 / W, bottom: 235 / H };
// The car behind as the detector boxed it, and a weak box over it reaching past the main car's window's left half.
const other = { left: 8 / W, top: 43 / H, right: 58 / W, bottom: 132 / H };
const weak = { left: 4 / W, top: 50 / H, right: 185 / W, bottom: 178 / H };

describe('a car behind of the same paint, its weak box over the main car’s upper corner', () => {
  it('is split as a car behind', () => {
    expect(carsBehind([weak], main, [other])).toEqual([weak]);
  });

  it('goes, and the main car keeps its roof and rear window', () => {
    const { photo, mask, truth } = scene();
    const out = removeOtherCars(mask, main, [other], { photo, nearby: [weak] });
    let car = 0;
    let carKept = 0;
    let behind = 0;
    let behindKept = 0;
    for (let i = 0; i < W * H; i++) {
      const on = out.alpha[i]! >= 128;
      if (truth[i]) (car++, on && carKept++);
      else if (mask.alpha[i]) (behind++, on && behindKept++);
    }
    expect(behind).toBeGreaterThan(3000);
    expect(behindKept / behind).toBeLessThan(0.05);
    // Before: the roof and rear window under the weak box went, cut square at its side (0.84 of the car kept).
    expect(carKept / car).toBeGreaterThan(0.99);
  });
});
