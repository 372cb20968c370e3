import { describe, expect, it } from 'vitest';
import { likelyDifferentCars } from '@shared/same-car';
import { carAppearance } from './car-appearance';

const W = 200;
const H = 120;
const box = { left: 0.1, top: 0.2, right: 0.9, bottom: 0.9 };

/** A car-like picture: paint on the body, dark glass on top, dark tyres below, a bright sky reflection strip. */
function car(paint: [number, number, number], brightness = 1) {
  const rgb = Buffer.alloc(W * H * 3);
  const alpha = new Uint8Array(W * H);
  for (let y = 0; y < H; y++)
    for (let x = 0; x < W; x++) {
      const i = y * W + x;
      const inCar = x >= 20 && x < 180 && y >= 24 && y < 108;
      let c: [number, number, number] = [120, 140, 90]; // grass
      if (inCar) {
        alpha[i] = 255;
        const v = (y - 24) / 84;
        c = v < 0.3 ? [30, 34, 38] : v > 0.8 && (x < 60 || x > 140) ? [20, 20, 20] : x % 17 === 0 ? [235, 240, 250] : paint;
      }
      rgb[i * 3] = Math.min(255, c[0] * brightness);
      rgb[i * 3 + 1] = Math.min(255, c[1] * brightness);
      rgb[i * 3 + 2] = Math.min(255, c[2] * brightness);
    }
  return { photo: { rgb, width: W, height: H }, alpha };
}

describe('carAppearance: the paint of the main car', () => {
  it('finds a blue paint among glass, tyres and reflections, and a white one by its lightness', () => {
    const blue = car([40, 70, 150]);
    const paint = carAppearance(blue.photo, box, blue.alpha)!.paint;
    expect(paint[2]).toBeLessThan(-30);
    const white = car([235, 235, 232]);
    expect(carAppearance(white.photo, box, white.alpha)!.paint[0]).toBeGreaterThan(85);
  });

  it('the same paint in shade stays the same car; blue and white are different cars; without a cut-out the box stands in', () => {
    const blue = car([40, 70, 150]);
    const shade = car([40, 70, 150], 0.7);
    const white = car([235, 235, 232]);
    const a = carAppearance(blue.photo, box, blue.alpha)!;
    expect(likelyDifferentCars(a, carAppearance(shade.photo, box, shade.alpha)!)).toBe(false);
    expect(likelyDifferentCars(a, carAppearance(white.photo, box, white.alpha)!)).toBe(true);
    expect(likelyDifferentCars(a, carAppearance(blue.photo, box)!)).toBe(false);
  });
});
