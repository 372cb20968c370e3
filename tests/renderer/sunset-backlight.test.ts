/**
 * Sunset's sun stands in the picture, ahead of the camera, behind the car (issue 38 item 4): the car is lit from behind,
 * as in a photograph taken into the sun: the side the camera sees in the car's own shade (darker than in the studio),
 * a rim of the sun's light along its roof line and its end toward the sun. Before, that car was as bright as in the
 * studio, lit as from the front with the sun behind it. A sun beside or behind the camera (Coast's, Mountain's) lights
 * the car as before. Drawn cars, no scene library: cheap.
 */
import { describe, expect, it } from 'vitest';
import { composeCar, MAX_LOW_SUN_GLOW, type BackdropLight } from '../../functions/src/renderer/local/compositor';
import { LOW_SUN_ELEVATION, LOW_SUN_TINT, warmthGains } from '../../functions/src/renderer/scenes/scene-backdrop';
import { drawnCar, scene, W } from './drawn-lit-car';

const silver: [number, number, number] = [205, 205, 208];
const darkGrey: [number, number, number] = [70, 72, 78];

async function compose(light: BackdropLight, paint = silver) {
  const { photo, mask } = drawnCar(paint);
  return composeCar(photo, mask, scene(light), { mirror: false });
}

/** Over the car's solid pixels: the mean luma of a band of columns or rows measured from its box's edges. */
function carLuma(rgb: Buffer, alpha: Uint8Array, pick: (x: number, y: number, box: { left: number; right: number; top: number }) => boolean): number {
  let left = W, right = 0, top = Infinity;
  for (let i = 0; i < alpha.length; i++) if (alpha[i] === 255) (left = Math.min(left, i % W)), (right = Math.max(right, i % W)), (top = Math.min(top, Math.floor(i / W)));
  let sum = 0, n = 0;
  for (let i = 0; i < alpha.length; i++) {
    if (alpha[i] !== 255 || !pick(i % W, Math.floor(i / W), { left, right, top })) continue;
    sum += 0.2126 * rgb[3 * i]! + 0.7152 * rgb[3 * i + 1]! + 0.0722 * rgb[3 * i + 2]!;
    n++;
  }
  return sum / n;
}

// Sunset's light as the scene gives it (scene-backdrop.ts, sceneLight, lowSun): the waterfront's sun 3.3 degrees high,
// hazy, 20 degrees right of where the camera looks (in the picture); its key light's colour 1.36/0.92/0.72.
const SUN_KEY = [1.36, 0.92, 0.72];
const sunset = (relativeYaw: number): BackdropLight => ({
  relativeYaw,
  elevation: 3.3,
  dominance: 0.02,
  tint: warmthGains(SUN_KEY, 0.5, LOW_SUN_TINT),
  glow: warmthGains(SUN_KEY, 0.5, MAX_LOW_SUN_GLOW * (1 - 3.3 / LOW_SUN_ELEVATION)),
  sunColour: [1, 0.82, 0.73],
  sunOnCar: 4,
  exposure: 1.05,
});
const studio: BackdropLight = { relativeYaw: 0, elevation: 80, dominance: 0.12, tint: [1, 1, 1], exposure: 1.05 };

// The body's middle: away from every outline (its middle 40% of the length, 20 to 50 rows below the roof line).
const middle = (x: number, y: number, b: { left: number; right: number; top: number }) => x > b.left + 0.3 * (b.right - b.left) && x < b.right - 0.3 * (b.right - b.left) && y > b.top + 20 && y < b.top + 50;

describe('Sunset: a car with the sun behind it', () => {
  it('is lit from behind: its side seen darker than in the studio, a rim of sunlight on its roof line and its end toward the sun', async () => {
    const lit = await compose(sunset(20));
    const plain = await compose(studio);
    const report = (o: object) => JSON.stringify(o);
    // The side seen, in shade: 0.84 of the studio's (before: 0.98, lit as from the front).
    const side = carLuma(lit.rgb, lit.carAlpha, middle), sideStudio = carLuma(plain.rgb, plain.carAlpha, middle);
    expect(side / sideStudio, report({ side, sideStudio })).toBeLessThan(0.92);
    // The rim on a dark grey car (on a light one it is mostly colour: the sun's peach is hardly brighter than silver).
    const [dark, darkStudio] = await Promise.all([compose(sunset(20), darkGrey), compose(studio, darkGrey)]);
    // The roof line: its top 2 rows over the rows 8-20 below it (the drawn paint itself lit from above: 1.02 in the
    // studio). Lit: 1.73.
    const roof = (o: typeof lit) => carLuma(o.rgb, o.carAlpha, (x, y, b) => x > b.left + 30 && x < b.right - 30 && y < b.top + 2) / carLuma(o.rgb, o.carAlpha, (x, y, b) => x > b.left + 30 && x < b.right - 30 && y >= b.top + 8 && y < b.top + 20);
    expect(roof(dark), report({ lit: roof(dark), studio: roof(darkStudio) })).toBeGreaterThan(roof(darkStudio) + 0.3);
    // The end toward the sun (the right): its outermost 2 columns over the columns 8-20 in. Lit 1.72 (studio: 1.00);
    // the far end keeps no rim (the sun 20 degrees round lights only the end it is on).
    const end = (o: typeof lit, right: boolean) => {
      const at = (x: number, b: { left: number; right: number }, from: number, to: number) => (right ? b.right - x : x - b.left) >= from && (right ? b.right - x : x - b.left) < to;
      const rows = (y: number, b: { top: number }) => y > b.top + 20 && y < b.top + 60;
      return carLuma(o.rgb, o.carAlpha, (x, y, b) => rows(y, b) && at(x, b, 0, 2)) / carLuma(o.rgb, o.carAlpha, (x, y, b) => rows(y, b) && at(x, b, 8, 20));
    };
    const ends = report({ toSun: end(dark, true), far: end(dark, false), studio: end(darkStudio, true) });
    expect(end(dark, true), ends).toBeGreaterThan(1.3);
    expect(end(dark, false), ends).toBeLessThan(1.03);
  });

  it('a low sun beside or behind the camera (Coast, Mountain) lights the car as before: no shade, no rim', async () => {
    for (const relativeYaw of [80, -150]) {
      const { sunColour: _, ...withoutRim } = sunset(relativeYaw);
      const [a, b] = await Promise.all([compose(sunset(relativeYaw)), compose(withoutRim)]);
      expect(a.rgb.equals(b.rgb), String(relativeYaw)).toBe(true);
    }
  });
});
