/**
 * The car check (functions/src/renderer/checks/car-checks.ts) on drawn photos of the parking-lot photos' faults
 * (docs/benchmarks/car-check.md, "Car check: parking-lot photos"): a rear view whose dark tyres the cut-out lost, standing on its
 * bumper; one whose bumper's lower part the cut-out left in vertical strips; a small car seen head-on whose mirror is
 * lost where its body reaches as far out as its mirrors; a front view turned a little, both mirrors kept; a car head-on
 * whose both mirrors are lost (the outline stays symmetric); a car parked behind kept with the main one and cut off
 * square beside the detector's box; a car whose side the cut-out lost, the detector's box reaching on past it.
 */
import { describe, expect, it } from 'vitest';
import { CAR_CHECK_REASONS } from '@shared/car-checks';
import { checkCar } from '../../functions/src/renderer/checks/car-checks';
import { solidExtent, type CleanMask } from '../../functions/src/renderer/cutout/mask-cleanup';
import { drawnCars, softenOutline, type Paint } from './drawn-cars';

const W = 420;
const H = 260;
const SILVER = [180, 182, 186];
const TYRE = [30, 30, 32];
const GROUND = [120, 118, 112];
const nothing: Paint = () => undefined;

/** The mask with the pixels `drop` says erased, its box measured again; its outline soft, as u2netp's is. */
function without(mask: CleanMask, drop: (x: number, y: number) => boolean = () => false): CleanMask {
  const alpha = Uint8Array.from(mask.alpha, (a, i) => (drop(i % W, Math.floor(i / W)) ? 0 : a));
  softenOutline(alpha, W, H);
  const { box, area } = solidExtent(alpha, W, H);
  return { ...mask, alpha, box, areaFraction: area / (W * H) };
}

/** The detector's box, from pixels. */
const boxOf = (left: number, top: number, right: number, bottom: number) => ({ left: left / W, top: top / H, right: right / W, bottom: bottom / H });

/** The bumper's lower edge of the rear view below: lowest (row 215) at the middle, curving up 30 px to its corners. */
const bumperBottom = (x: number) => 215 - 30 * ((x - 210) / 150) ** 2;

/**
 * A hatchback from behind: a cabin narrowing to its roof (row 40), the body from row 110 (x 60 to 360), a bumper whose
 * lower edge curves up to its corners, two dark tyres under the bumper's corners down to row 235; its mirrors hide
 * behind the body.
 */
const rearView: Paint = (x, y) => {
  if ((x >= 75 && x < 125) || (x >= 295 && x < 345)) if (y >= 190 && y < 235) return TYRE;
  if (x < 60 || x >= 360 || y < 40) return undefined;
  if (y < 110) return x >= 100 - (y - 40) * (40 / 70) && x < 320 + (y - 40) * (40 / 70) ? SILVER : undefined;
  return y < bumperBottom(x) ? SILVER : undefined;
};

/**
 * A small car head-on: a cabin narrowing to its roof (row 40) down to the bonnet (row 110); its bonnet and wings
 * widening over 20 rows to the body (x 55 to 365, rows 130 to 215), wider than its door mirrors (rows 95 to 112,
 * sticking out 18 px from the cabin's sides), its tyres showing under its bumper's corners; `lean` px: the cabin's top shifted so far right (the view turned a
 * little), shifting its rows' less the lower they are, as a turned car's cabin leans over its body; `mirrors`: the
 * ones the cut-out kept.
 */
function frontView(lean = 0, mirrorReach = 18, bodyHalf = 155, mirrors: 'both' | 'left' | 'right' | 'none' = 'both'): Paint {
  return (x, y) => {
    if (y < 40 || y >= 230) return undefined;
    const shift = lean * Math.max(0, Math.min(1, (175 - y) / 135));
    const half = y < 110 ? 90 + (y - 40) * (40 / 70) : y < 130 ? 130 + ((y - 110) * (bodyHalf - 130)) / 20 : bodyHalf;
    const centre = 210 + (y < 130 ? shift : 0);
    if (y >= 215) return Math.abs(x - 210) >= 95 && Math.abs(x - 210) < 140 ? TYRE : undefined;
    if (Math.abs(x - centre) < half) return SILVER;
    const side = x < centre ? 'left' : 'right';
    const mirror = (mirrors === 'both' || mirrors === side) && y >= 95 && y < 112 && Math.abs(x - centre) < half + mirrorReach;
    return mirror ? SILVER : undefined;
  };
}

describe('the car check: parking-lot photos', () => {
  it('a rear view whose tyres the cut-out lost, standing on its bumper, asks for a review; with its tyres it looks good', () => {
    const mask = without(drawnCars(W, H, rearView, nothing, GROUND).mask);
    const whole = { mask, angle: 'rear' as const, cutByEdge: false, upscale: 1.2, main: boxOf(58, 38, 362, 237) };
    expect(checkCar(whole)).toMatchObject({ verdict: 'ok', measures: { groundMiddle: 0 } });
    // The dark tyres in the shade lost: the cut-out ends at the bumper, whose flat middle is 41% of the car's width
    // (under flatBottom's half), and the detector's box ends 5% below the bumper (under belowMask's 10%).
    const lost = without(mask, (x, y) => y >= bumperBottom(x));
    const check = checkCar({ ...whole, mask: lost, main: boxOf(58, 38, 362, 224) });
    expect(check.measures.flatBottom).toBeLessThan(0.5);
    expect(check.measures.belowMask).toBeLessThan(0.1);
    expect(check.measures.groundMiddle).toBeGreaterThan(0.3);
    expect(check).toMatchObject({ verdict: 'review', reasons: [CAR_CHECK_REASONS.wheelsCut.text] });
    // A side view's tyres can stand anywhere along it: not judged there.
    expect(checkCar({ ...whole, mask: lost, main: boxOf(58, 38, 362, 224), angle: 'left_side' }).measures.groundMiddle).toBe(0);
  });

  it("a rear view whose bumper's lower part was cut into vertical strips asks for a review", () => {
    const mask = without(drawnCars(W, H, rearView, nothing, GROUND).mask);
    // The tyres lost, and from row 195 down between columns 120 and 300, 8 of every 12 columns erased, cut hard (a
    // clean-up's cut, not u2netp's soft edge): 4-px strips of bumper left standing (br-OZV6697 had 13 across a row,
    // and "looked good").
    const drop = (x: number, y: number) => (x < 120 || x >= 300 ? y >= bumperBottom(x) : y >= 195 && (x - 120) % 12 < 8);
    const alpha = Uint8Array.from(mask.alpha, (a, i) => (drop(i % W, Math.floor(i / W)) ? 0 : a));
    const { box, area } = solidExtent(alpha, W, H);
    const striped = { ...mask, alpha, box, areaFraction: area / (W * H) };
    const check = checkCar({ mask: striped, angle: 'rear', cutByEdge: false, upscale: 1.2, main: boxOf(58, 38, 362, 224) });
    expect(check.measures.straightCut).toBeLessThan(0.2);
    expect(check.measures.stripedBottom).toBeGreaterThan(0.08);
    expect(check.reasons).toContain(CAR_CHECK_REASONS.cutSquare.text);
  });

  it("a small car head-on with one mirror lost asks for a review, though its body reaches further than its mirrors", () => {
    const mask = without(drawnCars(W, H, frontView(), nothing, GROUND).mask);
    const whole = { mask, angle: 'front' as const, cutByEdge: false, upscale: 1.2, main: boxOf(52, 38, 368, 232) };
    expect(checkCar(whole)).toMatchObject({ verdict: 'ok', reasons: [] });
    // The right mirror lost: the furthest reach each side is the body's at its lamps, the same on both sides.
    const lost = without(drawnCars(W, H, frontView(0, 18, 155, 'left'), nothing, GROUND).mask);
    const check = checkCar({ ...whole, mask: lost });
    expect(check.measures.sideImbalance).toBeGreaterThan(0.04);
    expect(check).toMatchObject({ verdict: 'review', reasons: [CAR_CHECK_REASONS.mirrorMissing.text] });
  });

  it('a front view turned a little (its roof 4.5% of its width off its bumper), both mirrors kept, looks good', () => {
    // Mirrors reaching past the body (a large car, as the fixture iX3): the left one reaches further from the
    // bumper's centre than the right only because the cabin leans left.
    // The detector's box hugs the car's sides (its mirrors reach x 33 to 373), as on real fronts and rears.
    const mask = without(drawnCars(W, H, frontView(-15, 40, 140), nothing, GROUND).mask);
    const check = checkCar({ mask, angle: 'front', cutByEdge: false, upscale: 1.2, main: boxOf(30, 38, 376, 232) });
    expect(check.measures.sideImbalance).toBeLessThan(0.02);
    expect(check).toMatchObject({ verdict: 'ok', reasons: [] });
    // One of its mirrors lost is still seen.
    const lost = without(drawnCars(W, H, frontView(-15, 40, 140, 'right'), nothing, GROUND).mask);
    expect(checkCar({ mask: lost, angle: 'front', cutByEdge: false, upscale: 1.2, main: boxOf(30, 38, 376, 232) }).reasons).toContain(CAR_CHECK_REASONS.mirrorMissing.text);
  });

  it('a car head-on whose both mirrors the cut-out lost asks for a review; seen from behind it is not judged', () => {
    const main = boxOf(52, 38, 368, 232);
    const kept = checkCar({ mask: without(drawnCars(W, H, frontView(), nothing, GROUND).mask), angle: 'front', cutByEdge: false, upscale: 1.2, main });
    expect(kept).toMatchObject({ verdict: 'ok', measures: { mirrorsLost: 0 } });
    // Both lost (br-OZL2318, br-PJD2685, the Corolla renders): left and right alike, so sideImbalance sees nothing; no step out of the
    // outline is left but the cabin's and bonnet's slow widening.
    const lost = without(drawnCars(W, H, frontView(0, 18, 155, 'none'), nothing, GROUND).mask);
    const check = checkCar({ mask: lost, angle: 'front', cutByEdge: false, upscale: 1.2, main });
    expect(check.measures.sideImbalance).toBeLessThan(0.01);
    expect(check).toMatchObject({ verdict: 'review', reasons: [CAR_CHECK_REASONS.mirrorsMissing.text] });
    // From behind, a close photo's rear wings hide the mirrors of a whole car.
    expect(checkCar({ mask: lost, angle: 'rear', cutByEdge: false, upscale: 1.2, main })).toMatchObject({ verdict: 'ok', reasons: [] });
  });

  it("a car parked behind-left kept with the main car and cut off square beside the detector's box asks for a review", () => {
    // A silver car seen from its front-left corner, a red one parked behind-left of it (rows 50 to 150, its bonnet
    // reaching out to the photo's left over rows 100 to 125): the cut-out kept the red car's visible part and cut it
    // off at column 36 (eu-test_051, a green Skoda 120 with a red car's windscreen and bonnet, "looked good"). The
    // detector's box took in most of the red car, so few of the pixels lie beside it, and the cut is shorter than a
    // strip cut off the car's own end (`straightCut`).
    const RED = [200, 40, 40];
    const redCar: Paint = (x, y) => (x < 160 && y >= 50 && y < 150 && (x >= 60 || (y >= 100 && y < 125)) ? RED : undefined);
    const { mask, truth } = drawnCars(W, H, frontView(), redCar, GROUND);
    const main = boxOf(42, 38, 368, 232);
    // Cut hard (solid beside nothing: a step's cut along a column, not u2netp's soft edge).
    const alpha = Uint8Array.from(without(mask).alpha, (a, i) => (i % W < 36 ? 0 : a));
    const { box, area } = solidExtent(alpha, W, H);
    const kept = { ...mask, alpha, box, areaFraction: area / (W * H) };
    const check = checkCar({ mask: kept, angle: 'front_left_corner', cutByEdge: false, upscale: 1.2, main });
    expect(check.measures.besideBox).toBeLessThan(0.02);
    expect(check.measures.straightCut).toBeLessThan(0.2);
    expect(check.measures.cutBeside).toBeGreaterThan(0.1);
    expect(check).toMatchObject({ verdict: 'review', reasons: [CAR_CHECK_REASONS.somethingBeside.text] });
    // The main car alone looks good.
    const alone = without(mask, (x, y) => !truth[y * W + x]);
    expect(checkCar({ mask: alone, angle: 'front_left_corner', cutByEdge: false, upscale: 1.2, main })).toMatchObject({ verdict: 'ok', measures: { cutBeside: 0 } });
  });

  it("a car whose side the cut-out lost, the detector's box reaching on past it, asks for a review", () => {
    // eu-test_051 (the Skoda 120's rear side cut away with the red car behind it) and us-wts-lg-000048 (a side hidden by
    // a branch in front of the car), both "looked good": the box reached 16% and 10% of the car's width past the
    // cut-out's end; no whole car's box more than 6%.
    const whole = without(drawnCars(W, H, frontView(), nothing, GROUND).mask);
    const main = boxOf(36, 38, 384, 232);
    expect(checkCar({ mask: whole, angle: 'front_left_corner', cutByEdge: false, upscale: 1.2, main })).toMatchObject({ verdict: 'ok', reasons: [] });
    // Its right 50 px lost (u2netp's soft edge where it ends: no cut a clean-up step made).
    const lost = without(whole, (x) => x >= 334);
    const check = checkCar({ mask: lost, angle: 'front_left_corner', cutByEdge: false, upscale: 1.2, main });
    expect(check.measures.straightCut).toBeLessThan(0.2);
    expect(check.measures.boxBeyond).toBeGreaterThan(0.15);
    expect(check).toMatchObject({ verdict: 'review', reasons: [CAR_CHECK_REASONS.sideLost.text] });
  });
});
