/** The pure parts of the cut-out: the guided filter and the mask agreement measures (no model). */
import { describe, expect, it } from 'vitest';
import { boxMean, colourGuidedFilter, guidedFilter } from '../../functions/src/renderer/cutout/guided-filter';
import { boundaryF, maskIoU } from '../../functions/src/renderer/cutout/mask-agreement';

const W = 100;
const H = 40;

/** A vertical edge at x = 50 in the guide, and a mask that ramps from 0 at x = 40 to 1 at x = 60 (a coarse mask). */
function edgeAndRamp() {
  const guide = new Float32Array(W * H);
  const rgb = new Uint8Array(W * H * 3);
  const p = new Float32Array(W * H);
  for (let y = 0; y < H; y++)
    for (let x = 0; x < W; x++) {
      const i = y * W + x;
      guide[i] = x >= 50 ? 0.8 : 0.2;
      // Equal brightness on both sides, different colour: red car on green grass.
      rgb.set(x >= 50 ? [200, 40, 40] : [60, 140, 40], 3 * i);
      p[i] = Math.min(1, Math.max(0, (x - 40) / 20));
    }
  return { guide, rgb, p };
}

describe('guided filter', () => {
  it('box mean averages over the window, clipped at the borders', () => {
    const src = Float32Array.from({ length: 5 }, (_, i) => i); // one row: 0 1 2 3 4
    expect(Array.from(boxMean(src, 5, 1, 1))).toEqual([0.5, 1, 2, 3, 3.5]);
  });

  it('puts a step into a soft mask edge where the guide has its edge', () => {
    const { guide, p } = edgeAndRamp();
    const q = guidedFilter(guide, p, W, H, 6, 1e-3);
    const row = 20 * W;
    expect(p[row + 50]! - p[row + 49]!).toBeCloseTo(0.05); // the coarse mask: a gentle ramp
    expect(q[row + 50]! - q[row + 49]!).toBeGreaterThan(0.3); // refined: a step at the guide's edge
    expect(q[row + 49]!).toBeLessThan(0.5); // the car/background threshold falls on the edge
    expect(q[row + 50]!).toBeGreaterThan(0.5);
    expect(q[row + 10]!).toBeCloseTo(0, 2);
    expect(q[row + 90]!).toBeCloseTo(1, 2);
  });

  it('with the colour guide, follows an edge the grey guide cannot see', () => {
    const { rgb, p } = edgeAndRamp();
    const grey = new Float32Array(W * H).fill(0.5); // both colours as bright
    const row = 20 * W;
    const flat = guidedFilter(grey, p, W, H, 6, 1e-3);
    expect(flat[row + 50]! - flat[row + 49]!).toBeLessThan(0.1); // no edge to follow: stays a ramp
    const q = colourGuidedFilter(rgb, p, W, H, 6, 1e-3);
    expect(q[row + 50]! - q[row + 49]!).toBeGreaterThan(0.3);
    expect(q[row + 49]!).toBeLessThan(0.5);
    expect(q[row + 50]!).toBeGreaterThan(0.5);
  });
});

function square(left: number, top: number, size = 30, w = 80, h = 80) {
  const alpha = new Uint8Array(w * h);
  for (let y = top; y < top + size; y++) for (let x = left; x < left + size; x++) alpha[y * w + x] = 255;
  return { alpha, width: w, height: h };
}

describe('mask agreement', () => {
  it('IoU: 1 for the same mask, the overlap share for a shifted one', () => {
    expect(maskIoU(square(10, 10), square(10, 10))).toBe(1);
    // 30x30 squares shifted 3 px right: overlap 27x30 = 810, union 1800 - 810 = 990.
    expect(maskIoU(square(10, 10), square(13, 10))).toBeCloseTo(810 / 990, 6);
  });

  it('boundary F at 3 px: 1 within the tolerance, near 0 beyond it', () => {
    expect(boundaryF(square(10, 10), square(10, 10))).toBe(1);
    expect(boundaryF(square(12, 12), square(10, 10), 3)).toBe(1); // 2 px each way: sqrt(8) < 3
    expect(boundaryF(square(16, 16), square(10, 10), 3)).toBeLessThan(0.15);
  });

  it('refuses masks of different sizes', () => {
    expect(() => maskIoU(square(0, 0), square(0, 0, 30, 81))).toThrow(/differ in size/);
  });
});
