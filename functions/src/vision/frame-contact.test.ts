import { describe, expect, it } from 'vitest';
import { FRAME_BAND, framedSides, silhouetteTouchesFrame } from './frame-contact';

/** A silhouette: a solid rectangle (alpha 255) with a soft 2-pixel rim (alpha 100, not solid) in a w x h frame. */
function silhouette(w: number, h: number, r: { left: number; top: number; right: number; bottom: number }) {
  const alpha = new Uint8Array(w * h);
  for (let y = Math.max(0, r.top - 2); y < Math.min(h, r.bottom + 2); y++)
    for (let x = Math.max(0, r.left - 2); x < Math.min(w, r.right + 2); x++) alpha[y * w + x] = x >= r.left && x < r.right && y >= r.top && y < r.bottom ? 255 : 100;
  return { alpha, width: w, height: h };
}

describe('the car touching the frame, from its silhouette', () => {
  it('a car cut by the left edge touches it; the soft rim around a car does not count', () => {
    expect(framedSides(silhouette(1000, 600, { left: 0, top: 100, right: 700, bottom: 500 }))).toEqual({ left: true, top: false, right: false, bottom: false, count: 1 });
    // The rim reaches the edge, the solid car stands 2 px off it (0.2%, inside the band): still touching.
    expect(framedSides(silhouette(1000, 600, { left: 2, top: 100, right: 700, bottom: 500 })).left).toBe(true);
    expect(framedSides(silhouette(1000, 600, { left: 100, top: 0, right: 1000, bottom: 600 })).count).toBe(3);
  });

  it('a car standing clear of the frame by more than the band does not touch it, however close its rim comes', () => {
    const clear = Math.ceil(FRAME_BAND * 1000) + 1;
    expect(silhouetteTouchesFrame(silhouette(1000, 600, { left: clear, top: 100, right: 1000 - clear, bottom: 600 - Math.ceil(FRAME_BAND * 600) - 1 }))).toBe(false);
    // The BMW X3 fixture's bumper, 1.9% from the left edge, where the detector's box said 0.93% (under the old 1.2%).
    expect(silhouetteTouchesFrame(silhouette(1536, 886, { left: 29, top: 46, right: 1512, bottom: 838 }))).toBe(false);
  });

  it('the same silhouette at another size gives the same answer (the form checks a shrunk photo, the render the upload)', () => {
    for (const [w, h] of [
      [1536, 1024],
      [1280, 853],
      [800, 533],
    ] as const) {
      const scale = w / 1536;
      const at = (v: number) => Math.round(v * scale);
      expect(framedSides(silhouette(w, h, { left: 0, top: at(90), right: at(1400), bottom: at(1000) }))).toMatchObject({ left: true, right: false, bottom: false });
      expect(silhouetteTouchesFrame(silhouette(w, h, { left: at(25), top: at(90), right: at(1500), bottom: at(990) }))).toBe(false);
    }
  });

  it('an empty silhouette touches nothing', () => {
    expect(framedSides({ alpha: new Uint8Array(100), width: 10, height: 10 }).count).toBe(0);
  });
});
