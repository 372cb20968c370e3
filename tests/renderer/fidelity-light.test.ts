/**
 * The fidelity check tells a light's colour from a repaint (issue 38 items 4-5): a car in a warm low sun, warmer toward
 * one end (Sunset's light, stronger), is the same car; a body in another hue, one door repainted, a decal erased or
 * another car is not. Drawn cars, no model: cheap.
 */
import { describe, expect, it } from 'vitest';
import { FIDELITY_THRESHOLD, measureCarFidelity } from '../../functions/src/renderer/fidelity/car-fidelity';
import type { CarMask, RgbImage } from '../../functions/src/renderer/fidelity/car-masker';

type Rgb = [number, number, number];
interface Picture {
  image: RgbImage;
  mask: CarMask;
}

const W = 900, H = 500;
/** Where the car's body is, for painting parts of it: the door and the decal on it. */
const BODY = { left: 120, right: 780, top: 230, bottom: 380 };
const DOOR = { left: 400, right: 540, top: 250, bottom: 370 };
const DECAL = { left: 560, right: 680, top: 262, bottom: 330 };

/**
 * A side view on a grey ground: a body of `paint` with a soft sheen and a crease, a cabin with a dark window band, two
 * wheels, the door's outline and a dark decal on the rear door. `cabinShift` moves the cabin and `wheelBase` the rear
 * wheel (another car). `paintAt` repaints pixels of the body (x, y, paint) -> colour.
 */
function drawnCar(paint: Rgb, options: { cabinShift?: number; wheelBase?: number; decal?: boolean; paintAt?: (x: number, y: number, c: Rgb) => Rgb } = {}): Picture {
  const { cabinShift = 0, wheelBase = 440, decal = true } = options;
  const rgb = Buffer.alloc(W * H * 3, 110);
  const alpha = new Uint8Array(W * H);
  const wheels = [220, 220 + wheelBase].map((x) => ({ x, y: 380, r: 55 }));
  for (let y = 0; y < H; y++)
    for (let x = 0; x < W; x++) {
      const wheel = wheels.find((w) => (x - w.x) ** 2 + (y - w.y) ** 2 < w.r ** 2);
      const body = x > BODY.left && x < BODY.right && y > BODY.top && y < BODY.bottom;
      const cabin = y > 150 && y <= BODY.top && x > 280 + cabinShift - (y - 150) && x < 640 + cabinShift + (y - 150) * 0.6;
      let c: Rgb | undefined;
      if (wheel) c = Math.hypot(x - wheel.x, y - wheel.y) < 30 ? [185, 186, 190] : [25, 25, 27];
      else if (cabin) c = y > 165 && y < 222 && x > 300 + cabinShift && x < 620 + cabinShift ? [50, 58, 66] : paint;
      else if (body) {
        const sheen = 0.8 + 0.14 * Math.sin(x / 37 + y / 19) * Math.cos(y / 23) + (y > 288 && y < 293 ? 0.12 : 0);
        c = paint.map((v) => Math.min(255, v * sheen)) as Rgb;
        const onDoorLine = (Math.abs(x - DOOR.left) < 2 || Math.abs(x - DOOR.right) < 2) && y > DOOR.top && y < DOOR.bottom;
        if (onDoorLine) c = [40, 40, 42];
        if (decal && x > DECAL.left && x < DECAL.right && y > DECAL.top && y < DECAL.bottom) c = (x + y) % 24 < 12 ? [30, 30, 34] : [235, 200, 40];
        if (options.paintAt) c = options.paintAt(x, y, c);
      }
      if (!c) continue;
      const i = y * W + x;
      alpha[i] = 255;
      for (let k = 0; k < 3; k++) rgb[3 * i + k] = c[k]!;
    }
  return { image: { rgb, width: W, height: H }, mask: { alpha, width: W, height: H } };
}

/** The picture in a low sun's warm light from the right: red up and blue down by `share` at the right end, 30% of it at the left. */
function warmLit(p: Picture, share: number): Picture {
  const rgb = Buffer.from(p.image.rgb);
  for (let i = 0; i < W * H; i++) {
    if (!p.mask.alpha[i]) continue;
    const t = 0.3 + (0.7 * (i % W)) / W;
    rgb[3 * i] = Math.min(255, rgb[3 * i]! * (1 + share * t));
    rgb[3 * i + 2] = rgb[3 * i + 2]! * (1 - share * t);
  }
  return { image: { ...p.image, rgb }, mask: p.mask };
}

const luma = (c: Rgb) => 0.2126 * c[0] + 0.7152 * c[1] + 0.0722 * c[2];

/** A new paint of `colour` where `inside` holds, keeping the old paint's shading (its luma over the old paint's, `was`). */
const repaint = (colour: Rgb, inside: (x: number, y: number) => boolean, was: Rgb) => (x: number, y: number, c: Rgb): Rgb => {
  if (!inside(x, y)) return c;
  return colour.map((v) => Math.min(255, (v * luma(c)) / luma(was))) as Rgb;
};

const score = async (source: Picture, output: Picture) =>
  (await measureCarFidelity({ source: source.image, sourceMask: source.mask, output: output.image, outputMask: output.mask, mirrored: false })).score;

const silver: Rgb = [178, 180, 184];
const blue: Rgb = [40, 70, 170];

describe('the fidelity check tells a light\'s colour from a repaint', () => {
  it('a silver and a blue car in a warm low sun, warmer toward one end, are the same cars', async () => {
    for (const paint of [silver, blue]) {
      const source = drawnCar(paint);
      // 14% at the sun's end: R/B 1.33 there, more than Sunset gives (about 1.2 on a light car at its end toward the sun).
      const lit = await score(source, warmLit(source, 0.14));
      // Without the light taken out the silver car scored 0.76, just over the threshold (0.99 with it).
      expect(lit, JSON.stringify({ paint, lit })).toBeGreaterThan(0.9);
    }
  });

  it('still fails a body in another hue of the same brightness, even warm-lit', async () => {
    // The whole paint red, of the blue's luma (74 against 71): only the colour tells them apart. It is a per-channel
    // gain on the paint far past a light's (MAX_LIGHT_COLOUR), and one the tyres, glass and wheels did not take.
    const source = drawnCar(blue, { decal: false });
    const red = drawnCar([200, 40, 40], { decal: false });
    expect(await score(source, red)).toBeLessThan(FIDELITY_THRESHOLD);
    expect(await score(source, warmLit(red, 0.05))).toBeLessThan(FIDELITY_THRESHOLD);
  });

  it('fails one door repainted, which the whole car\'s mean alone would pass, warm-lit or not', async () => {
    const source = drawnCar(silver);
    const door = (x: number, y: number) => x > DOOR.left + 2 && x < DOOR.right - 2 && y > DOOR.top && y < DOOR.bottom;
    for (const colour of [[185, 40, 40], [40, 80, 190]] as Rgb[]) {
      const repainted = drawnCar(silver, { paintAt: repaint(colour, door, silver) });
      expect(await score(source, repainted), JSON.stringify(colour)).toBeLessThan(FIDELITY_THRESHOLD);
      expect(await score(source, warmLit(repainted, 0.08)), JSON.stringify(colour)).toBeLessThan(FIDELITY_THRESHOLD);
    }
  });

  it('fails the decal erased, and another car of the same paint pasted on', async () => {
    const source = drawnCar(silver);
    expect(await score(source, drawnCar(silver, { decal: false }))).toBeLessThan(FIDELITY_THRESHOLD);
    expect(await score(source, warmLit(drawnCar(silver, { cabinShift: -90, wheelBase: 380 }), 0.08))).toBeLessThan(FIDELITY_THRESHOLD);
  });
});
