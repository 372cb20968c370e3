/**
 * A van head-on, its cab cut by the photo's top, a white van parked behind its left side (eu-test_001 of the plate
 * benchmark: a dark blue Kia): a weak box over the white van and the left of the cab looked like a car behind
 * (functions/src/vision/local/other-cars.ts, `carsBehind`), and the split behind, seeded with the box's top as the other
 * car, took the left half of the main van's windscreen and cab with it, cut square. With the main car's roof out of the
 * frame nothing shows over it: the white van goes by its own box, split along the seam. Drawn here: a navy van, its
 * windscreen up to the frame's top, and a white van behind-left of it.
 */
import { describe, expect, it } from 'vitest';
import { drawnCars, keptShares } from './drawn-cars';
import { removeOtherCars } from '../../functions/src/vision/local/other-cars';

const W = 300;
const H = 260;
const NAVY = [35, 45, 85];
const GLASS = [105, 112, 125];
const TYRE = [22, 22, 22];
const WHITE = [226, 228, 232];
const DARK_GLASS = [50, 54, 60];
const BACKGROUND = [120, 118, 112];

/** Cab 70..270 x 0..75 (windscreen 82..258 x 0..62), body 45..285 x 75..210, wheels under. */
function van(x: number, y: number): number[] | undefined {
  if (y < 75 && x >= 70 && x < 270) return y < 62 && x >= 82 && x < 258 ? GLASS : NAVY;
  if (y >= 75 && y < 210 && x >= 45 && x < 285) return NAVY;
  if (y >= 200 && y < 225 && ((x >= 60 && x < 105) || (x >= 225 && x < 270))) return TYRE;
  return undefined;
}

/** The white van behind: 30..90 x 0..70, its rear windows dark; the main van hides what lies behind its cab. */
function whiteVan(x: number, y: number): number[] | undefined {
  if (x < 30 || x >= 90 || y >= 70) return undefined;
  return y >= 8 && y < 35 && x >= 36 && x < 84 ? DARK_GLASS : WHITE;
}

const scene = () => drawnCars(W, H, van, whiteVan, BACKGROUND);

// The main van's box from the photo's top; the white van's own box; a weak box over it and the cab's left.
const main = { left: 45 / W, top: 0, right: 285 / W, bottom: 226 / H };
const white = { left: 28 / W, top: 0, right: 92 / W, bottom: 72 / H };
const weak = { left: 15 / W, top: 0, right: 160 / W, bottom: 66 / H };

describe('a car behind a van whose roof is out of the frame', () => {
  it('goes along the seam and the van keeps its windscreen and cab', () => {
    const { photo, mask, truth } = scene();
    const out = removeOtherCars(mask, main, [white], { photo, nearby: [weak] });
    const kept = keptShares(mask, out, truth);
    // Before: the split behind took the windscreen's left and the cab over it, 82..175 x 0..~60.
    expect(kept.own).toBeGreaterThan(0.99);
    expect(kept.other).toBeLessThan(0.05);
  });
});
