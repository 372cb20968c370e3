/**
 * No square bites out of the main car from a box read as a car behind it that shows nothing of one
 * (functions/src/vision/local/behind-evidence.ts): a white hatchback seen from behind on a dark background, its roof
 * over a dark rear window. A weak box over its roof's end (the dark car behind lies in the background, not in the
 * mask) and a detected box over its own body under the window (a tail light read as a car) leave it whole; a real car
 * behind rising over its roof in the same weak box still goes.
 */
import { describe, expect, it } from 'vitest';
import type { CleanMask } from '../../functions/src/renderer/cutout/mask-cleanup';
import { removeOtherCars } from '../../functions/src/vision/local/other-cars';
import { showsBehind } from '../../functions/src/vision/local/behind-evidence';
import type { NormBox } from '../../functions/src/vision/port';

const W = 400;
const H = 300;
const WHITE = [226, 226, 228];
const GLASS = [22, 22, 26];
const LAMP = [170, 30, 34];
const DARK = [32, 32, 38];
const BLUE = [40, 60, 190];

/** 1 the hatchback, 2 a car behind over its roof (only with `behind`). */
function scene(behind: boolean) {
  const rgb = new Uint8Array(W * H * 3);
  const car = new Uint8Array(W * H);
  const grain = (x: number, y: number) => ((x * 7 + y * 13) % 5) - 2;
  for (let y = 0; y < H; y++)
    for (let x = 0; x < W; x++) {
      let c = DARK;
      let who = 0;
      if (behind && x >= 230 && x < 340 && y >= 48 && y < 60) (c = BLUE), (who = 2);
      if (x >= 60 && x < 340 && y >= 120 && y < 260) (c = (x < 105 || x >= 295) && y >= 140 && y < 170 ? LAMP : WHITE), (who = 1);
      if (x >= 100 && x < 300 && y >= 60 && y < 120) (c = x >= 115 && x < 285 && y >= 75 && y < 115 ? GLASS : WHITE), (who = 1);
      rgb.set(c.map((v) => v + grain(x, y)), 3 * (y * W + x));
      car[y * W + x] = who;
    }
  const alpha = new Uint8Array(W * H);
  for (let i = 0; i < W * H; i++) if (car[i]) alpha[i] = 255;
  const mask: CleanMask = { alpha, width: W, height: H, box: { left: 60, top: behind ? 48 : 60, right: 340, bottom: 260 }, areaFraction: 0.3, removedFraction: 0 };
  return { photo: { rgb, width: W, height: H }, mask, car };
}

const norm = (l: number, t: number, r: number, b: number): NormBox => ({ left: l / W, top: t / H, right: r / W, bottom: b / H });
const MAIN = norm(60, 60, 340, 260);
/** A car-sized weak box over the roof's right end, reaching a little above the main box. */
const OVER_ROOF = norm(220, 55, 345, 105);
/** A detected car's box over the hatchback's own body under its rear window. */
const IN_BODY = norm(110, 125, 200, 158);

function kept(s: ReturnType<typeof scene>, mask: CleanMask) {
  let own = 0, ownAll = 0, other = 0, otherAll = 0;
  for (let i = 0; i < W * H; i++) {
    const on = mask.alpha[i]! >= 128;
    if (s.car[i] === 1) (ownAll++, on && own++);
    if (s.car[i] === 2) (otherAll++, on && other++);
  }
  return { own: own / ownAll, other: otherAll ? other / otherAll : 0 };
}

describe('a box read as a car behind, with nothing of a car behind in the cut-out', () => {
  it('keeps the roof under a weak box over its end (the roof line runs on through the box)', () => {
    const s = scene(false);
    const out = removeOtherCars(s.mask, MAIN, [], { photo: s.photo, nearby: [OVER_ROOF] });
    // Checked 2026-12-02: with the evidence off, the split behind takes the roof's strip under the box (own 0.95).
    expect(kept(s, out).own).toBeGreaterThan(0.995);
  });

  it('keeps the rear window and roof over a box inside the body (the outline over it runs on from beside it)', () => {
    const s = scene(false);
    const out = removeOtherCars(s.mask, MAIN, [IN_BODY], { photo: s.photo, nearby: [] });
    // Checked 2026-12-02: with the evidence off, the split cuts the window and roof above the box square (own 0.9).
    expect(kept(s, out).own).toBeGreaterThan(0.995);
  });

  it('still splits off a car behind that rises over the roof in the same weak box', () => {
    const s = scene(true);
    const out = removeOtherCars(s.mask, MAIN, [], { photo: s.photo, nearby: [OVER_ROOF] });
    const k = kept(s, out);
    expect(k.other).toBeLessThan(0.1);
    expect(k.own).toBeGreaterThan(0.97);
  });

  it('reads the evidence from the silhouette: rising over the outline beside the box', () => {
    const px = (b: NormBox) => ({ l: Math.floor(b.left * W), t: Math.floor(b.top * H), r: Math.ceil(b.right * W), b: Math.ceil(b.bottom * H) });
    const m = px(MAIN);
    expect(showsBehind(scene(false).mask.alpha, W, H, px(OVER_ROOF), m)).toBe(false);
    expect(showsBehind(scene(true).mask.alpha, W, H, px(OVER_ROOF), m)).toBe(true);
    expect(showsBehind(scene(false).mask.alpha, W, H, px(IN_BODY), m)).toBe(false);
  });
});
