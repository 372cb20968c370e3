/**
 * The door mirrors u2netp barely sees (mirror-recovery.ts): a car drawn head-on, kept by the clean-up, with a piece
 * beside its flank that the model gives only a faint soft value (24 of 255, where the clean-up keeps 128 and up; the
 * parking-lot fronts of issue 37 lost theirs so). A mirror-sized piece at mirror height is added where the other
 * flank shows a mirror too; the same faint value running on to the frame's edge (a car beside) or at wheel height is
 * not, nor the fainter glow above a mirror, nor a mirror on one flank alone (a car turned a little hides the other),
 * nor the wall behind a mirror where the model's blurred outline runs over it as strongly as over the mirror.
 */
import { describe, expect, it } from 'vitest';
import { recoverMirrors } from '../../functions/src/renderer/cutout/mirror-recovery';
import { drawnCars } from './drawn-cars';

const W = 400;
const H = 300;
const FAINT = 24;
const inside = (x: number, y: number, l: number, t: number, r: number, b: number) => x >= l && x < r && y >= t && y < b;

type Piece = [number, number, number, number];
/** The right flank's mirror, faint like the left's. */
const RIGHT_MIRROR: Piece = [290, 110, 312, 124];

/** The body from x 110 to 290 and y 60 to 250; `pieces` (l, t, r, b) are what the model saw faintly beside it. */
function frontWith(...pieces: Piece[]) {
  const { photo, mask, truth } = drawnCars(
    W, H,
    (x, y) => (inside(x, y, 110, 60, 290, 250) ? [180, 20, 30] : undefined),
    (x, y) => (pieces.some((piece) => inside(x, y, ...piece)) ? [170, 25, 35] : undefined),
    [120, 120, 120],
  );
  // The clean-up kept the body only; the soft mask has the piece faintly.
  const soft = new Uint8Array(W * H);
  for (let i = 0; i < soft.length; i++) soft[i] = truth[i] ? 255 : mask.alpha[i] ? FAINT : 0;
  for (let i = 0; i < mask.alpha.length; i++) mask.alpha[i] = truth[i] ? 255 : 0;
  mask.box = { left: 110, top: 60, right: 290, bottom: 250 };
  return { mask, soft, photo: { ...photo, rgb: Buffer.from(photo.rgb.buffer) } };
}

describe('mirror recovery', () => {
  it('adds faint mirror-sized pieces beside both flanks at mirror height', () => {
    const { mask, soft, photo } = frontWith([88, 110, 110, 124], RIGHT_MIRROR);
    const out = recoverMirrors(mask, soft, photo);
    expect(out.alpha[117 * W + 95]).toBe(255);
    expect(out.alpha[117 * W + 300]).toBe(255);
    expect(out.box.left).toBe(88);
    expect(out.box.right).toBe(312);
  });

  it('adds no mirror on one flank alone (the other hidden or lost: it would make the car lopsided)', () => {
    const { mask, soft, photo } = frontWith([88, 110, 110, 124]);
    const out = recoverMirrors(mask, soft, photo);
    expect(out.alpha[117 * W + 95]).toBe(0);
    expect(out.box.left).toBe(110);
  });

  it('leaves out the glow over what stands behind, above the mirror', () => {
    const { mask, soft, photo } = frontWith([88, 104, 110, 124], RIGHT_MIRROR);
    for (let y = 104; y < 110; y++) for (let x = 88; x < 110; x++) soft[y * W + x] = 6; // the glow, above the mirror's 24
    const out = recoverMirrors(mask, soft, photo);
    expect(out.alpha[117 * W + 95]).toBe(255);
    expect(out.alpha[106 * W + 95]).toBe(0);
  });

  it('keeps out the same faint value where it runs on to the frame (a car beside)', () => {
    const { mask, soft, photo } = frontWith([0, 110, 110, 124], RIGHT_MIRROR);
    const out = recoverMirrors(mask, soft, photo);
    expect(out.alpha[117 * W + 95]).toBe(0);
    expect(out.box.left).toBe(110);
  });

  it('keeps out a faint piece of the same size at wheel height', () => {
    const { mask, soft, photo } = frontWith([88, 210, 110, 224], RIGHT_MIRROR);
    const out = recoverMirrors(mask, soft, photo);
    expect(out.alpha[217 * W + 95]).toBe(0);
    expect(out.box.left).toBe(110);
  });

  it('leaves out the wall behind the mirror where the faint outline runs over it (br-OKP7250: a yellow band above its left mirror)', () => {
    const { mask, soft, photo } = frontWith([88, 110, 110, 124], RIGHT_MIRROR);
    // A yellow wall band behind the left mirror's top, which the model's soft outline covers as strongly as the mirror.
    for (let y = 100; y < 114; y++)
      for (let x = 40; x < 110; x++) {
        const i = y * W + x;
        if (y >= 110 && x >= 88) continue; // the mirror stands in front
        photo.rgb.set([230, 190, 30], 3 * i);
        if (y >= 107 && x >= 88) soft[i] = FAINT;
      }
    const out = recoverMirrors(mask, soft, photo);
    expect(out.alpha[117 * W + 95]).toBe(255);
    expect(out.alpha[108 * W + 95]).toBe(0);
    expect(out.alpha[108 * W + 105]).toBe(0);
  });
});
