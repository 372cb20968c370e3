/**
 * The split by paint (functions/src/vision/local/other-cars.ts, `splitByPaint`) meets a car behind, seen over the main
 * car, along the main car's outline: between the other car's paint and the main car's bonnet lies its dark grille,
 * which neither car's seeds hold, and the bonnet line against it is the stronger edge. At the split's usual edge weight
 * the seam lay where the two cars' path lengths balanced, inside the grille, and left its lower rows on the main car's
 * bonnet (5 of its 20 rows here; the truth bench's `0048 behind`); with the edges weighed as in the split behind the
 * seam is the bonnet line. A car behind reaching past the main car's end (its paint past the main car's paint, even
 * inside one detector box over both: tests/vision/other-car-behind-remnants.test.ts) keeps the usual weight.
 */
import { describe, expect, it } from 'vitest';
import { drawnCars, keptShares } from './drawn-cars';
import { removeOtherCars } from '../../functions/src/vision/local/other-cars';

const W = 320;
const H = 240;
const RED = [220, 30, 30];
const TYRE = [20, 20, 20];
const BLUE = [40, 55, 190];
const GRILLE = [25, 25, 28];
const BACKGROUND = [128, 128, 128];
/** The main car's bonnet line: its body from here down. */
const BONNET = 108;

function mainCar(x: number, y: number): number[] | undefined {
  if (y >= BONNET && y < 215 && x >= 20 && x < 300) return RED;
  if (y >= 205 && y < 230 && ((x >= 50 && x < 95) || (x >= 225 && x < 270))) return TYRE;
  return undefined;
}

/** A blue car behind over the main car's middle (within its columns): its paint from row 60, its grille the 20 rows over the bonnet. */
function carBehind(x: number, y: number): number[] | undefined {
  if (x < 100 || x >= 220 || y < 60 || y >= BONNET) return undefined;
  return y < BONNET - 20 ? BLUE : GRILLE;
}

describe('a car behind whose grille meets the main car\'s bonnet line', () => {
  it('goes down to the bonnet line, grille and all; the main car stays whole', () => {
    const { photo, mask, truth } = drawnCars(W, H, mainCar, carBehind, BACKGROUND);
    const out = removeOtherCars(mask, { left: 20 / W, top: 60 / H, right: 300 / W, bottom: 230 / H }, [], { photo });
    // The grille (its 120 x 20 pixels over the bonnet line) as the only thing not counted as kept-worthy: at the usual
    // weight 600 of its pixels stayed.
    const notGrille = Uint8Array.from(truth, (own, i) => (own || ((i / W) | 0) < BONNET - 20 ? 1 : 0));
    expect(keptShares(mask, out, notGrille).other).toBeLessThan(0.05);
    expect(keptShares(mask, out, truth).own).toBeGreaterThan(0.99);
  });
});
