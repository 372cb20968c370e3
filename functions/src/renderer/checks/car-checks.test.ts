import { describe, expect, it } from 'vitest';
import { CAR_CHECK_REASONS, checkWords, CHECK_LOOKS_GOOD } from '@shared/car-checks';
import { solidExtent, type CleanMask } from '../cutout/mask-cleanup';
import { checkCar, measureCar } from './car-checks';

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

  it('without the detector box (an old cut-out record) the outline checks still run', () => {
    const holed = frontView((set) => {
      for (let y = 170; y < 200; y++) for (let x = 180; x < 220; x++) set(x, y, 0);
    });
    const { main: _main, ...noBox } = good;
    expect(checkCar({ mask: frontView(), ...noBox }).verdict).toBe('ok');
    expect(checkCar({ mask: holed, ...noBox }).verdict).toBe('review');
  });
});
