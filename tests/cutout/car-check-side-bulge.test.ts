/**
 * The car check (functions/src/renderer/checks/car-checks.ts) on a drawn front view with something kept along one side
 * (docs/benchmarks/car-check.md, "Car check: a piece kept along a side, a notch cut into the roof"): a board kept beside a red
 * Fiat's right side, reaching no further out than its door mirror (eu-test_024), passed the furthest-reach measure;
 * the rows on end where one side reaches further than the other tell it.
 */
import { describe, expect, it } from 'vitest';
import { CAR_CHECK_REASONS } from '@shared/car-checks';
import { checkCar } from '../../functions/src/renderer/checks/car-checks';
import type { CleanMask } from '../../functions/src/renderer/cutout/mask-cleanup';
import { softCarMask, type Paint } from './drawn-cars';

const W = 420;
const H = 260;
const RED = [150, 40, 40];
const BOARD = [110, 80, 50];
const TYRE = [30, 30, 32];
const GROUND = [120, 118, 112];

const maskOf = (paint: Paint) => softCarMask(W, H, paint, GROUND);

/**
 * A small car head-on: a cabin narrowing to its roof (row 40), the body from row 110 (x 60 to 360) down to its bumper
 * (row 200), two tyres to row 235, door mirrors (rows 95 to 112) reaching 30 px out of the cabin's sides. `board`: a
 * board kept along its right side from row 70 to row 150, reaching out to x 370 (short of the mirror's end): its top
 * steps out of the cabin's side about as far as the mirror on the other side does.
 */
function frontView(board: boolean): Paint {
  return (x, y) => {
    if (y >= 195 && y < 235 && ((x >= 75 && x < 125) || (x >= 295 && x < 345))) return TYRE;
    if (y < 40 || y >= 200) return undefined;
    const half = y < 110 ? 110 + (y - 40) * (40 / 70) : 150;
    if (Math.abs(x - 210) < half) return RED;
    if (y >= 95 && y < 112 && Math.abs(x - 210) < half + 30) return RED;
    if (board && y >= 70 && y < 150 && x > 210 && x < 370) return BOARD;
    return undefined;
  };
}

const check = (mask: CleanMask) => checkCar({ mask, angle: 'front', cutByEdge: false, upscale: 1.2 });

describe('the car check: a piece kept along one side', () => {
  it('the whole car head-on looks good', () => {
    expect(check(maskOf(frontView(false)))).toMatchObject({ verdict: 'ok', reasons: [] });
  });

  it('a board kept along its right side, no further out than the mirror, asks for a review', () => {
    const kept = check(maskOf(frontView(true)));
    // Its furthest reach and its steps out of the outline match the other side's: only the rows on end tell it.
    expect(kept.measures.sideImbalance).toBeLessThan(0.04);
    expect(kept.measures.sideBulge).toBeGreaterThan(0.1);
    expect(kept).toMatchObject({ verdict: 'review', reasons: [CAR_CHECK_REASONS.mirrorMissing.text] });
  });
});
