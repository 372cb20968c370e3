/**
 * A car beside the main one, its box reaching well into the main car's end: the split along the photo's edges
 * (functions/src/vision/local/other-cars.ts, `splitBeside`) seeds the other car right at the seam (its paint) and the
 * main car only past the other car's box. With the split's usual edge weight the shorter path won: the seam ran along
 * the main car's own weaker edge (its paint against its black bumper) instead of its outline against the other car, and
 * the bumper's end went with the car beside (the truth bench's "beside" composites: boundary F 0.85-0.89, the misses
 * within 12 px of the other car). Drawn here: a blue car on the left, a red one with a black bumper in front of its end.
 */
import { describe, expect, it } from 'vitest';
import { drawnCars } from './drawn-cars';
import { removeOtherCars } from '../../functions/src/vision/local/other-cars';

const W = 320;
const H = 200;
const RED = [200, 30, 35];
const DARK = [35, 35, 38];
const BLUE = [60, 100, 240];
const TYRE = [20, 20, 20];
const SKY = [150, 180, 210];

/** The main car: body 100..310 x 60..165, a black bumper from row 140 down, wheels under (past the other car's box). */
function mainCar(x: number, y: number): number[] | undefined {
  if (y >= 150 && y < 178 && ((x >= 190 && x < 225) || (x >= 270 && x < 300))) return TYRE;
  if (x < 100 || x >= 310 || y < 60 || y >= 165) return undefined;
  return y >= 140 ? DARK : RED;
}

/** The car beside: 0..140 x 75..160, hidden where the main car stands. */
function carBeside(x: number, y: number): number[] | undefined {
  if (y >= 150 && y < 172 && x >= 20 && x < 55) return TYRE;
  return x < 140 && y >= 75 && y < 160 ? BLUE : undefined;
}

describe('a car beside whose box reaches well into the main car’s end', () => {
  it('puts the seam on the main car’s outline, not across its bumper', () => {
    const { photo, mask, truth } = drawnCars(W, H, mainCar, carBeside, SKY);
    const main = { left: 100 / W, top: 60 / H, right: 310 / W, bottom: 178 / H };
    const other = { left: 0, top: 75 / H, right: 200 / W, bottom: 180 / H };
    const out = removeOtherCars(mask, main, [other], { photo });
    let car = 0;
    let carKept = 0;
    let end = 0;
    let endKept = 0;
    let besideKept = 0;
    for (let y = 0; y < H; y++)
      for (let x = 0; x < W; x++) {
        const i = y * W + x;
        const on = out.alpha[i]! >= 128;
        if (truth[i]) (car++, on && carKept++);
        else if (mask.alpha[i]) on && besideKept++;
        // The main car's bumper in front of the car beside (before: its first 16 columns went).
        if (truth[i] && x < 140 && y >= 140) (end++, on && endKept++);
      }
    expect(end).toBeGreaterThan(900);
    expect(endKept / end).toBeGreaterThan(0.98);
    expect(carKept / car).toBeGreaterThan(0.99);
    expect(besideKept).toBeLessThan(0.01 * car);
  });
});
