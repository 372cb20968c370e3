import { describe, expect, it } from 'vitest';
import { CAR_CHECK_REASONS, checkWords, CHECK_LOOKS_GOOD } from '@shared/car-checks';
import { solidExtent, type CleanMask } from '../cutout/mask-cleanup';
import { checkCar, measureCar, type PhotoPixels } from './car-checks';

const W = 400;
const H = 300;

/** A front view drawn as a car's silhouette: body, cabin, two door mirrors, two wheels; `paint` adds or removes pixels. */
function frontView(paint: (set: (x: number, y: number, v: number) => void) => void = () => undefined): CleanMask {
  const alpha = new Uint8Array(W * H);
  const set = (x: number, y: number, v: number) => {
    if (x >= 0 && x < W && y >= 0 && y < H) alpha[y * W + x] = v;
  };
  const rect = (l: number, t: number, r: number, b: number, v = 255) => {
    for (let y = t; y < b; y++) for (let x = l; x < r; x++) set(x, y, v);
  };
  // Cabin: narrower at the roof; body: sides bulging a little, as a car's outline curves.
  for (let y = 80; y < 150; y++) rect(Math.round(140 - (30 * (y - 80)) / 70), y, Math.round(260 + (30 * (y - 80)) / 70), y + 1);
  for (let y = 150; y < 230; y++) {
    const bulge = Math.round(8 * Math.sin((Math.PI * (y - 150)) / 80));
    rect(100 - bulge, y, 300 + bulge, y + 1);
  }
  rect(78, 150, 100, 166); // left mirror
  rect(300, 150, 322, 166); // right mirror
  rect(105, 230, 140, 250); // wheels
  rect(260, 230, 295, 250);
  // A cut-out's outline is soft (partial alpha at the edge); what `paint` erases is cut hard.
  const edge: number[] = [];
  for (let y = 1; y < H - 1; y++)
    for (let x = 1; x < W - 1; x++) {
      const i = y * W + x;
      if (alpha[i] && (!alpha[i - 1] || !alpha[i + 1] || !alpha[i - W] || !alpha[i + W])) edge.push(i);
    }
  for (const i of edge) alpha[i] = 200;
  paint(set);
  const { box, area } = solidExtent(alpha, W, H);
  return { alpha, width: W, height: H, box, areaFraction: area / (W * H), removedFraction: 0 };
}

/** The detector's box of the car above (a little wider than the mirrors, as a detector draws it). */
const MAIN = { left: 76 / W, top: 78 / H, right: 324 / W, bottom: 252 / H };
const good = { main: MAIN, angle: 'front' as const, cutByEdge: false, upscale: 1.2 };

type Rgb = readonly [number, number, number];
const RED: Rgb = [190, 28, 32];
const BLUE: Rgb = [28, 40, 150];
const SILVER: Rgb = [170, 172, 176];

/**
 * The photo behind a mask: grey ground, the car's solid pixels in `paint`, its glasshouse (the cabin's upper half) and
 * tyres near black; `patches` (rectangles, their colours) are painted last: lights, or another car standing there.
 */
function photoOf(mask: CleanMask, paint: Rgb, ...patches: { l: number; t: number; r: number; b: number; rgb: Rgb }[]): PhotoPixels {
  const rgb = new Uint8Array(W * H * 3).fill(90);
  for (let y = 0; y < H; y++)
    for (let x = 0; x < W; x++) {
      const i = y * W + x;
      if (mask.alpha[i]! < 128) continue;
      const dark = (y >= 85 && y < 120 && x > 130 && x < 270) || y >= 230;
      rgb.set(dark ? [25, 25, 28] : paint, 3 * i);
    }
  for (const p of patches) for (let y = p.t; y < p.b; y++) for (let x = p.l; x < p.r; x++) rgb.set(p.rgb, 3 * (y * W + x));
  return { rgb, width: W, height: H };
}

/**
 * A piece of another car kept on the roof's right end (pixels of the mask): a box of 50x24 px joined to the cabin.
 * Kept whole by u2netp, its rim is soft like the car's; `cut` draws it as a clean-up split leaves it, its sides cut hard.
 */
const ROOF_PIECE = { l: 215, t: 58, r: 265, b: 82 };
const withRoofPiece = (cut = false) =>
  frontView((set) => {
    for (let y = ROOF_PIECE.t; y < ROOF_PIECE.b; y++)
      for (let x = ROOF_PIECE.l; x < ROOF_PIECE.r; x++) {
        const rim = x === ROOF_PIECE.l || x === ROOF_PIECE.r - 1 || y === ROOF_PIECE.t;
        set(x, y, rim && !cut ? 200 : 255);
      }
  });

/** The window [l, r) x [t, b) of a mask, as a photo framed that tightly would give it. */
function cropped(mask: CleanMask, l: number, t: number, r: number, b: number): CleanMask {
  const w = r - l;
  const h = b - t;
  const alpha = new Uint8Array(w * h);
  for (let y = 0; y < h; y++) alpha.set(mask.alpha.subarray((t + y) * W + l, (t + y) * W + r), y * w);
  const { box, area } = solidExtent(alpha, w, h);
  return { alpha, width: w, height: h, box, areaFraction: area / (w * h), removedFraction: 0 };
}

/** The front view with its tyres erased (what lies under the body, rows 230 to 250): it ends in the bumper's flat line. */
const withoutWheels = () =>
  frontView((set) => {
    for (let y = 230; y < 250; y++) for (let x = 0; x < W; x++) set(x, y, 0);
  });

describe('the car check of a rendered angle', () => {
  it('a whole car alone, enlarged less than twice, looks good', () => {
    const check = checkCar({ mask: frontView(), ...good });
    expect(check).toMatchObject({ verdict: 'ok', reasons: [] });
    expect(checkWords(check)).toEqual([CHECK_LOOKS_GOOD]);
  });

  it('a small car enlarged more than twice is a retake', () => {
    const check = checkCar({ mask: frontView(), ...good, upscale: 2.4 });
    expect(check.verdict).toBe('retake');
    expect(check.reasons).toEqual([CAR_CHECK_REASONS.carSmall.text]);
    expect(check.reasons[0]).toMatch(/^Retake suggested: the car is small in this photo/);
  });

  it('part of another car kept on the roof asks for a review', () => {
    const check = checkCar({ mask: frontView((set) => {
      for (let y = 50; y < 80; y++) for (let x = 200; x < 300; x++) set(x, y, 255);
    }), ...good });
    expect(check.verdict).toBe('review');
    expect(check.reasons).toContain(CAR_CHECK_REASONS.somethingOnRoof.text);
  });

  it('something kept beside the car asks for a review', () => {
    const check = checkCar({ mask: frontView((set) => {
      for (let y = 150; y < 230; y++) for (let x = 300; x < 350; x++) set(x, y, 255);
    }), ...good });
    expect(check.reasons).toContain(CAR_CHECK_REASONS.somethingBeside.text);
  });

  it('a door mirror erased on a front view asks for a review; on a side view the balance is not judged', () => {
    const erased = frontView((set) => {
      for (let y = 150; y < 166; y++) for (let x = 78; x < 100; x++) set(x, y, 0);
    });
    expect(measureCar(erased, MAIN, 'front').sideImbalance).toBeGreaterThan(0.04);
    expect(checkCar({ mask: erased, ...good }).reasons).toContain(CAR_CHECK_REASONS.mirrorMissing.text);
    expect(checkCar({ mask: erased, ...good, angle: 'left_side' }).reasons).not.toContain(CAR_CHECK_REASONS.mirrorMissing.text);
  });

  it('a hole through the car and a strip cut off square ask for a review', () => {
    const holed = frontView((set) => {
      for (let y = 170; y < 200; y++) for (let x = 180; x < 220; x++) set(x, y, 0);
    });
    expect(checkCar({ mask: holed, ...good }).reasons).toContain(CAR_CHECK_REASONS.hole.text);
    const cut = frontView((set) => {
      for (let y = 0; y < H; y++) for (let x = 240; x < W; x++) set(x, y, 0);
    });
    expect(checkCar({ mask: cut, ...good }).reasons).toContain(CAR_CHECK_REASONS.cutSquare.text);
  });

  it('a car touching the photo edge asks for a review, except at its original location (framed as shot)', () => {
    expect(checkCar({ mask: frontView(), ...good, cutByEdge: true }).reasons).toEqual([CAR_CHECK_REASONS.touchesEdge.text]);
    expect(checkCar({ mask: frontView(), ...good, cutByEdge: true, asShot: true }).verdict).toBe('ok');
  });

  it('a car without its wheels asks for a review, told by its flat bottom or by the detector box reaching below it', () => {
    // The detector's box as lost as the cut-out (it stops at the bumper too): the flat bottom alone tells it.
    const mask = withoutWheels();
    const boxToBumper = { ...MAIN, bottom: 231 / H };
    const flat = checkCar({ mask, ...good, main: boxToBumper });
    expect(flat.measures.belowMask).toBeLessThan(0.1);
    expect(flat.measures.flatBottom).toBeGreaterThan(0.5);
    expect(flat).toMatchObject({ verdict: 'review', reasons: [CAR_CHECK_REASONS.wheelsCut.text] });
    expect(CAR_CHECK_REASONS.wheelsCut.text).toMatch(/^Please check: the wheels may be cut off/);
    // The tyres cut flat 5 px under the body (a strip under the sills erased): the bottom is no wider than the tyres,
    // but the detector's box still reaches the ground, 17 px (11% of the car's height) below the cut.
    const footprints = frontView((set) => {
      for (let y = 235; y < 250; y++) for (let x = 0; x < W; x++) set(x, y, 0);
    });
    const below = checkCar({ mask: footprints, ...good });
    expect(below.measures.flatBottom).toBeLessThan(0.5);
    expect(below).toMatchObject({ verdict: 'review', reasons: [CAR_CHECK_REASONS.wheelsCut.text] });
    // The whole car: its lowest rows are the two tyres' contacts.
    expect(measureCar(frontView(), MAIN).flatBottom).toBeLessThan(0.35);
  });

  it('a close-up cut by the frame at its roof and one side is a retake, except framed as shot', () => {
    // The photo's frame runs through the cabin and the car's right half: roof and right side out of the picture.
    const close = cropped(frontView(), 0, 120, 260, H);
    const check = checkCar({ mask: close, ...good, main: undefined, cutByEdge: true });
    expect(check.verdict).toBe('retake');
    expect(check.reasons[0]).toBe(CAR_CHECK_REASONS.closeUp.text);
    expect(check.reasons[0]).toMatch(/^Retake suggested: the car is cut off by the photo's edge/);
    expect(check.reasons).not.toContain(CAR_CHECK_REASONS.touchesEdge.text);
    expect(checkCar({ mask: close, ...good, main: undefined, cutByEdge: true, asShot: true }).verdict).not.toBe('retake');
    // Cut through its body at one side (the frame through a fifth of its width, wheel to roof): the studio image shows
    // it sliced, a dealer's retake (roof-out.ts sideOut). Only a mirror past the side, or only an aerial's tip at the
    // top: a review at most.
    expect(checkCar({ mask: cropped(frontView(), 0, 0, 260, H), ...good, main: undefined, cutByEdge: true }).reasons[0]).toBe(CAR_CHECK_REASONS.closeUp.text);
    const mirrorOut = checkCar({ mask: cropped(frontView(), 0, 0, 312, H), ...good, main: undefined, cutByEdge: true });
    expect(mirrorOut.verdict).toBe('review');
    expect(mirrorOut.reasons[0]).toBe(CAR_CHECK_REASONS.touchesEdge.text);
    expect(mirrorOut.reasons).not.toContain(CAR_CHECK_REASONS.closeUp.text);
    const aerial = cropped(
      frontView((set) => {
        for (let y = 60; y < 80; y++) set(200, y, 255);
      }),
      0,
      60,
      W,
      H,
    );
    expect(checkCar({ mask: aerial, ...good, main: undefined, cutByEdge: true }).reasons).toEqual([CAR_CHECK_REASONS.touchesEdge.text]);
  });

  it('without the detector box (an old cut-out record) the outline checks still run', () => {
    const holed = frontView((set) => {
      for (let y = 170; y < 200; y++) for (let x = 180; x < 220; x++) set(x, y, 0);
    });
    const { main: _main, ...noBox } = good;
    expect(checkCar({ mask: frontView(), ...noBox }).verdict).toBe('ok');
    expect(checkCar({ mask: holed, ...noBox }).verdict).toBe('review');
  });

  it('a patch of another paint joined to a car of a strong paint asks for a review, even inside the detector box', () => {
    // The detector's box reaching over the piece too (as it does when it takes both cars for one): the box checks see nothing.
    const tallBox = { ...MAIN, top: 50 / H };
    const mask = withRoofPiece();
    const blue = checkCar({ mask, ...good, main: tallBox, photo: photoOf(mask, RED, { ...ROOF_PIECE, rgb: BLUE }) });
    expect(blue.measures.otherPaint).toBeGreaterThan(0.001);
    expect(blue).toMatchObject({ verdict: 'review', reasons: [CAR_CHECK_REASONS.otherPaint.text] });
    // The same piece in deep shade, darker than the car's tinted glass: still another car's (it stands above the
    // car's own paint, not between it).
    const shaded = checkCar({ mask, ...good, main: tallBox, photo: photoOf(mask, RED, { ...ROOF_PIECE, rgb: [15, 20, 80] }) });
    expect(shaded).toMatchObject({ verdict: 'review', reasons: [CAR_CHECK_REASONS.otherPaint.text] });
    expect(CAR_CHECK_REASONS.otherPaint.text).toMatch(/^Please check: part of another car/);
    // The same piece pale blue, glass mirroring the sky at the outline (an orange Ford GT's windscreen and side window):
    // a strong blue pixel by pixel, barely a colour on the whole (CIELAB chroma 27), so no other car's paint.
    const skyGlass = checkCar({ mask, ...good, main: tallBox, photo: photoOf(mask, RED, { ...ROOF_PIECE, rgb: [130, 170, 215] }) });
    expect(skyGlass).toMatchObject({ verdict: 'ok', measures: { otherPaint: 0 } });
    // The same piece in the car's own paint, or no photo given: nothing to tell it by.
    expect(checkCar({ mask, ...good, main: tallBox, photo: photoOf(mask, RED, { ...ROOF_PIECE, rgb: RED }) }).verdict).toBe('ok');
    expect(checkCar({ mask, ...good, main: tallBox }).verdict).toBe('ok');
    // Unless a clean-up split it there: its sides cut hard, standing over the car's roof (`cutPiece`), in any paint.
    const cut = withRoofPiece(true);
    expect(checkCar({ mask: cut, ...good, main: tallBox, photo: photoOf(cut, RED, { ...ROOF_PIECE, rgb: RED }) })).toMatchObject({ verdict: 'review', reasons: [CAR_CHECK_REASONS.somethingOnRoof.text] });
  });

  it('a whole car with lights of a near hue, and a car without a strong paint of its own, are not flagged for their colours', () => {
    const mask = frontView();
    // Orange indicators on a red car: 25 degrees of hue from the paint.
    const lights = photoOf(mask, RED, { l: 110, t: 160, r: 140, b: 175, rgb: [230, 110, 20] });
    expect(checkCar({ mask, ...good, photo: lights })).toMatchObject({ verdict: 'ok', measures: { otherPaint: 0 } });
    // The sky reflected blue in the windscreen: a colour enclosed by the car, not reaching its outline.
    const sky = photoOf(mask, RED, { l: 160, t: 92, r: 240, b: 116, rgb: [90, 150, 230] });
    expect(checkCar({ mask, ...good, photo: sky })).toMatchObject({ verdict: 'ok', measures: { otherPaint: 0 } });
    // A blue car's red tail lamps and amber indicators at its ends, reaching its outline: lamps, not another car.
    const lampsAtEnds = photoOf(mask, BLUE, { l: 90, t: 180, r: 135, b: 200, rgb: RED }, { l: 265, t: 180, r: 310, b: 200, rgb: [235, 140, 20] });
    expect(checkCar({ mask, ...good, photo: lampsAtEnds })).toMatchObject({ verdict: 'ok', measures: { otherPaint: 0 } });
    // A red car's tinted glass roof along the top of its outline (the red BMW 1-series' panoramic roof: dark blue, 98
    // of brightness against its paint's 172): glass, darker than any paint in the same light.
    const glassRoof = photoOf(mask, RED, { l: 150, t: 80, r: 250, b: 90, rgb: [18, 60, 100] });
    expect(checkCar({ mask, ...good, photo: glassRoof })).toMatchObject({ verdict: 'ok', measures: { otherPaint: 0 } });
    // A silver car: its strong colours are lights, badges and the sky's reflections, not a paint to compare with (its
    // red lights, the largest of them, would make the blue look foreign).
    const withPiece = withRoofPiece();
    const lamp = (l: number) => ({ l, t: 180, r: l + 45, b: 200, rgb: RED });
    const silver = photoOf(withPiece, SILVER, lamp(110), lamp(245), { ...ROOF_PIECE, rgb: BLUE });
    expect(measureCar(withPiece, { ...MAIN, top: 50 / H }, 'front', silver).otherPaint).toBe(0);
  });

  it('background kept along the roof (see-through branches, a wall cut hard) asks for a review; the same car clean looks good', () => {
    // The detector's box reaching over the strip (as it did on the Ford S-Max whose cut-out kept it): the box checks
    // see nothing. The cabin's roof runs from x 140 to 260 at row 80.
    const tallBox = { ...MAIN, top: 50 / H };
    const clean = frontView();
    const cleanCheck = checkCar({ mask: clean, ...good, main: tallBox, photo: photoOf(clean, SILVER) });
    expect(cleanCheck).toMatchObject({ verdict: 'ok', reasons: [], measures: { roofBackground: 0 } });
    // The top of the strip is ragged (0 to 3 px, a different height in every column): no level cut for `cutSquare`.
    const ragged = (x: number) => (x * 7) % 4;
    // Sky and bare branches u2netp half kept: alpha climbing from 100 to 230 over 12 rows above the roof, over 70% of
    // its length; in the photo they are the background's grey, as above them.
    const branches = frontView((set) => {
      for (let x = 150; x < 235; x++) for (let y = 68 + ragged(x); y < 80; y++) set(x, y, Math.round(100 + (130 * (y - 68)) / 12));
    });
    const see = checkCar({ mask: branches, ...good, main: tallBox, photo: photoOf(branches, SILVER, { l: 150, t: 60, r: 235, b: 80, rgb: [90, 90, 90] }) });
    expect(see.measures.roofBackground).toBeGreaterThan(0.08);
    expect(see).toMatchObject({ verdict: 'review', reasons: [CAR_CHECK_REASONS.backgroundOnRoof.text] });
    // An orange wall behind the roof, cut hard by the clean-up 6 to 9 rows above it: the wall runs on above the cut.
    const wall = frontView((set) => {
      for (let x = 160; x < 250; x++) for (let y = 71 + ragged(x); y < 80; y++) set(x, y, 255);
    });
    const orange = { l: 160, t: 40, r: 250, b: 80, rgb: [190, 140, 100] as const };
    const walled = checkCar({ mask: wall, ...good, main: tallBox, photo: photoOf(wall, SILVER, orange) });
    expect(walled).toMatchObject({ verdict: 'review', reasons: [CAR_CHECK_REASONS.backgroundOnRoof.text] });
    expect(CAR_CHECK_REASONS.backgroundOnRoof.text).toBe('Please check: part of the background may be left on the roof.');
    // The clean-up cutting into the car's own roof instead (a dark roof under a dark car behind it): the photo's edge
    // nearest the cut-out's top, the roof's own top, lies above it, not below. Not background kept.
    const roofCut = frontView((set) => {
      for (let x = 150; x < 250; x++) for (let y = 80; y < 86 + ragged(x); y++) set(x, y, 0);
    });
    const thickRoof = photoOf(roofCut, SILVER, { l: 140, t: 80, r: 260, b: 110, rgb: SILVER });
    expect(measureCar(roofCut, tallBox, 'front', thickRoof).roofBackground).toBe(0);
    // The same strips where the photo shows an edge at the cut-out's top (a roof box, a spoiler: the car's own), or
    // without the photo to tell: not flagged.
    expect(checkCar({ mask: branches, ...good, main: tallBox, photo: photoOf(branches, SILVER) }).measures.roofBackground).toBe(0);
    expect(checkCar({ mask: wall, ...good, main: tallBox }).verdict).toBe('ok');
  });
});
