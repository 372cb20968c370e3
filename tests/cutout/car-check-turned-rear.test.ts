/**
 * The car check (functions/src/renderer/checks/car-checks.ts) on drawn rear views (docs/benchmarks/car-check.md, "Car check: a
 * rear turned a little is no lost mirror"): a rear turned a little shows its near door mirror and its near flank
 * reaching past its rear tyre, the far mirror hidden behind the body (parking-lot rears eu-test_016, eu-test_048,
 * us-wts-lg-000144, us-wts-lg-000174 were read as a mirror lost); a rear square to the camera with one mirror lost is
 * still reviewed.
 */
import { describe, expect, it } from 'vitest';
import { CAR_CHECK_REASONS } from '@shared/car-checks';
import { checkCar } from '../../functions/src/renderer/checks/car-checks';
import type { CleanMask } from '../../functions/src/renderer/cutout/mask-cleanup';
import { softCarMask, type Paint } from './drawn-cars';

const W = 420;
const H = 260;
const SILVER = [180, 182, 186];
const TYRE = [30, 30, 32];
const GROUND = [120, 118, 112];

const maskOf = (paint: Paint) => softCarMask(W, H, paint, GROUND);

/**
 * A hatchback from behind: a cabin narrowing to its roof (row 40), the body from row 110 (x 60 to 360) down to its
 * bumper (row 200), two dark tyres to row 235; door mirrors (rows 95 to 112) reaching 30 px out of the cabin's sides.
 * `turned`: seen a little from its right, the right flank (its wheel arch, the body running forward) reaches 25 px
 * past the rear face over rows 105 to 205 and past the right tyre, the left tyre flush under the body's edge.
 */
function rearView(mirrors: 'both' | 'left' | 'right' | 'none', turned = false): Paint {
  const tyres: [number, number][] = turned ? [[60, 110], [300, 350]] : [[75, 125], [295, 345]];
  return (x, y) => {
    if (y >= 195 && y < 235 && tyres.some(([a, b]) => x >= a && x < b)) return TYRE;
    if (y < 40 || y >= 200) return undefined;
    if (turned && y >= 105 && y < 205 && x >= 360 && x < 385) return SILVER;
    const half = y < 110 ? 110 + (y - 40) * (40 / 70) : 150;
    if (Math.abs(x - 210) < half) return SILVER;
    const side = x < 210 ? 'left' : 'right';
    const mirror = (mirrors === 'both' || mirrors === side) && y >= 95 && y < 112 && Math.abs(x - 210) < half + 30;
    return mirror ? SILVER : undefined;
  };
}

const check = (mask: CleanMask) => checkCar({ mask, angle: 'rear', cutByEdge: false, upscale: 1.2 });

describe('the car check: a rear turned a little', () => {
  it('a rear turned a little, its near mirror showing and the far one hidden, looks good', () => {
    const turned = check(maskOf(rearView('right', true)));
    expect(turned.measures.sideImbalance).toBeLessThan(0.02);
    expect(turned).toMatchObject({ verdict: 'ok', reasons: [] });
  });

  it('a rear square to the camera with one mirror lost asks for a review; with both it looks good', () => {
    expect(check(maskOf(rearView('both')))).toMatchObject({ verdict: 'ok', reasons: [] });
    const lost = check(maskOf(rearView('right')));
    expect(lost.measures.sideImbalance).toBeGreaterThan(0.04);
    expect(lost).toMatchObject({ verdict: 'review', reasons: [CAR_CHECK_REASONS.mirrorMissing.text] });
  });

  it('a rear turned a little whose far side alone reaches out asks for a review', () => {
    // Its near mirror lost and something standing out on the far side, where the car's own mirror hides behind the body.
    const far = check(maskOf(rearView('left', true)));
    expect(far.measures.sideImbalance).toBeGreaterThan(0.04);
    expect(far.reasons).toContain(CAR_CHECK_REASONS.mirrorMissing.text);
  });
});
