/**
 * A car parked behind-left of the main car, its windscreen, bonnet and wing showing beside the main car's cabin (a red
 * car behind a pale green Skoda 120, eu-test_051 of the plate benchmark): the detector's box for the main car took both
 * in, and its weak boxes over the other car end three quarters down the main car's box, too low for a car behind
 * (`carsBehind`), so the cut-out kept a quarter of the other car. A weak box ending in the band between a car behind
 * and a car beside (`carsBesideBehind`) and reaching past the main box's side is split as a car behind, the main car's
 * side of the box seeding the main car. Drawn here: a pale green car and a faded red one behind-left of it.
 */
import { describe, expect, it } from 'vitest';
import { drawnCars, keptShares } from './drawn-cars';
import { carsBehind, carsBesideBehind, removeOtherCars } from '../../functions/src/vision/local/other-cars';

const W = 320;
const H = 220;
const GREEN = [170, 200, 192];
const GLASS = [125, 130, 132];
const TYRE = [25, 25, 25];
const RED = [235, 165, 160];
const BUMPER = [60, 45, 45];
const BACKGROUND = [90, 95, 120];

/** Body 100..300 x 95..185, wheels under, cabin 130..270 x 40..95 with its windscreen. */
function mainCar(x: number, y: number): number[] | undefined {
  if (y >= 95 && y < 185 && x >= 100 && x < 300) return GREEN;
  if (y >= 180 && y < 205 && ((x >= 120 && x < 165) || (x >= 235 && x < 280))) return TYRE;
  if (y >= 40 && y < 95 && x >= 130 && x < 270) return y >= 48 && y < 88 && x >= 140 && x < 260 ? GLASS : GREEN;
  return undefined;
}

/** Roof 10..125 x 35..45, windscreen under it, bonnet and wing down to 105, a dark bumper down to 150. */
function otherCar(x: number, y: number): number[] | undefined {
  if (x < 10 || x >= 125 || y < 35 || y >= 150) return undefined;
  if (y >= 45 && y < 80 && x >= 18 && x < 117) return GLASS;
  return y < 105 ? RED : BUMPER;
}

const scene = () => drawnCars(W, H, mainCar, otherCar, BACKGROUND);

// The main car's box took in the other car; the weak box over the other car ends 0.75 down the main car's box.
const main = { left: 22 / W, top: 36 / H, right: 302 / W, bottom: 206 / H };
const weak = { left: 6 / W, top: 33 / H, right: 128 / W, bottom: 163 / H };

describe('a car parked beside-behind the main car, inside its box', () => {
  it('its weak box is not a car behind but one beside-behind', () => {
    expect(carsBehind([weak], main, [])).toEqual([]);
    expect(carsBesideBehind([weak], main, [])).toEqual([weak]);
    // Ending lower, it is a car beside; within the main box's sides, the main car's own.
    expect(carsBesideBehind([{ ...weak, bottom: 200 / H }], main, [])).toEqual([]);
    expect(carsBesideBehind([{ ...weak, left: 30 / W }], main, [])).toEqual([]);
  });

  it('goes from the cut-out and the main car stays whole', () => {
    const { photo, mask, truth } = scene();
    const out = removeOtherCars(mask, main, [], { photo, nearby: [weak] });
    const kept = keptShares(mask, out, truth);
    expect(kept.own).toBeGreaterThan(0.98);
    // Before: all of the other car stayed (its roof, windscreen, bonnet and bumper); now none of it does.
    expect(kept.other).toBeLessThan(0.1);
  });
});
