/**
 * The bumper of a car behind a white car's bonnet, left hanging over the ground past the bonnet's edge when the split
 * took the rest of that car (a white E-Class behind a white SL, the lead's web photo `t-mercedes-benz-sl-class-coupe`:
 * a ragged dark strip stayed in the air right of the bonnet). `dropHanging` keeps a hanging run that is mostly the main
 * car's paint, and on a white car a dark grey reads as its paint by hue (a grey paint's hue is noise): now a wide strip
 * of such runs, little of it of the paint's lightness, goes (functions/src/vision/local/other-cars.ts). Drawn here: a
 * white car whose bonnet drops at its front, a silver car behind it with a dark bumper hanging past the bonnet's edge.
 */
import { describe, expect, it } from 'vitest';
import { drawnCars } from './drawn-cars';
import { removeOtherCars } from '../../functions/src/vision/local/other-cars';

const W = 320;
const H = 240;
const WHITE = [235, 236, 238];
const GLASS = [80, 90, 105];
const TYRE = [20, 20, 20];
const SILVER = [150, 152, 158];
const BUMPER = [40, 42, 45];
const GROUND = [110, 100, 95];

/** The main car: a cabin 40..170 x 60..120, the body 20..300 x 120..205, its front (from x 240) lower, from 140. */
function mainCar(x: number, y: number): number[] | undefined {
  if (y >= 120 && y < 205 && x >= 20 && x < 300 && (x < 240 || y >= 140)) return WHITE;
  if (y >= 195 && y < 222 && ((x >= 50 && x < 95) || (x >= 220 && x < 265))) return TYRE;
  if (y >= 60 && y < 120 && x >= 40 && x < 170) return y >= 72 && y < 112 && x >= 52 && x < 158 ? GLASS : WHITE;
  return undefined;
}

/** The car behind: 185..295 x 66..128, a windscreen, a dark bumper from 112 (over the ground where the bonnet drops). */
function carBehind(x: number, y: number): number[] | undefined {
  if (x < 185 || x >= 295 || y < 66 || y >= 128) return undefined;
  if (y >= 112) return BUMPER;
  return y >= 74 && y < 90 && x >= 200 && x < 280 ? GLASS : SILVER;
}

const main = { left: 20 / W, top: 60 / H, right: 300 / W, bottom: 222 / H };
const other = { left: 183 / W, top: 66 / H, right: 297 / W, bottom: 128 / H };

describe('the bumper of a car behind hanging past a white car’s bonnet', () => {
  it('goes with that car, and the main car stays whole', () => {
    const { photo, mask, truth } = drawnCars(W, H, mainCar, carBehind, GROUND);
    const out = removeOtherCars(mask, main, [other], { photo });
    let car = 0;
    let carKept = 0;
    let hanging = 0;
    let hangingKept = 0;
    for (let y = 112; y < 128; y++)
      for (let x = 240; x < 295; x++) {
        hanging++;
        if (out.alpha[y * W + x]! >= 128) hangingKept++;
      }
    for (let i = 0; i < W * H; i++) if (truth[i]) (car++, out.alpha[i]! >= 128 && carKept++);
    // Before: 23% of the hanging bumper was kept (its lowest rows, which the split gave the main car).
    expect(hangingKept / hanging).toBeLessThan(0.02);
    expect(carKept / car).toBeGreaterThan(0.99);
  });
});
