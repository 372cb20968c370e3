/**
 * A drawn scene for the other-car step: a red car in front, a blue car parked further back rising over its roof and
 * reaching past its front end, with a black roof, grey windows and a black strip along its waist (so its paint meets
 * the background nowhere: only through its own trim), its wheel hanging past the red car's end. Drawn, not photographed: every pixel's
 * car is known. The cut-out is drawn too: both cars, as the saliency mask takes them.
 */
import type { CleanMask } from '../../functions/src/renderer/cutout/mask-cleanup';
import type { NormBox } from '../../functions/src/vision/port';

export const W = 640;
export const H = 420;
export const RED = [196, 32, 30];
export const BLUE = [34, 54, 200];
export const TYRE = [28, 28, 30];
export const GLASS = [92, 96, 102];
export const ROOF = [24, 24, 26];
export const GROUND = [150, 146, 140];
export const SKY = [178, 190, 204];

export interface DrawnScene {
  photo: { rgb: Uint8Array; width: number; height: number };
  mask: CleanMask;
  /** 1 where the red car is, 2 where the blue car shows. */
  car: Uint8Array;
  /** The detector's one box over both cars (the truth bench's `0054 behind`: the main box took the car behind in). */
  both: NormBox;
}

export function drawnCarBehind(): DrawnScene {
  const rgb = new Uint8Array(W * H * 3);
  const car = new Uint8Array(W * H);
  const put = (x: number, y: number, c: number[], who: number) => {
    const i = y * W + x;
    rgb.set(c, 3 * i);
    car[i] = who;
  };
  // A little texture, so no edge is perfectly flat.
  const grain = (x: number, y: number) => ((x * 7 + y * 13) % 5) - 2;
  for (let y = 0; y < H; y++) for (let x = 0; x < W; x++) put(x, y, (y < 260 ? SKY : GROUND).map((v) => v + grain(x, y)), 0);
  const disc = (cx: number, cy: number, r: number, x: number, y: number) => (x - cx) ** 2 + (y - cy) ** 2 <= r * r;
  // The blue car first (it is behind): body 300-600 x 170-236 under a black strip, cabin 340-560 x 112-164 (black
  // roof, grey glass framed by blue pillars), wheels standing at y 264 (higher in the frame than the red car's, at 372), the front one
  // just past the red car's end.
  for (let y = 100; y < 290; y++)
    for (let x = 280; x < 620; x++) {
      let c: number[] | undefined;
      if (disc(446, 238, 26, x, y) || disc(560, 238, 26, x, y)) c = TYRE;
      else if (x >= 300 && x < 600 && y >= 164 && y < 170) c = ROOF;
      else if (x >= 300 && x < 600 && y >= 170 && y < 236) c = BLUE;
      else if (x >= 340 && x < 560 && y >= 112 && y < 122) c = ROOF;
      else if (x >= 340 && x < 560 && y >= 122 && y < 170) c = (x >= 340 && x < 350) || (x >= 445 && x < 455) || (x >= 550 && x < 560) ? BLUE : GLASS;
      if (c) put(x, y, c.map((v) => v + grain(x, y)), 2);
    }
  // The red car in front: body 60-430 x 230-340, cabin 130-360 x 168-230 (glass framed by red pillars, a red roof),
  // wheels at 372.
  for (let y = 150; y < 400; y++)
    for (let x = 40; x < 450; x++) {
      let c: number[] | undefined;
      if (disc(140, 340, 32, x, y) || disc(350, 340, 32, x, y)) c = TYRE;
      else if (x >= 60 && x < 430 && y >= 230 && y < 340) c = RED;
      else if (x >= 130 && x < 360 && y >= 168 && y < 230) c = y < 178 || (x >= 130 && x < 142) || (x >= 240 && x < 250) || (x >= 348 && x < 360) ? RED : GLASS;
      if (c) put(x, y, c.map((v) => v + grain(x, y)), 1);
    }
  const alpha = new Uint8Array(W * H);
  let area = 0;
  for (let i = 0; i < W * H; i++) if (car[i]) (alpha[i] = 255), area++;
  return {
    photo: { rgb, width: W, height: H },
    mask: { alpha, width: W, height: H, box: { left: 40, top: 112, right: 620, bottom: 372 }, areaFraction: area / (W * H), removedFraction: 0 },
    car,
    both: { left: 40 / W, top: 112 / H, right: 620 / W, bottom: 372 / H },
  };
}

/** Shares of the other car's (2) and of the main car's (1) pixels a mask keeps, by a drawn scene's labels. */
export function keptIn(scene: Pick<DrawnScene, 'car'>, mask: CleanMask): { other: number; car: number } {
  let other = 0, otherAll = 0, main = 0, mainAll = 0;
  for (let i = 0; i < scene.car.length; i++) {
    const on = mask.alpha[i]! >= 128;
    if (scene.car[i] === 2) (otherAll++, on && other++);
    if (scene.car[i] === 1) (mainAll++, on && main++);
  }
  return { other: other / otherAll, car: main / mainAll };
}
