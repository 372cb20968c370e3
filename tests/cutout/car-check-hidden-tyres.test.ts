/**
 * The car check (functions/src/renderer/checks/car-checks.ts) on a drawn close front shot from above, as the
 * parking-lot photos br-PJU2853 and br-OKP7250 (docs/benchmarks/car-check.md, "Car check: what the photo shows under the
 * bumper and beside the cut-out"): the bumper hides the tyres, so the car ends in a flat line, as a car whose tyres the
 * cut-out lost does. The photo tells them apart: under a hidden tyre's place lies the ground; under a lost one, the
 * dark tyre.
 */
import { describe, expect, it } from 'vitest';
import { CAR_CHECK_REASONS } from '@shared/car-checks';
import { checkCar, underCorners } from '../../functions/src/renderer/checks/car-checks';
import { drawnCars, softenOutline, type Paint } from './drawn-cars';

const W = 420;
const H = 300;
const RED = [190, 30, 35];
const TYRE = [28, 28, 30];
const FLOOR = [150, 148, 142];
const nothing: Paint = () => undefined;

/** A car head-on: its cabin narrowing to its roof (row 40), door mirrors out 24 px (rows 95 to 112), its body down to a flat bumper (row 215). */
const headOn: Paint = (x, y) => {
  if (y < 40 || y >= 215) return undefined;
  const half = y < 110 ? 90 + (y - 40) * (40 / 70) : y < 130 ? 130 + (y - 110) * (25 / 20) : 155;
  if (Math.abs(x - 210) < half) return RED;
  return y >= 95 && y < 112 && Math.abs(x - 210) < half + 24 ? RED : undefined;
};

/** The same car seen a little lower: its tyres show under the bumper's corners, down to row 240. */
const tyresShowing: Paint = (x, y) => headOn(x, y) ?? (y >= 215 && y < 240 && Math.abs(x - 210) >= 95 && Math.abs(x - 210) < 140 ? TYRE : undefined);

/** The photo drawn with `paint`, and the cut-out of the car down to its bumper (the tyres left out), its outline soft. */
function cutOut(paint: Paint) {
  const { photo } = drawnCars(W, H, paint, nothing, FLOOR);
  const { mask } = drawnCars(W, H, headOn, nothing, FLOOR);
  softenOutline(mask.alpha, W, H);
  return { photo, mask };
}

const main = { left: 55 / W, top: 38 / H, right: 365 / W, bottom: 217 / H };

describe('the car check: tyres hidden by the bumper', () => {
  it('a front view whose bumper hides its tyres looks good: the photo shows the floor under its corners', () => {
    const { photo, mask } = cutOut(headOn);
    // The outline alone reads as a car on its bumper.
    expect(checkCar({ mask, main, angle: 'front', cutByEdge: false, upscale: 1.2 }).measures.flatBottom).toBeGreaterThan(0.5);
    expect(underCorners(mask, photo)).toBeGreaterThan(0.9);
    expect(checkCar({ mask, photo, main, angle: 'front', cutByEdge: false, upscale: 1.2 })).toMatchObject({ verdict: 'ok', reasons: [] });
  });

  it('the same outline with dark tyres left under its corners in the photo is a car whose wheels were cut off', () => {
    const { photo, mask } = cutOut(tyresShowing);
    expect(underCorners(mask, photo)).toBeLessThan(0.3);
    const check = checkCar({ mask, photo, main, angle: 'front', cutByEdge: false, upscale: 1.2 });
    expect(check.verdict).toBe('review');
    expect(check.reasons).toEqual([CAR_CHECK_REASONS.wheelsCut.text]);
  });

  it('a side view is judged on its outline alone: it always shows its tyres', () => {
    const check = checkCar({ ...cutOut(headOn), main, angle: 'left_side', cutByEdge: false, upscale: 1.2 });
    expect(check.measures.flatBottom).toBeGreaterThan(0.5);
    expect(check.reasons).toContain(CAR_CHECK_REASONS.wheelsCut.text);
  });
});
