/**
 * The car check (functions/src/renderer/checks/car-checks.ts, roof-out.ts `bottomOut`) on a drawn rear view cut by the
 * photo's bottom edge: tyres that touch the edge ask for a look; a car cut off below its bumper (parking-lot photos
 * us-wts-lg-000087 and 000115: "touches the edge" only before) would stand in the studio on a straight cut with no
 * wheels under it: a retake.
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

/** A saloon from behind (roof at row 40, bumper at 200, tyres to 235), moved `down` rows: rows past the bottom are lost. */
function rearView(down: number): Paint {
  return (x, y0) => {
    const y = y0 - down;
    if (y >= 195 && y < 235 && ((x >= 75 && x < 125) || (x >= 295 && x < 345))) return TYRE;
    if (y < 40 || y >= 200) return undefined;
    const half = y < 110 ? 80 + (y - 40) : 150;
    return Math.abs(x - 210) < half ? SILVER : undefined;
  };
}

const check = (down: number) => checkCar({ mask: softCarMask(W, H, rearView(down), GROUND), angle: 'rear', cutByEdge: true, upscale: 1.2 });

describe('the car check: a car cut off by the photo bottom', () => {
  it('tyres touching the bottom edge ask for a look only', () => {
    const touching = check(26);
    expect(touching.measures.bottomOut).toBeGreaterThan(0);
    expect(touching.measures.bottomOut).toBeLessThan(0.35);
    expect(touching).toMatchObject({ verdict: 'review', reasons: [CAR_CHECK_REASONS.touchesEdge.text] });
  });

  it('a car cut off below its bumper is a retake', () => {
    const cut = check(70);
    expect(cut.measures.bottomOut).toBeGreaterThan(0.9);
    expect(cut.verdict).toBe('retake');
    expect(cut.reasons[0]).toBe(CAR_CHECK_REASONS.closeUp.text);
  });

  it('the whole car, clear of the bottom, has nothing to measure there', () => {
    expect(check(0).measures.bottomOut).toBe(0);
  });
});
