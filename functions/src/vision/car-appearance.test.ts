import { describe, expect, it } from 'vitest';
import { likelyDifferentCars, shapeDistance } from '@shared/same-car';
import { carAppearance, carShape, ROOF_POINTS, wheelContacts, wheelSpan } from './car-appearance';

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

/**
 * A car's silhouette from the side, nose at the left: a body 160 px long and 40 high standing on the ground at y 100,
 * with a cabin on it from `cabinFrom` to `cabinTo` (x) reaching 30 px higher: a saloon's cabin sits in the middle with
 * the bonnet and boot lower, an SUV's runs on to the tail.
 */
function sideSilhouette(cabinFrom: number, cabinTo: number, { width = 240, height = 140, left = 40, wheels = [] as number[] } = {}) {
  const alpha = new Uint8Array(width * height);
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++) {
      // With wheels (their centres' x from the nose) the body's sills stand 8 px above the ground on them.
      const body = x >= left && x < left + 160 && y >= 60 && y < (wheels.length ? 92 : 100);
      const cabin = x >= left + cabinFrom && x < left + cabinTo && y >= 30 && y < 60;
      const wheel = wheels.some((c) => Math.hypot(x - (left + c), y + 0.5 - 86) < 14);
      if (body || cabin || wheel) alpha[y * width + x] = 255;
    }
  return { alpha, width, height };
}
const mirrored = (m: { alpha: Uint8Array; width: number; height: number }) => {
  const alpha = new Uint8Array(m.alpha.length);
  for (let y = 0; y < m.height; y++) for (let x = 0; x < m.width; x++) alpha[y * m.width + x] = m.alpha[y * m.width + m.width - 1 - x]!;
  return { ...m, alpha };
};

describe('carShape: the proportions of the silhouette', () => {
  it('measures length to height and the roof line, evenly across the length', () => {
    const saloon = carShape(sideSilhouette(50, 110), 'left_side')!;
    expect(saloon.aspect).toBeCloseTo(160 / 70, 2);
    expect(saloon.roof).toHaveLength(ROOF_POINTS);
    // Bonnet and boot 30 of 70 px below the roof; the cabin at the top.
    expect(saloon.roof[0]).toBeCloseTo(30 / 70, 2);
    expect(saloon.roof[ROOF_POINTS - 1]).toBeCloseTo(30 / 70, 2);
    expect(saloon.roof[Math.floor(ROOF_POINTS / 2)]).toBe(0);
    expect(saloon.symmetry).toBeGreaterThan(0.95);
  });

  it('the mirror image of a side is the same shape; a saloon and an SUV of one length and height are not', () => {
    const saloon = carShape(sideSilhouette(45, 110), 'left_side')!;
    const sameFromTheOtherSide = carShape(mirrored(sideSilhouette(45, 110)), 'right_side')!;
    const suv = carShape(sideSilhouette(45, 160), 'left_side')!;
    // Read from the other end (within a column's rounding at the bands' edges).
    [...saloon.roof].reverse().forEach((top, i) => expect(Math.abs(sameFromTheOtherSide.roof[i]! - top)).toBeLessThan(0.05));
    expect(shapeDistance(saloon, sameFromTheOtherSide)!).toBeLessThan(0.02);
    expect(suv.aspect).toBe(saloon.aspect);
    const paint: [number, number, number] = [80, 0, -1];
    expect(likelyDifferentCars({ paint, share: 0.7, shape: saloon }, { paint, share: 0.7, shape: sameFromTheOtherSide })).toBe(false);
    expect(likelyDifferentCars({ paint, share: 0.7, shape: saloon }, { paint, share: 0.7, shape: suv })).toBe(true);
  });

  it('the wheel span: the two wheels a side stands on, 96 px apart on a car 160 long; none under a flat underside', () => {
    const side = sideSilhouette(45, 110, { wheels: [32, 128] });
    const shape = carShape(side, 'left_side')!;
    // 96 / 160 = 0.6, and the tyres' flattened bottoms (7 px each) a little more.
    expect(shape.wheelSpan!).toBeGreaterThan(0.59);
    expect(shape.wheelSpan!).toBeLessThan(0.66);
    // Wheels closer together (a corner turned towards an end shows its near side's wheels so).
    expect(carShape(sideSilhouette(45, 110, { wheels: [40, 110] }), 'front_left_corner')!.wheelSpan!).toBeLessThan(0.5);
    // The bumpers' corners are not wheels: a flat underside has no wheel span.
    expect(wheelSpan(sideSilhouette(45, 110), { left: 40, right: 200, top: 30, bottom: 100 })).toBeNull();
    expect(carShape(sideSilhouette(45, 110), 'left_side')!.wheelSpan).toBeUndefined();
  });

  it('where the two wheels touch the ground: under each tyre, the span between them', () => {
    // Tyres of radius 14 centred 32 and 128 px along a car starting at x 40, their bottoms at y 99.
    const side = sideSilhouette(45, 110, { wheels: [32, 128] });
    const extent = { left: 40, right: 200, top: 30, bottom: 100 };
    const [[x1, y1], [x2, y2]] = wheelContacts(side, extent)!;
    expect(Math.abs(x1 - (40 + 32))).toBeLessThanOrEqual(7);
    expect(Math.abs(x2 - (40 + 128))).toBeLessThanOrEqual(7);
    expect([y1, y2]).toEqual([99, 99]);
    expect(wheelSpan(side, extent)).toBe(Math.round(((x2 - x1) / 160) * 100) / 100);
    expect(wheelContacts(sideSilhouette(45, 110), extent)).toBeNull();
  });

  it('a car cut by the frame has no shape (its proportions are not its own), nor has an empty cut-out', () => {
    expect(carShape(sideSilhouette(50, 110, { left: 0 }), 'left_side')).toBeNull();
    expect(carShape({ alpha: new Uint8Array(100 * 60), width: 100, height: 60 }, 'front')).toBeNull();
  });
});
