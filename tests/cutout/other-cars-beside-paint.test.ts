/**
 * A car beside the main one, its box reaching well into the main car's end: the split along the photo's edges
 * (functions/src/vision/local/other-cars.ts, `splitBeside`) seeds the main car only outside the other's box, so it met
 * half-way across the main car's own paint, at the tail lamp's and the panel lines' edges, and gave the rest of the
 * quarter to the car beside (the truth bench's `0060 beside mountain`: IoU 0.936, a red rear quarter cut off against
 * a blue car). Drawn here: a blue car on the left, a red one in front of its right end with a tail lamp and a door line.
 */
import { describe, expect, it } from 'vitest';
import { drawnCars } from './drawn-cars';
import { removeOtherCars } from '../../functions/src/vision/local/other-cars';

const W = 320;
const H = 200;
const RED = [200, 30, 35];
const LAMP = [120, 10, 20];
const LINE = [60, 12, 14];
const BLUE = [30, 40, 200];
const TYRE = [20, 20, 20];
const SKY = [150, 180, 210];

/** The main car: body 100..310 x 60..165, a tail lamp at its rear end, a door line, wheels under. */
function mainCar(x: number, y: number): number[] | undefined {
  if (y >= 150 && y < 178 && ((x >= 125 && x < 160) || (x >= 250 && x < 285))) return TYRE;
  if (x < 100 || x >= 310 || y < 60 || y >= 165) return undefined;
  if (x >= 104 && x < 112 && y >= 80 && y < 100) return LAMP;
  if (x >= 140 && x < 142 && y >= 75 && y < 150) return LINE;
  return RED;
}

/** The car beside: 0..140 x 75..160, hidden where the main car stands. */
function carBeside(x: number, y: number): number[] | undefined {
  if (y >= 150 && y < 172 && x >= 20 && x < 55) return TYRE;
  return x < 140 && y >= 75 && y < 160 ? BLUE : undefined;
}

const scene = () => drawnCars(W, H, mainCar, carBeside, SKY);

describe('a car beside whose box reaches well into the main car’s end', () => {
  it('leaves the main car its own paint up to the seam, and the car beside goes', () => {
    const { photo, mask, truth } = scene();
    const main = { left: 100 / W, top: 60 / H, right: 310 / W, bottom: 178 / H };
    const other = { left: 0, top: 75 / H, right: 175 / W, bottom: 172 / H };
    const out = removeOtherCars(mask, main, [other], { photo });
    let car = 0;
    let carKept = 0;
    let quarter = 0;
    let quarterKept = 0;
    let besideKept = 0;
    for (let y = 0; y < H; y++)
      for (let x = 0; x < W; x++) {
        const i = y * W + x;
        const on = out.alpha[i]! >= 128;
        if (truth[i]) (car++, on && carKept++);
        else if (mask.alpha[i]) on && besideKept++;
        // The rear quarter in front of the car beside, lamp and all (before: about half of it went).
        if (truth[i] && x < 140 && y < 150) (quarter++, on && quarterKept++);
      }
    expect(quarter).toBeGreaterThan(2500);
    expect(quarterKept / quarter).toBeGreaterThan(0.98);
    expect(carKept / car).toBeGreaterThan(0.99);
    expect(besideKept).toBeLessThan(0.01 * car);
  });
});
