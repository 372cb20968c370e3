import { describe, expect, it } from 'vitest';
import { textRegions } from './text-detector';

/** A probability map w x h with rectangles of the given probability. */
function map(w: number, h: number, blobs: { x: number; y: number; width: number; height: number; p: number }[]): Float32Array {
  const m = new Float32Array(w * h);
  for (const b of blobs) for (let y = b.y; y < b.y + b.height; y++) for (let x = b.x; x < b.x + b.width; x++) m[y * w + x] = b.p;
  return m;
}

describe("the text detector's post-processing (DBNet's, as PaddleOCR does it)", () => {
  it('boxes each confident region and grows it by area x 1.5 / perimeter; unsure and tiny regions are dropped', () => {
    const boxes = textRegions(
      map(100, 60, [
        { x: 10, y: 10, width: 40, height: 10, p: 0.9 }, // a text line
        { x: 70, y: 40, width: 20, height: 8, p: 0.5 }, // above the pixel threshold, below the box threshold
        { x: 5, y: 50, width: 2, height: 2, p: 0.95 }, // too small
      ]),
      100,
      60,
    );
    expect(boxes).toHaveLength(1);
    // grow = 40 * 10 * 1.5 / (2 * 50) = 6 px on every side.
    expect(boxes[0]).toMatchObject({ x: 4, y: 4, width: 52, height: 22 });
    expect(boxes[0]!.score).toBeCloseTo(0.9, 5);
  });

  it('keeps the grown box inside the map and tells touching regions apart from separate ones', () => {
    const boxes = textRegions(
      map(50, 20, [
        { x: 0, y: 0, width: 10, height: 5, p: 0.8 },
        { x: 10, y: 0, width: 10, height: 5, p: 0.8 }, // touches the first: one region
        { x: 30, y: 10, width: 10, height: 5, p: 0.8 },
      ]),
      50,
      20,
    );
    expect(boxes).toHaveLength(2);
    for (const b of boxes) expect(b.x >= 0 && b.y >= 0 && b.x + b.width <= 50 && b.y + b.height <= 20).toBe(true);
    expect(boxes[0]!.x).toBe(0);
  });
});
