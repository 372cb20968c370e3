/**
 * The car check (functions/src/renderer/checks/car-checks.ts) on a drawn rear view standing on a slab of its shadow
 * that the cut-out kept (us-wts-lg-000195, a pickup on a dark slab reaching out past its left side; us-wts-lg-000173;
 * docs/benchmarks/car-check.md, "Car check: a piece kept along a side, a notch cut into the roof"): the card said "the wheels
 * may be cut off" (the slab's flat bottom) or nothing; a car's tyres are set in under its body, so lowest rows reaching
 * out past the body are the ground kept.
 */
import { describe, expect, it } from 'vitest';
import { CAR_CHECK_REASONS } from '@shared/car-checks';
import { checkCar } from '../../functions/src/renderer/checks/car-checks';
import type { CleanMask } from '../../functions/src/renderer/cutout/mask-cleanup';
import { softCarMask, type Paint } from './drawn-cars';

const W = 420;
const H = 280;
const GREY = [90, 92, 96];
const TYRE = [30, 30, 32];
const SHADOW = [40, 40, 44];
const GROUND = [120, 118, 112];

/**
 * A car from behind: a cabin narrowing to its roof (row 40), the body from row 110 (x 60 to 360) down to its bumper
 * (row 200), two tyres to row 235. `slab`: its shadow kept under it, the dark underbody between the tyres down to row
 * 225, then a slab to row 245 from x 30 (past the body's left side) to x 330, the tyres standing in it.
 */
function rearView(slab: boolean): Paint {
  return (x, y) => {
    if (y >= 195 && y < 235 && ((x >= 75 && x < 125) || (x >= 295 && x < 345))) return TYRE;
    if (slab && y >= 200 && y < 225 && x >= 60 && x < 360) return SHADOW;
    if (slab && y >= 225 && y < 245 && x >= 30 && x < 330) return SHADOW;
    if (y < 40 || y >= 200) return undefined;
    const half = y < 110 ? 110 + (y - 40) * (40 / 70) : 150;
    if (Math.abs(x - 210) < half) return GREY;
    return y >= 95 && y < 112 && Math.abs(x - 210) < half + 30 ? GREY : undefined;
  };
}

const maskOf = (paint: Paint) => softCarMask(W, H, paint, GROUND);

const check = (mask: CleanMask) => checkCar({ mask, angle: 'rear', cutByEdge: false, upscale: 1.2 });

describe('the car check: a slab of ground kept under the car', () => {
  it('the car on its tyres looks good', () => {
    const whole = check(maskOf(rearView(false)));
    expect(whole.measures.groundBeyond).toBe(0);
    expect(whole).toMatchObject({ verdict: 'ok', reasons: [] });
  });

  it('its shadow kept under it, reaching out past its side, is named, not read as wheels cut off', () => {
    const kept = check(maskOf(rearView(true)));
    expect(kept.measures.flatBottom).toBeGreaterThan(0.5);
    expect(kept.reasons, JSON.stringify(kept.measures)).toEqual([CAR_CHECK_REASONS.groundKept.text]);
    expect(kept.verdict).toBe('review');
  });
});
