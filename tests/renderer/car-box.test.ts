/**
 * The fidelity check's car box (fidelity/car-fidelity.ts, carBox) reads four pixels a compare where it can: its answer
 * must be the plain pixel-by-pixel one on every mask, whatever its width, its offset in memory or where the car is.
 */
import { describe, expect, it } from 'vitest';
import { carBox } from '../../functions/src/renderer/fidelity/car-fidelity';

/** The definition: the box of the pixels with alpha >= 128. */
function plainBox(alpha: Uint8Array, width: number, height: number) {
  let left = width, top = -1, right = -1, bottom = -1;
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++)
      if (alpha[y * width + x]! >= 128) {
        left = Math.min(left, x);
        right = Math.max(right, x);
        if (top < 0) top = y;
        bottom = y;
      }
  return top < 0 ? undefined : { left, top, width: right - left + 1, height: bottom - top + 1 };
}

/** Deterministic pseudo-random numbers (a fixed seed: the same masks every run). */
function random(seed: number) {
  let s = seed;
  return () => ((s = (s * 1103515245 + 12345) >>> 0) / 2 ** 32);
}

describe('carBox', () => {
  it('answers the pixel-by-pixel box on sparse masks of many widths and offsets, 127 and 128 told apart', () => {
    const next = random(7);
    for (let trial = 0; trial < 400; trial++) {
      const width = 4 + Math.floor(next() * 60);
      const height = 1 + Math.floor(next() * 20);
      const offset = Math.floor(next() * 4); // 0: whole words; 1-3: the byte-by-byte path
      const buffer = new Uint8Array(offset + width * height);
      const alpha = buffer.subarray(offset);
      // A few pixels anywhere, the frame's corners and last column included, at values either side of 128.
      const pixels = Math.floor(next() * 4);
      for (let p = 0; p < pixels; p++) alpha[Math.floor(next() * alpha.length)] = [127, 128, 200, 255][Math.floor(next() * 4)]!;
      if (next() < 0.2) alpha[alpha.length - 1] = 128;
      if (next() < 0.2) alpha[width - 1] = 255;
      if (next() < 0.2) alpha[0] = 127;
      expect(carBox({ alpha, width, height })).toEqual(plainBox(alpha, width, height));
    }
  });

  it('finds a car filling whole rows, and none in an empty mask', () => {
    const width = 16, height = 3;
    const alpha = new Uint8Array(width * height);
    expect(carBox({ alpha, width, height })).toBeUndefined();
    alpha.fill(255, width, 2 * width);
    expect(carBox({ alpha, width, height })).toEqual({ left: 0, top: 1, width: 16, height: 1 });
  });
});
