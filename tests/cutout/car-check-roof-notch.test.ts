/**
 * The car check (functions/src/renderer/checks/car-checks.ts) on a drawn rear view whose roof lost a block from its
 * middle, cut square, its two sides left standing (br-NTO1053, a black Fiesta from behind; docs/benchmarks/car-check.md, "Car
 * check: a piece kept along a side, a notch cut into the roof"): the notch's floor is shorter than a roof sliced flat
 * (`flatTop`), so it passed; a hard-cut top with the outline rising on both sides is a part cut off square.
 */
import { describe, expect, it } from 'vitest';
import { CAR_CHECK_REASONS } from '@shared/car-checks';
import { checkCar } from '../../functions/src/renderer/checks/car-checks';
import { solidExtent, type CleanMask } from '../../functions/src/renderer/cutout/mask-cleanup';
import { drawnCars, softenOutline, type Paint } from './drawn-cars';

const W = 420;
const H = 260;
const BLACK = [25, 25, 28];
const TYRE = [30, 30, 32];
const GROUND = [120, 118, 112];
const nothing: Paint = () => undefined;

/** A saloon from behind: a cabin narrowing to its roof (row 40), the body from row 110 (x 60 to 360), tyres to row 235. */
const rearView: Paint = (x, y) => {
  if (y >= 195 && y < 235 && ((x >= 75 && x < 125) || (x >= 295 && x < 345))) return TYRE;
  if (y < 40 || y >= 200) return undefined;
  const half = y < 110 ? 110 + (y - 40) * (40 / 70) : 150;
  if (Math.abs(x - 210) < half) return BLACK;
  return y >= 95 && y < 112 && Math.abs(x - 210) < half + 30 ? BLACK : undefined;
};

/** The drawn car's mask, its outline soft as u2netp's is; `notch`: columns [from, to) cleared down to `depth` rows, a hard cut. */
function maskOf(notch?: { from: number; to: number; depth: number }): CleanMask {
  const { mask } = drawnCars(W, H, rearView, nothing, GROUND);
  const alpha = Uint8Array.from(mask.alpha);
  softenOutline(alpha, W, H);
  if (notch) for (let y = 0; y < 40 + notch.depth; y++) for (let x = notch.from; x < notch.to; x++) alpha[y * W + x] = 0;
  const { box, area } = solidExtent(alpha, W, H);
  return { ...mask, alpha, box, areaFraction: area / (W * H) };
}

const check = (mask: CleanMask) => checkCar({ mask, angle: 'rear', cutByEdge: false, upscale: 1.2 });

describe('the car check: a notch cut into the roof', () => {
  it('the whole car looks good', () => {
    expect(check(maskOf())).toMatchObject({ verdict: 'ok', reasons: [] });
  });

  it("a block cut square out of the roof's middle, its sides left standing, is a part cut off square", () => {
    const cut = check(maskOf({ from: 175, to: 245, depth: 12 }));
    expect(cut.measures.flatTop).toBeLessThan(0.25);
    expect(cut.measures.topNotch).toBeGreaterThan(0.15);
    expect(cut).toMatchObject({ verdict: 'review', reasons: [CAR_CHECK_REASONS.cutSquare.text] });
  });

  it("a shallow dent in the roof's top (a roof rail's gap) is no notch", () => {
    expect(check(maskOf({ from: 175, to: 245, depth: 3 })).measures.topNotch).toBe(0);
  });
});
