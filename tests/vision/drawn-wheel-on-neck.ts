/**
 * A drawn scene for the other-car step: a red car (a black roof, like the truth bench's Kadjar) in front, a blue car
 * parked behind rising over its roof, whose front wheel hangs beside the red car's rear roof corner, joined to it by a
 * thin dark neck; the red car's door mirror stands on a narrow stalk at the other end of its cabin. Drawn, not
 * photographed: every pixel's part is known. The cut-out is drawn too: both cars, as the saliency mask takes them.
 */
import type { CleanMask } from '../../functions/src/renderer/cutout/mask-cleanup';
// The same frame and colours as the car-behind scene (the truth bench's red Kadjar and blue car).
import { BLUE, GLASS, GROUND, H, RED, ROOF, SKY, TYRE, W } from './drawn-car-behind';

export { H, W };
/** What each pixel shows. */
export const SCENE = 0, MAIN = 1, OTHER = 2, WHEEL = 3, NECK = 4, MIRROR = 5;

export function drawnWheelOnNeck() {
  const rgb = new Uint8Array(W * H * 3);
  const part = new Uint8Array(W * H);
  const put = (x: number, y: number, c: number[], what: number) => {
    rgb.set(c.map((v) => v + ((x * 7 + y * 13) % 5) - 2), 3 * (y * W + x));
    part[y * W + x] = what;
  };
  const disc = (cx: number, cy: number, r: number, x: number, y: number) => (x - cx) ** 2 + (y - cy) ** 2 <= r * r;
  for (let y = 0; y < H; y++) for (let x = 0; x < W; x++) put(x, y, y < 260 ? SKY : GROUND, SCENE);
  // The blue car behind (its rear wheel hidden by the red car): body 260-560 x 110-160, cabin 300-520 x 70-110; its
  // front wheel hangs beside the red car's rear roof corner, below the red car's top.
  for (let y = 60; y < 230; y++)
    for (let x = 250; x < 570; x++) {
      if (disc(405, 178, 22, x, y)) put(x, y, TYRE, WHEEL);
      else if (disc(300, 165, 22, x, y)) put(x, y, TYRE, OTHER);
      else if (x >= 260 && x < 560 && y >= 110 && y < 160) put(x, y, BLUE, OTHER);
      else if (x >= 300 && x < 520 && y >= 70 && y < 110) put(x, y, x < 310 || x >= 510 || y < 78 ? BLUE : GLASS, OTHER);
    }
  // Between the wheel and the red car's roof corner, a thin dark neck (the bench's: the blue car's sill kept there).
  for (let y = 182; y < 188; y++) for (let x = 360; x < 386; x++) if (!part[y * W + x]) put(x, y, TYRE, NECK);
  // The red car: body 60-430 x 230-340, cabin 130-360 x 168-230 (a black roof like the Kadjar's, red pillars, glass), wheels at 340; its
  // door mirror in front of the windscreen pillar, on a stalk 4 pixels high.
  for (let y = 160; y < 380; y++)
    for (let x = 40; x < 450; x++) {
      if (disc(140, 340, 32, x, y) || disc(350, 340, 32, x, y)) put(x, y, TYRE, MAIN);
      else if (x >= 60 && x < 430 && y >= 230 && y < 340) put(x, y, RED, MAIN);
      else if (x >= 130 && x < 360 && y >= 168 && y < 230) put(x, y, y < 178 ? ROOF : x < 142 || (x >= 240 && x < 250) || x >= 348 ? RED : GLASS, MAIN);
      else if (x >= 104 && x < 124 && y >= 204 && y < 222) put(x, y, RED, MIRROR);
      else if (x >= 124 && x < 130 && y >= 211 && y < 215) put(x, y, RED, MIRROR);
    }
  const alpha = new Uint8Array(W * H);
  let area = 0;
  for (let i = 0; i < W * H; i++) if (part[i]) (alpha[i] = 255), area++;
  const mask: CleanMask = { alpha, width: W, height: H, box: { left: 104, top: 70, right: 560, bottom: 372 }, areaFraction: area / (W * H), removedFraction: 0 };
  return { photo: { rgb, width: W, height: H }, part, mask };
}

/** Share of each part's pixels the mask keeps. */
export function kept(part: Uint8Array, mask: CleanMask, what: number): number {
  let all = 0, on = 0;
  for (let i = 0; i < W * H; i++) if (part[i] === what) (all++, mask.alpha[i]! >= 128 && on++);
  return on / all;
}

