import { describe, expect, it } from 'vitest';
import { asShotFraming } from './compositor';

const W = 1536;
const H = 1024;
/** Where the car's box lands on the frame. */
const placed = (photo: { width: number; height: number }, box: { left: number; top: number; right: number; bottom: number }) => {
  const f = asShotFraming(photo, box, W, H);
  return { ...f, carLeft: f.left + box.left * f.scale, carRight: f.left + box.right * f.scale, carTop: f.top + box.top * f.scale, carBottom: f.top + box.bottom * f.scale };
};

describe('the original location framed as shot', () => {
  it('covers the frame with the photo, centred, when the car stays whole inside it', () => {
    const p = placed({ width: 1200, height: 800 }, { left: 200, top: 250, right: 1000, bottom: 650 });
    expect(p.scale).toBeCloseTo(W / 1200, 6);
    expect([p.left, p.top]).toEqual([0, 0]);
  });

  it('draws a wide photo smaller rather than crop the ends of a car that fills it (never beyond the frame)', () => {
    // A 16:9 photo with the car from 3% to 96% of its width: covering a 3:2 frame would cut both ends.
    const photo = { width: 960, height: 540 };
    const box = { left: 30, top: 60, right: 920, bottom: 510 };
    const cover = Math.max(W / photo.width, H / photo.height);
    expect(cover * (box.right - box.left)).toBeGreaterThan(W);
    const p = placed(photo, box);
    expect(p.scale).toBeLessThan(cover);
    expect(p.carLeft).toBeGreaterThanOrEqual(W * 0.03 - 0.5);
    expect(p.carRight).toBeLessThanOrEqual(W * 0.97 + 0.5);
    expect(p.carTop).toBeGreaterThanOrEqual(0);
    expect(p.carBottom).toBeLessThanOrEqual(H);
  });

  it('keeps a car cut by the photo\'s own edge at the frame\'s edge (it is cut in the photo itself)', () => {
    const photo = { width: 960, height: 540 };
    const p = placed(photo, { left: 0, top: 60, right: 920, bottom: 510 });
    expect(p.carLeft).toBeLessThanOrEqual(0.5);
    expect(p.carRight).toBeLessThanOrEqual(W * 0.97 + 0.5);
  });
});
