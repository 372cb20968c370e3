/**
 * The car check (functions/src/renderer/checks/roof-out.ts `sideOut`) on a drawn rear view cut by the photo's right
 * edge (docs/benchmarks/car-check.md, "a tyre cut flat on one side; a car cut through at a side"): a mirror past the
 * edge asks for a look; cut through its body (us-wts-lg-000129, us-cfaa9dd2, br-PYB6477: "touches the edge" only
 * before, each a dealer's retake), the studio image shows the car sliced along a side: a retake.
 */
import { describe, expect, it } from 'vitest';
import { CAR_CHECK_REASONS } from '@shared/car-checks';
import { checkCar } from '../../functions/src/renderer/checks/car-checks';
import { softCarMask, type Paint } from './drawn-cars';

const W = 420;
const H = 280;
const GREY = [90, 92, 96];
const TYRE = [30, 30, 32];
const GROUND = [120, 118, 112];

/** A car from behind moved `right` px to the right: roof at row 40, body x 60 to 360 rows 110 to 200, mirrors 30 px out at rows 95 to 112, tyres to row 235. */
function rearView(right: number): Paint {
  return (x0, y) => {
    const x = x0 - right;
    if (y >= 195 && y < 235 && ((x >= 75 && x < 125) || (x >= 295 && x < 345))) return TYRE;
    if (y < 40 || y >= 200) return undefined;
    const half = y < 110 ? 110 + (y - 40) * (40 / 70) : 150;
    if (Math.abs(x - 210) < half) return GREY;
    return y >= 95 && y < 112 && Math.abs(x - 210) < half + 30 ? GREY : undefined;
  };
}

const check = (right: number) => checkCar({ mask: softCarMask(W, H, rearView(right), GROUND), angle: 'rear', cutByEdge: right > 0, upscale: 1.2 });

describe('the car check: a car cut off by the photo side', () => {
  it('a mirror past the right edge asks for a look only', () => {
    const touching = check(35);
    expect(touching.measures.sideOut).toBeGreaterThan(0);
    expect(touching.measures.sideOut).toBeLessThan(0.2);
    expect(touching).toMatchObject({ verdict: 'review', reasons: [CAR_CHECK_REASONS.touchesEdge.text] });
  });

  it('a car cut through its body at the right edge is a retake', () => {
    const cut = check(70);
    expect(cut.measures.sideOut).toBeGreaterThan(0.5);
    expect(cut.verdict).toBe('retake');
    expect(cut.reasons[0]).toBe(CAR_CHECK_REASONS.closeUp.text);
  });

  it('the whole car, clear of the sides, has nothing to measure there', () => {
    expect(check(0)).toMatchObject({ verdict: 'ok', measures: { sideOut: 0 } });
  });
});
