/**
 * The split beside reads the main car's paint (functions/src/vision/local/other-cars.ts, `mainPaint`) to seed the other
 * car over its own paint up to the seam. Measured on the lower half of the main car's box, an SUV with black cladding,
 * sills and tyres read grey, so its red front was "another paint" and went with the blue car beside it (the truth
 * bench's `0024 beside`: the Kadjar's wing and bumper lost, the neighbour's wheel kept). And the other car's seeds
 * spread only over colours near its own paint: a dark bluish glint on the main car's lamp is "another paint" against
 * red, not a blue car's paint. Drawn scenes, so every pixel's car is known and no network runs.
 */
import { describe, expect, it } from 'vitest';
import type { CleanMask } from '../../functions/src/renderer/cutout/mask-cleanup';
import { removeOtherCars } from '../../functions/src/vision/local/other-cars';
import type { NormBox } from '../../functions/src/vision/port';
import { keptIn } from './drawn-car-behind';
import { BLACK, BLUE, GLASS, H, RED, street, W } from './drawn-cars-beside';

const GLINT = [35, 45, 90];

/**
 * A red SUV (from x `nose` to 600) seen side on, its lower body black from `cladding` down, in front of a blue car
 * (x 20-262) whose front its own front overlaps; the detector's box of the red car from `boxLeft`. With `glint`, a dark
 * bluish patch on the red car's nose touching the blue car, fading into the red paint.
 */
function scene(cladding: number, glint = false, nose = 200, boxLeft = 200) {
  const { rgb, car, put } = street();
  for (let y = 150; y < 340; y++)
    for (let x = 20; x < 262; x++) {
      const wheel = (x - 90) ** 2 + (y - 320) ** 2 <= 26 * 26;
      put(x, y, wheel ? BLACK : y < 190 && x > 60 && x < 220 ? GLASS : BLUE, 2);
    }
  for (let y = 120; y < 372; y++)
    for (let x = nose; x < 600; x++) {
      if (y < 150 && (x < 260 || x > 560)) continue;
      const wheel = (x - 300) ** 2 + (y - 340) ** 2 <= 32 * 32 || (x - 500) ** 2 + (y - 340) ** 2 <= 32 * 32;
      if (y >= 340 && !wheel) continue;
      let c = wheel || y >= cladding ? BLACK : y < 190 && x > 270 && x < 550 ? GLASS : RED;
      if (glint && !wheel && y >= 215 && y < 245 && x < 230) {
        // The glint on the lamp: dark bluish at the nose, fading to the red paint over 30 px.
        const t = Math.max(0, Math.min(1, (x - 200) / 30));
        c = GLINT.map((v, k) => Math.round(v + (RED[k]! - v) * t));
      }
      put(x, y, c, 1);
    }
  const alpha = new Uint8Array(W * H);
  let area = 0;
  for (let i = 0; i < W * H; i++) if (car[i]) (alpha[i] = 255), area++;
  const mask: CleanMask = { alpha, width: W, height: H, box: { left: 20, top: 120, right: 600, bottom: 372 }, areaFraction: area / (W * H), removedFraction: 0 };
  const main: NormBox = { left: boxLeft / W, top: 120 / H, right: 600 / W, bottom: 372 / H };
  const other: NormBox = { left: 20 / W, top: 150 / H, right: 262 / W, bottom: 340 / H };
  return { photo: { rgb, width: W, height: H }, mask, car, main, other };
}

/** The share of the main car's pixels in columns [l, r) kept. */
function keptColumns(s: ReturnType<typeof scene>, mask: CleanMask, l: number, r: number, top = 0, bottom = H): number {
  let all = 0;
  let kept = 0;
  for (let y = top; y < bottom; y++) for (let x = l; x < r; x++) if (s.car[y * W + x] === 1) (all++, mask.alpha[y * W + x]! >= 128 && kept++);
  return kept / all;
}

describe('the main car\'s paint for the split beside', () => {
  it('is the red of an SUV whose lower half is mostly black cladding: its front stays, the blue car goes', () => {
    // Its nose just past its box (x 207-215, as the detector's box was tight on the Kadjar's bumper): seeded as the blue
    // car's, so the split meets half-way across the red front and the main car's paint must come back (`reclaimOwnPaint`).
    const s = scene(272, false, 207, 215);
    const out = removeOtherCars(s.mask, s.main, [s.other], { photo: s.photo });
    // Measured 2026-12-02: 0.85 of the red front in both boxes (x 215-262) kept, none of the blue car; with the lower
    // half's grey as the paint, 0.58 (the red given back only as far as the split's half-way line).
    expect(keptColumns(s, out, 215, 262)).toBeGreaterThan(0.75);
    expect(keptIn(s, out).other).toBeLessThan(0.01);
  });

  it('spreads the other car over its own paint, not over a dark glint of the main car\'s lamp', () => {
    const s = scene(272, true);
    const out = removeOtherCars(s.mask, s.main, [s.other], { photo: s.photo });
    // Measured 2026-12-02: 0.83 of the red car in the glint's rows and the blue car's box kept (the darkest columns of the
    // glint at the seam go); spread over every colour far from red, the blue car's seeds took the glint and 0.60 stayed.
    expect(keptColumns(s, out, 200, 262, 215, 245)).toBeGreaterThan(0.75);
    expect(keptIn(s, out).other).toBeLessThan(0.01);
  });
});
