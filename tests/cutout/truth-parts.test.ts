/**
 * The truth bench's part recall (tests/bench/cutout-truth.ts) scores each labelled mirror and wheel where it lands in
 * the composite: a box in the frame's own pixels (tests/bench/cutout-truth-parts.ts) carried through the frame's trim
 * to its car, the scaling and the placement (`placedBox`). A frame drawn here: a car-sized block with a "mirror"
 * standing out of it, on a transparent 640x480 frame, as the turntable's frames are.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, describe, expect, it } from 'vitest';
import { carLayer, placedAlpha, placedBox } from '../bench/cutout-truth-composites';
import { FRAME_PARTS } from '../bench/cutout-truth-parts';

const dir = mkdtempSync(join(tmpdir(), 'truth-parts-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('the truth bench part boxes', () => {
  it('land on the same part in the composite as in the frame (trim, scaling, placement)', async () => {
    const rgba = Buffer.alloc(640 * 480 * 4);
    const paint = (l: number, t: number, r: number, b: number) => {
      for (let y = t; y <= b; y++) for (let x = l; x <= r; x++) rgba.set([200, 30, 30, 255], 4 * (y * 640 + x));
    };
    paint(150, 200, 450, 330); // the body
    paint(120, 190, 149, 209); // the mirror, standing out on the left
    await sharp(rgba, { raw: { width: 640, height: 480, channels: 4 } }).png().toFile(join(dir, 'frame.png'));
    // As the bench: the trimmed car scaled to 0.62 of the 1536 px composite, placed at (200, 300).
    const layer = await carLayer(dir, 'frame.png', 952);
    const alpha = placedAlpha(layer, 200, 300);
    const box = placedBox([120, 190, 149, 209], layer, 200, 300)!;
    // The trimmed frame is 331 px wide: the mirror is its first 30 columns, 20 of its 141 rows.
    const scale = 952 / 331;
    expect(box.left).toBe(200);
    expect(box.top).toBe(300);
    expect(box.right - box.left + 1).toBeCloseTo(30 * scale, -0.5);
    expect(box.bottom - box.top + 1).toBeCloseTo(20 * scale, -0.5);
    // Inside the box: the mirror, solid; just past its right edge inside the body's rows: the body. Above the box: nothing.
    let inside = 0;
    let solid = 0;
    for (let y = box.top + 2; y <= box.bottom - 2; y++)
      for (let x = box.left + 2; x <= box.right - 2; x++) (inside++, alpha[y * 1536 + x]! >= 128 && solid++);
    expect(solid / inside).toBeGreaterThan(0.99);
    expect(alpha[(box.top - 3) * 1536 + box.left + 10]).toBe(0);
    // A box off the composite is not shown.
    expect(placedBox([120, 190, 149, 209], layer, 1600, 300)).toBeUndefined();
  });

  it('label every bench frame, each box inside the 640x480 frame and a part’s size', () => {
    expect(Object.keys(FRAME_PARTS)).toEqual(Array.from({ length: 12 }, (_, i) => `${String(i * 6).padStart(4, '0')}.png`));
    for (const parts of Object.values(FRAME_PARTS)) {
      expect(parts.wheels).toHaveLength(2);
      for (const [l, t, r, b] of [...parts.mirrors.map((m) => m.box), ...parts.wheels]) {
        expect(l).toBeGreaterThanOrEqual(0);
        expect(t).toBeGreaterThanOrEqual(0);
        expect(r).toBeLessThan(640);
        expect(b).toBeLessThan(480);
        expect(r - l).toBeGreaterThanOrEqual(10);
        expect(b - t).toBeGreaterThanOrEqual(10);
      }
      // Mirrors stand above the wheels' tops.
      for (const m of parts.mirrors) for (const w of parts.wheels) expect(m.box[3]).toBeLessThan(w[1]);
    }
  });
});
