/**
 * The car check (functions/src/renderer/checks/car-checks.ts, roof-out.ts) on a drawn rear view cut by the photo's
 * top edge (docs/benchmarks/car-check.md, "Car check: a roof cut off by the photo's top"): a roof that only grazes the
 * edge is cut along its flat top, and the card asks for a look; cut through the rear window (eu-test_043,
 * eu-test_001: "touches the edge" only before), the studio image shows the car sliced flat: a retake. The same at the
 * photo's bottom (roof-out.ts `bottomOut`): tyres that touch the edge ask for a look; a car cut off below its bumper
 * (us-wts-lg-000087, 000115) would stand in the studio on a straight cut with no wheels under it: a retake.
 */
import { describe, expect, it } from 'vitest';
import { CAR_CHECK_REASONS } from '@shared/car-checks';
import { checkCar } from '../../functions/src/renderer/checks/car-checks';
import { softCarMask, type Paint } from './drawn-cars';

const W = 420;
const H = 260;
const SILVER = [180, 182, 186];
const TYRE = [30, 30, 32];
const GROUND = [120, 118, 112];

/**
 * A saloon from behind, its roof at row 40 - `up`: a cabin widening from 160 px at its roof to the body's 300 px at
 * row 110, the body down to its bumper (row 200), two dark tyres to row 235. Rows above the photo's top are lost, and
 * with `up` negative, rows past its bottom.
 */
function rearView(up: number): Paint {
  return (x, y0) => {
    const y = y0 + up;
    if (y >= 195 && y < 235 && ((x >= 75 && x < 125) || (x >= 295 && x < 345))) return TYRE;
    if (y < 40 || y >= 200) return undefined;
    const half = y < 110 ? 80 + (y - 40) : 150;
    return Math.abs(x - 210) < half ? SILVER : undefined;
  };
}

const check = (up: number) => checkCar({ mask: softCarMask(W, H, rearView(up), GROUND), angle: 'rear', cutByEdge: true, upscale: 1.2 });

describe('the car check: a roof cut off by the photo top', () => {
  it('a roof grazing the top edge asks for a look only', () => {
    const grazed = check(41);
    expect(grazed.measures.roofOut).toBeGreaterThan(0);
    expect(grazed.measures.roofOut).toBeLessThan(0.6);
    expect(grazed).toMatchObject({ verdict: 'review', reasons: [CAR_CHECK_REASONS.touchesEdge.text] });
  });

  it('a roof cut off through the rear window is a retake', () => {
    const cut = check(70);
    expect(cut.measures.roofOut).toBeGreaterThan(0.65);
    expect(cut).toMatchObject({ verdict: 'retake', reasons: [CAR_CHECK_REASONS.closeUp.text] });
  });

  it('the whole car, clear of the top, looks good', () => {
    expect(checkCar({ mask: softCarMask(W, H, rearView(0), GROUND), angle: 'rear', cutByEdge: false, upscale: 1.2 })).toMatchObject({ verdict: 'ok', measures: { roofOut: 0 } });
  });
});

describe('the car check: a car cut off by the photo bottom', () => {
  it('tyres touching the bottom edge ask for a look only', () => {
    const touching = check(-26);
    expect(touching.measures.bottomOut).toBeGreaterThan(0);
    expect(touching.measures.bottomOut).toBeLessThan(0.35);
    expect(touching).toMatchObject({ verdict: 'review', reasons: [CAR_CHECK_REASONS.touchesEdge.text] });
  });

  it('a car cut off below its bumper is a retake', () => {
    const cut = check(-70);
    expect(cut.measures.bottomOut).toBeGreaterThan(0.9);
    expect(cut.verdict).toBe('retake');
    expect(cut.reasons[0]).toBe(CAR_CHECK_REASONS.closeUp.text);
  });

  it('the whole car, clear of the bottom, has nothing to measure there', () => {
    expect(check(0).measures.bottomOut).toBe(0);
  });
});
