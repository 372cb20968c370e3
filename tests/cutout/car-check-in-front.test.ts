/**
 * The car check (functions/src/renderer/checks/car-checks.ts) on drawn photos of something standing between the
 * camera and the car: a fence's rails cutting the cut-out into bands across the car (a pickup behind a chain-link
 * fence, p25 us-wts-lg-000058), and a branch's leaves over the side the cut-out lost (a coupé behind a branch, p25
 * us-wts-lg-000048). Both ask for a retake; a green car's smooth flank in the same place does not.
 */
import { describe, expect, it } from 'vitest';
import { CAR_CHECK_REASONS } from '@shared/car-checks';
import { checkCar, somethingInFrontOf } from '../../functions/src/renderer/checks/car-checks';
import { solidExtent, type CleanMask } from '../../functions/src/renderer/cutout/mask-cleanup';
import { drawnCars, softenOutline, type Paint } from './drawn-cars';

const W = 420;
const H = 240;
const SILVER = [190, 192, 196];
const DARK = [40, 48, 58];
const GROUND = [120, 118, 112];

/** A silver saloon seen from its side, facing right: body from x 30 to 390, a cabin on top, two dark wheels. */
const saloon: Paint = (x, y) => {
  if (x < 30 || x >= 390 || y >= 205) return undefined;
  const wheel = (cx: number) => (x - cx) ** 2 + (y - 185) ** 2 < 20 ** 2;
  if (wheel(90) || wheel(330)) return DARK;
  if (y >= 120 && y < 185) return SILVER;
  return x >= 110 && x < 280 && y >= 70 && y < 120 ? SILVER : undefined;
};
const nothing: Paint = () => undefined;
/** The detector's box round the whole car (fractions of the frame). */
const MAIN = { left: 28 / W, top: 68 / H, right: 392 / W, bottom: 206 / H };

function cut(alpha: Uint8Array): CleanMask {
  softenOutline(alpha, W, H);
  const { box, area } = solidExtent(alpha, W, H);
  return { alpha, width: W, height: H, box, areaFraction: area / (W * H), removedFraction: 0 };
}
/** The card's check, and the photo check's answer before the charge (`somethingInFrontOf`, from the same cut-out): they agree. */
const check = (mask: CleanMask, photo: { rgb: Uint8Array; width: number; height: number }) => {
  const card = checkCar({ mask, photo, main: MAIN, angle: 'right_side', cutByEdge: false, upscale: 1.2 });
  expect(somethingInFrontOf(mask, MAIN, photo)).toBe(card.reasons.includes(CAR_CHECK_REASONS.somethingInFront.text));
  return card;
};

describe('the car check: something in front of the car', () => {
  const { photo, truth } = drawnCars(W, H, saloon, nothing, GROUND);

  it('the whole car alone looks good', () => {
    expect(check(cut(Uint8Array.from(truth, (t) => t * 255)), photo)).toMatchObject({ verdict: 'ok', measures: { bands: 0, leavesBeyond: 0 } });
  });

  it("a fence's rail cutting the cut-out in two across the car's whole width asks for a retake", () => {
    // The rail hides rows 128 to 137 (7% of the car's height) from end to end; the cut-out lost them.
    const alpha = Uint8Array.from(truth, (t, i) => (t && (Math.floor(i / W) < 128 || Math.floor(i / W) >= 138) ? 255 : 0));
    const result = check(cut(alpha), photo);
    expect(result.measures.bands).toBeGreaterThan(0.05);
    expect(result.verdict).toBe('retake');
    expect(result.reasons).toContain(CAR_CHECK_REASONS.somethingInFront.text);

    // The car's own cabin over its wider body is no gap between bands.
    expect(check(cut(Uint8Array.from(truth, (t) => t * 255)), photo).measures.bands).toBe(0);
  });

  /** The photo with `paint` over the car's front end (x 340 on), and the cut-out without that end. */
  function frontHidden(paint: (x: number, y: number) => number[]) {
    const rgb = Uint8Array.from(photo.rgb);
    for (let y = 40; y < 230; y++) for (let x = 340; x < W; x++) rgb.set(paint(x, y), 3 * (y * W + x));
    const alpha = Uint8Array.from(truth, (t, i) => (t && i % W < 340 ? 255 : 0));
    return check(cut(alpha), { rgb, width: W, height: H });
  }

  it("leaves over the side the cut-out lost ask for a retake; a green car's smooth flank there only for a review", () => {
    // A branch: green leaves in light and shade from pixel to pixel, over the last 50 px of the car (14% of it).
    const leaves = frontHidden((x, y) => ((x * 7 + y * 13) % 5 < 2 ? [40, 90, 30] : [90, 150, 70]));
    expect(leaves.measures.boxBeyond).toBeGreaterThan(0.07);
    expect(leaves.measures.leavesBeyond).toBeGreaterThan(0.3);
    expect(leaves.verdict).toBe('retake');
    expect(leaves.reasons).toEqual([CAR_CHECK_REASONS.somethingInFront.text, CAR_CHECK_REASONS.sideLost.text]);

    // A green car parked there (as the fixtures' green M5's paint): as green, but smooth. The side is lost all the same.
    const greenCar = frontHidden(() => [30, 110, 60]);
    expect(greenCar.measures.leavesBeyond).toBe(0);
    expect(greenCar).toMatchObject({ verdict: 'review', reasons: [CAR_CHECK_REASONS.sideLost.text] });
  });
});
