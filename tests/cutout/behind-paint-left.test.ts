/**
 * The splits follow the photo's edges, and where the car behind meets the main car through dark trim they can stop
 * short of its paint: a strip of its bonnet along the seam, the corner of its bumper past the main car's nose stayed
 * (the truth bench's `0012`, `0048` and `0054 behind`: a blue car's paint over a red Kadjar). What the main car kept
 * of the taken car's paint, joined to what was taken through that paint, goes (`dropTakenPaint` in
 * functions/src/vision/local/other-cars.ts). Drawn here: a red car, and a blue one behind its bonnet that the detector
 * did not box (the main box took it in), a dark grille band across it just over the bonnet.
 */
import { describe, expect, it } from 'vitest';
import { drawnCars } from './drawn-cars';
import { removeOtherCars } from '../../functions/src/vision/local/other-cars';

const W = 320;
const H = 240;
const RED = [200, 30, 35];
const BLUE = [30, 40, 200];
const GLASS = [70, 75, 80];
const GRILLE = [28, 28, 30];
const TYRE = [20, 20, 20];
const SKY = [150, 180, 210];

/** The main car: body 20..280 x 120..205, a cabin 60..180 x 70..120 (red pillars and roof, grey windows), wheels under. */
function mainCar(x: number, y: number): number[] | undefined {
  if (y >= 120 && y < 205 && x >= 20 && x < 280) return RED;
  if (y >= 195 && y < 222 && ((x >= 50 && x < 95) || (x >= 215 && x < 260))) return TYRE;
  if (y >= 70 && y < 120 && x >= 60 && x < 180) return y >= 78 && y < 114 && x >= 68 && x < 172 && (x < 118 || x >= 124) ? GLASS : RED;
  return undefined;
}

/** The car behind: 170..300 x 60..132, a windscreen, a dark grille band at rows 110..116, blue under it to the bonnet. */
function carBehind(x: number, y: number): number[] | undefined {
  if (x < 170 || x >= 300 || y < 60 || y >= 132) return undefined;
  if (y >= 110 && y < 116) return GRILLE;
  return y >= 66 && y < 80 && x >= 185 && x < 285 ? GLASS : BLUE;
}

/** The detector's box of the main car took the car behind in (its nose, past the main car's, too). */
const main = { left: 20 / W, top: 60 / H, right: 300 / W, bottom: 222 / H };

describe('the paint of a car behind left along the seam', () => {
  it('goes with that car, and the main car stays whole', () => {
    const { photo, mask, truth } = drawnCars(W, H, mainCar, carBehind, SKY);
    const out = removeOtherCars(mask, main, [], { photo });
    let car = 0;
    let carKept = 0;
    let behind = 0;
    let behindKept = 0;
    for (let i = 0; i < W * H; i++) {
      const on = out.alpha[i]! >= 128;
      if (truth[i]) (car++, on && carKept++);
      else if (mask.alpha[i]) (behind++, on && behindKept++);
    }
    // Before: the blue strip between the grille and the bonnet stayed (412 of the car behind's 7,540 pixels, 5.5%).
    expect(behindKept / behind).toBeLessThan(0.01);
    expect(carKept / car).toBeGreaterThan(0.99);
  });
});
