/**
 * The car's own tail lamps are not a car behind it (issue 37: nothing missing). A car of another paint rising over the
 * main car, inside its box, is split off by its paint (functions/src/vision/local/other-cars.ts, splitByPaint); a pair
 * of lit red lamps at the shoulders of a dark blue car's rear, with only background above them (the cabin is narrower
 * than the body), read as such a region and were cut out of the car (the lot photo us-us6: a blue Escort at dusk). A
 * mirrored pair at one height within the width of the car's own bumper is a pair of lamps and stays.
 */
import { describe, expect, it } from 'vitest';
import { removeOtherCars } from '../../functions/src/vision/local/other-cars';
import { drawnCars, type Paint } from '../cutout/drawn-cars';

const W = 400;
const H = 260;
const BLUE = [30, 50, 140];
const GLASS = [70, 75, 85];
const LAMP = [235, 70, 35];
const TYRE = [25, 25, 25];
const WALL = [200, 200, 196];

/** A rear view: the cabin over the middle, the body under it as wide as the car, a lamp at each of its upper corners. */
const rear = (lamps: 'pair' | 'one'): Paint => (x, y) => {
  if (y >= 40 && y < 110 && x >= 110 && x < 290) return y >= 55 && x >= 125 && x < 275 ? GLASS : BLUE;
  if (y >= 110 && y < 220 && x >= 40 && x < 360) {
    const lamp = y < 150 && (x < 100 || (lamps === 'pair' && x >= 300));
    return lamp ? LAMP : BLUE;
  }
  if (y >= 220 && y < 248 && ((x >= 60 && x < 110) || (x >= 290 && x < 340))) return TYRE;
  return undefined;
};
const box = { left: 40 / W, top: 40 / H, right: 360 / W, bottom: 248 / H };

/** Share of the drawn lamps' pixels the cut-out keeps. */
function lampsKept(lamps: 'pair' | 'one'): number {
  const { photo, mask } = drawnCars(W, H, rear(lamps), () => undefined, WALL);
  const out = removeOtherCars(mask, box, [], { photo });
  let all = 0;
  let kept = 0;
  for (let i = 0; i < W * H; i++)
    if (photo.rgb[3 * i] === LAMP[0] && photo.rgb[3 * i + 1] === LAMP[1]) (all++, out.alpha[i]! >= 128 && kept++);
  return kept / all;
}

describe('the car\'s own tail lamps', () => {
  it('a mirrored pair of red lamps on a blue car\'s rear, background above them: kept', () => {
    expect(lampsKept('pair')).toBeGreaterThan(0.98);
  });

  it('one red region at one corner only, background above it: still split off as a car of another paint', () => {
    // Without a partner it is what splitByPaint is for (a car behind showing beside the main car's cabin).
    expect(lampsKept('one')).toBeLessThan(0.5);
  });
});
