/**
 * The shade under a car seen from above (us-wts-lg-000173: an SUV from behind off a high parking-lot camera): u2netp
 * fills the dark underside and the shadow on the road in solid, down past the tyres to the shadow's edge, and the
 * studio image showed the car standing on a black mat. The underside (axle, exhaust) is as dark as the shade, so no
 * bumper step shows for cutGroundBand's solid-shade cut; the tyres still do, as darker rubber over a thin band of
 * lighter shade, ending on a lit road. The cut takes every column below the tyres' contacts, past the tyres too;
 * tyres, underside and body stay; the shadow cast out past a tyre (us-wts-lg-000195, a pickup from behind, its
 * shadow reaching out beside its left tyre: a dark slab in the studio image) goes too. A lighter band over a darker
 * road (a bumper's lower lip over its own shadow, as on close-up fronts of parked cars) is left alone.
 */
import { describe, expect, it } from 'vitest';
import { cutGroundBand } from '../../functions/src/renderer/cutout/ground-band';
import { solidExtent, type CleanMask } from '../../functions/src/renderer/cutout/mask-cleanup';

const w = 320, h = 240;
const tyres = [[62, 92], [228, 258]] as const;
/** The tone of the drawn photo at (x, y), or undefined where the mask has no car: the lit road. */
function paint(x: number, y: number, beside: boolean): number | undefined {
  if (beside && x >= 45 && x < 60 && y >= 170 && y <= 198) return 55; // the shadow cast out past the left tyre, no body above it
  if (x >= 60 && x < 260 && y >= 20 && y < 150) return 130; // the body and bumper, lit
  const tyre = tyres.some(([l, r]) => x >= l && x < r);
  if (y >= 150 && y <= 190 && tyre) return 35; // the rubber, down to its contact at row 190
  if (y >= 150 && y <= 190 && x >= 92 && x < 228) return Math.floor(y / 4) % 2 ? 45 : 60; // the underside: axle, exhaust
  if (y > 190 && y <= 198 && x >= 50 && x < 270) return 55; // the shadow on the road, wider than the car
  return undefined;
}

/** The drawn photo over a road of tone `road`, its mask (the car and the shade under it, solid), and the ground band's cut. */
function cutOver(road: number, beside = false) {
  const rgb = Buffer.alloc(w * h * 3), alpha = new Uint8Array(w * h);
  for (let y = 0; y < h; y++)
    for (let x = 0; x < w; x++) {
      const tone = paint(x, y, beside);
      const v = (tone ?? road) + ((x * 7 + y * 13) % 3) - 1; // a level of noise, as in a JPEG
      rgb.set([v, v, v], 3 * (y * w + x));
      if (tone !== undefined) alpha[y * w + x] = 255;
    }
  const { box, area } = solidExtent(alpha, w, h);
  const before: CleanMask = { alpha, width: w, height: h, box, areaFraction: area / (w * h), removedFraction: 0 };
  return { before, after: cutGroundBand(before, { rgb, width: w, height: h }) };
}

describe('cut-out: the shade under a car seen from above', () => {
  it('cuts the shadow on the road below the tyres, past them too, keeping tyres, underside and body', () => {
    const { before, after } = cutOver(140); // a lit road past the shadow's edge
    const solid = (mask: CleanMask, l: number, t: number, r: number, b: number) => {
      let n = 0, s = 0;
      for (let y = t; y < b; y++) for (let x = l; x < r; x++) (n++, mask.alpha[y * w + x]! >= 128 && s++);
      return s / n;
    };
    // The shadow's rows under the car, under the tyres and past them: car before, ground after.
    expect(solid(before, 50, 192, 270, 199)).toBe(1);
    expect(solid(after, 50, 191, 270, 199)).toBe(0);
    // The tyres down to their contacts, the underside between them and the body stay whole.
    for (const [l, r] of tyres) expect(solid(after, l, 150, r, 191)).toBe(1);
    expect(solid(after, 92, 150, 228, 191)).toBe(1);
    expect(solid(after, 60, 20, 260, 150)).toBe(1);
    expect(after.box.bottom).toBe(191);
  });

  it('cuts the shadow cast out beside a tyre, where no body stands above it', () => {
    const { before, after } = cutOver(140, true);
    const solid = (mask: CleanMask, l: number, t: number, r: number, b: number) => {
      let s = 0;
      for (let y = t; y < b; y++) for (let x = l; x < r; x++) if (mask.alpha[y * w + x]! >= 128) s++;
      return s / ((r - l) * (b - t));
    };
    expect(solid(before, 45, 170, 60, 199)).toBe(1);
    expect(solid(after, 45, 155, 60, 199)).toBe(0);
    for (const [l, r] of tyres) expect(solid(after, l, 150, r, 191)).toBe(1);
    expect(solid(after, 60, 20, 260, 150)).toBe(1);
    expect(after.box.left).toBe(60);
  });

  it('leaves a band lighter than the road below it alone (a bumper lip over its own shadow, not shade)', () => {
    const { before, after } = cutOver(25);
    expect(after).toBe(before);
  });
});
