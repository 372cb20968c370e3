/**
 * The detector's weak boxes over the main car's own upper body (an open Lamborghini Reventon's windscreen frame, seats
 * and engine cover, the lead's web photo `t-lamborghini-reventon-coupe`) looked like a car parked behind it (level with
 * its top, ending well above its bottom, a car's width: functions/src/vision/local/other-cars.ts, `carsBehind`), and the
 * split behind cut the car's whole upper part away, level. A box as wide as most of the main car's and within its box
 * on both sides is the main car's own: a car behind that wide would show past the main car's end. Drawn here: a silver
 * roadster with dark seats behind its windscreen frame.
 */
import { describe, expect, it } from 'vitest';
import { drawnCars } from './drawn-cars';
import { carsBehind, removeOtherCars } from '../../functions/src/vision/local/other-cars';

const W = 320;
const H = 220;
const SILVER = [190, 191, 196];
const SEAT = [40, 40, 42];
const TYRE = [20, 20, 20];
const BACKGROUND = [90, 95, 120];

/** Body 20..300 x 110..180, wheels under; over it a windscreen frame 80..110 x 70..110, seats and an engine cover behind. */
function roadster(x: number, y: number): number[] | undefined {
  if (y >= 110 && y < 180 && x >= 20 && x < 300) return SILVER;
  if (y >= 170 && y < 195 && ((x >= 50 && x < 95) || (x >= 225 && x < 270))) return TYRE;
  if (y >= 70 && y < 110 && x >= 80 && x < 110) return SILVER;
  if (y >= 82 && y < 110 && x >= 110 && x < 200) return SEAT;
  if (y >= 90 && y < 110 && x >= 200 && x < 270) return SILVER;
  return undefined;
}

/** The roadster alone: no other car in the photo. */
const scene = () => drawnCars(W, H, roadster, () => undefined, BACKGROUND);

const main = { left: 20 / W, top: 70 / H, right: 300 / W, bottom: 195 / H };
// The weak box over the cockpit: 0.71 of the main car's width, 45 px in from its left and 35 px from its right.
const cockpit = { left: 65 / W, top: 72 / H, right: 265 / W, bottom: 120 / H };

describe('a weak box over the main car’s own upper body', () => {
  it('is not a car behind; one as wide reaching the main car’s side still is', () => {
    expect(carsBehind([cockpit], main, [])).toEqual([]);
    const pastTheEnd = { ...cockpit, left: 110 / W, right: 310 / W };
    expect(carsBehind([pastTheEnd], main, [])).toEqual([pastTheEnd]);
  });

  it('leaves the car whole', () => {
    const { photo, mask } = scene();
    const out = removeOtherCars(mask, main, [], { photo, nearby: [cockpit] });
    let car = 0;
    let kept = 0;
    for (let i = 0; i < W * H; i++) if (mask.alpha[i]) (car++, out.alpha[i]! >= 128 && kept++);
    // Before: its windscreen frame and seats' tops were cut away.
    expect(kept / car).toBeGreaterThan(0.999);
  });
});
