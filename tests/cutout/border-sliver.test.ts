/**
 * The clean-up keeps the model's soft pixels only near the car's core. The frame's border counts as core only where
 * the model saw something on it: a faint upright near the photo's edge, away from the car, is not car (the Ford
 * Expedition kept a 3 px line beside its rear end, in the 8 px along the right border).
 */
import { describe, expect, it } from 'vitest';
import { cleanMask } from '../../functions/src/renderer/cutout/mask-cleanup';

const W = 500;
const H = 330;

/** A car-sized solid block, its soft rear end fading out, and a faint upright 2 px from the right border. */
function drawn(): Uint8Array {
  const soft = new Uint8Array(W * H);
  for (let y = 40; y < 300; y++)
    for (let x = 10; x < 480; x++) soft[y * W + x] = x < 470 ? 255 : 200 - (x - 470) * 20; // the rear fades to 0 by x 480
  for (let y = 140; y < 185; y++) for (let x = 494; x < 497; x++) soft[y * W + x] = 90;
  return soft;
}

describe('the clean-up along the frame border', () => {
  it('drops a faint upright at the border that stands apart from the car', () => {
    const { alpha } = cleanMask(drawn(), W, H);
    let kept = 0;
    for (let y = 0; y < H; y++) for (let x = 485; x < W; x++) if (alpha[y * W + x]) kept++;
    expect(kept).toBe(0);
  });

  it('keeps a car cut by the frame to the border', () => {
    const soft = new Uint8Array(W * H);
    for (let y = 40; y < 300; y++) for (let x = 100; x < W; x++) soft[y * W + x] = 255;
    const { alpha } = cleanMask(soft, W, H);
    for (const y of [41, 170, 298]) expect(alpha[y * W + W - 1]).toBe(255);
    expect(alpha[170 * W + 100]).toBe(255);
  });
});
