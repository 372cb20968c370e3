/**
 * A drawn scene for the other-car step: a red car seen from its front corner, its cabin on the left and its windscreen
 * sloping down to the bonnet on the right, and a silver car parked behind it, standing over the windscreen and past the
 * red car's front, its black sill lying on the red car's pale windscreen (the truth bench's `0066 behind`). The
 * detector boxed the car behind only weakly. Drawn, not photographed: every pixel's car is known; the cut-out is drawn
 * too, both cars as the saliency mask takes them.
 */
import type { CleanMask } from '../../functions/src/renderer/cutout/mask-cleanup';
import type { NormBox } from '../../functions/src/vision/port';

export const W = 640;
export const H = 400;
const RED = [196, 32, 30];
const SILVER = [172, 174, 178];
const BLACK = [26, 26, 28];
const DARK_GLASS = [70, 74, 80];
const PALE_GLASS = [214, 220, 226];
const SKY = [120, 140, 170];
const GROUND = [110, 104, 98];

export interface SillScene {
  photo: { rgb: Uint8Array; width: number; height: number };
  mask: CleanMask;
  /** 1 where the red car is, 2 where the silver car shows. */
  car: Uint8Array;
  main: NormBox;
  /** The detector's weak box over the car behind. */
  behind: NormBox;
}

export function drawnSillOverGlass(): SillScene {
  const rgb = new Uint8Array(W * H * 3);
  const car = new Uint8Array(W * H);
  const put = (x: number, y: number, c: number[], who: number) => (rgb.set(c.map((v) => v + (((x * 7 + y * 13) % 5) - 2)), 3 * (y * W + x)), (car[y * W + x] = who));
  for (let y = 0; y < H; y++) for (let x = 0; x < W; x++) put(x, y, y < 250 ? SKY : GROUND, 0);
  // The silver car behind: dark glass 80-125, silver body 125-185, black sill 185-200, x 230-620.
  for (let y = 80; y < 200; y++) for (let x = 230; x < 620; x++) put(x, y, y < 125 ? DARK_GLASS : y < 185 ? SILVER : BLACK, 2);
  // The red car in front: cabin x 40-250 (red roof 100-110, dark glass to 200), pale windscreen x 250-460 y 200-240,
  // red bonnet and body below, down to 340; its wheels to 372.
  for (let y = 100; y < 372; y++)
    for (let x = 40; x < 460; x++) {
      const wheel = (x - 130) ** 2 + (y - 340) ** 2 <= 32 * 32 || (x - 380) ** 2 + (y - 340) ** 2 <= 32 * 32;
      let c: number[] | undefined;
      if (wheel) c = BLACK;
      else if (y >= 240 && y < 340) c = RED;
      else if (x < 250 && y < 110) c = RED;
      else if (x < 250 && y < 240) c = x < 52 || x >= 238 ? RED : DARK_GLASS;
      else if (x >= 250 && y >= 200 && y < 240) c = PALE_GLASS;
      if (c) put(x, y, c, 1);
    }
  const alpha = new Uint8Array(W * H);
  let area = 0;
  for (let i = 0; i < W * H; i++) if (car[i]) (alpha[i] = 255), area++;
  return {
    photo: { rgb, width: W, height: H },
    mask: { alpha, width: W, height: H, box: { left: 40, top: 80, right: 620, bottom: 372 }, areaFraction: area / (W * H), removedFraction: 0 },
    car,
    main: { left: 40 / W, top: 100 / H, right: 460 / W, bottom: 372 / H },
    behind: { left: 230 / W, top: 80 / H, right: 620 / W, bottom: 200 / H },
  };
}
