/**
 * The car check (functions/src/renderer/checks/tyre-lost.ts) on a drawn rear view whose right tyre the cut-out lost
 * (br-NZF7823, a pickup's right tyre in the shade under its step; docs/benchmarks/car-check.md, "a tyre cut flat on
 * one side"): the card said "Looks good", as the kept left tyre is the lowest point and the detector's box ends there.
 * That side now ends in the bumper's straight line above the other tyre and the box's bottom: named.
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
const GROUND = [120, 118, 112];
/** The detector's box: mirrors (x 30 to 390), roof (row 40) to the tyres' contact (row 235). */
const BOX = { left: 30 / W, top: 40 / H, right: 390 / W, bottom: 235 / H };

/**
 * A car from behind: a cabin narrowing to its roof (row 40), the body (x 60 to 360) from row 110 to its bumper (row
 * 200), mirrors at rows 95 to 112, tyres 50 px wide whose round bottoms reach `left` and `right` (0: lost).
 */
function rearView(left: number, right: number): Paint {
  const tyre = (x: number, y: number, centre: number, bottom: number) => {
    const dx = Math.abs(x - centre);
    return bottom > 0 && dx < 25 && y >= 195 && y < bottom - (25 - Math.sqrt(625 - dx * dx));
  };
  return (x, y) => {
    if (tyre(x, y, 100, left) || tyre(x, y, 320, right)) return TYRE;
    if (y < 40 || y >= 200) return undefined;
    const half = y < 110 ? 110 + (y - 40) * (40 / 70) : 150;
    if (Math.abs(x - 210) < half) return GREY;
    return y >= 95 && y < 112 && Math.abs(x - 210) < half + 30 ? GREY : undefined;
  };
}

const check = (mask: CleanMask) => checkCar({ mask, main: BOX, angle: 'rear', cutByEdge: false, upscale: 1.2 });
const maskOf = (paint: Paint) => softCarMask(W, H, paint, GROUND);

describe('the car check: a tyre lost on one side', () => {
  it('the car on both tyres looks good', () => {
    const whole = check(maskOf(rearView(235, 235)));
    expect(whole.measures.tyreLift).toBe(0);
    expect(whole).toMatchObject({ verdict: 'ok', reasons: [] });
  });

  it('its right tyre lost, that side ending in the bumper, is named (neither flatBottom nor the box tells it)', () => {
    const lost = check(maskOf(rearView(235, 0)));
    expect(lost.measures.flatBottom).toBeLessThan(0.5);
    expect(lost.measures.belowMask).toBeLessThan(0.1);
    expect(lost.measures.tyreLift).toBeGreaterThan(0.15);
    expect(lost.reasons, JSON.stringify(lost.measures)).toEqual([CAR_CHECK_REASONS.tyreLost.text]);
    expect(lost.verdict).toBe('review');
  });

  it('a far tyre standing higher (a view turned a little) keeps its round bottom: no tyre lost', () => {
    const turned = check(maskOf(rearView(235, 220)));
    expect(turned.measures.tyreLift).toBe(0);
    expect(turned).toMatchObject({ verdict: 'ok', reasons: [] });
  });

  it('a side cut by the photo is left to the frame checks', () => {
    // The car moved right until its right side leaves the photo: its right tyre is out of the frame, not lost.
    const paint = rearView(235, 0);
    const shifted = check(maskOf((x, y) => paint(x - 40, y)));
    expect(shifted.measures.tyreLift).toBe(0);
  });
});
