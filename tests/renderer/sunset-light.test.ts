/**
 * Sunset's low sun on the car (issue 38 items 4 and 5): its warm light follows the sun across the car, as in a
 * photographer's sunset shot: the car's end toward the sun warmer than its far end, and brighter, while a white car
 * stays a warm white, unclipped. Before, both ends of a light car took the same capped cast (MAX_LIGHT_CAST: no warmer
 * toward the sun) and a hazy sun darkened nothing. Drawn cars, no scene library: cheap.
 */
import { describe, expect, it } from 'vitest';
import { composeCar, MAX_LIGHT_CAST, MAX_LOW_SUN_GLOW, type BackdropLight } from '../../functions/src/renderer/local/compositor';
import { LOW_SUN_ELEVATION, LOW_SUN_TINT, warmthGains } from '../../functions/src/renderer/scenes/scene-backdrop';
import { sceneById } from '../../functions/src/renderer/scenes/scene-manifest';
import { drawnCar, scene, W } from './drawn-lit-car';

/** Over the car's paint (tyres left out) in its left and right thirds: mean red minus blue, luma, chroma; and clipping. */
async function endsOf(paint: [number, number, number], light: BackdropLight, sceneId?: string) {
  const { photo, mask } = drawnCar(paint);
  // Named as a scene of the library, with its manifest entry's sunOnCar on its light (as scene-backdrop.ts gives it).
  const place = scene(sceneId ? { ...light, sunOnCar: sceneById(sceneId)!.sunOnCar } : light);
  const draw: typeof place.draw = async (placement) => {
    const drawn = await place.draw(placement);
    return { ...drawn, scene: { ...drawn.scene, id: sceneId ?? drawn.scene.id } };
  };
  const source = { ...place, draw };
  const { rgb, carAlpha } = await composeCar(photo, mask, source, { mirror: false });
  let minX = W, maxX = 0;
  for (let i = 0; i < carAlpha.length; i++) if (carAlpha[i] === 255) (minX = Math.min(minX, i % W)), (maxX = Math.max(maxX, i % W));
  const third = (maxX - minX) / 3;
  const sums = [0, 1, 2].map(() => ({ r: 0, g: 0, b: 0, n: 0 }));
  let clipped = 0;
  for (let i = 0; i < carAlpha.length; i++) {
    if (carAlpha[i] !== 255) continue;
    const [r, g, b] = [rgb[3 * i]!, rgb[3 * i + 1]!, rgb[3 * i + 2]!];
    if (Math.max(r, g, b) < 60) continue;
    if (Math.max(r, g, b) >= 255) clipped++;
    const x = i % W;
    for (const s of [sums[x < minX + third ? 0 : x > maxX - third ? 1 : 2]!, sums[2]!]) (s.r += r), (s.g += g), (s.b += b), s.n++;
  }
  const [left, right, all] = sums.map(({ r, g, b, n }) => {
    const mean = [r / n, g / n, b / n];
    return { warmth: mean[0]! - mean[2]!, luma: 0.2126 * mean[0]! + 0.7152 * mean[1]! + 0.0722 * mean[2]!, chroma: Math.max(...mean) - Math.min(...mean) };
  }) as [Ends, Ends, Ends];
  return { left, right, all, clipped: clipped / sums[2]!.n };
}
type Ends = { warmth: number; luma: number; chroma: number };

// Sunset's light as the scene gives it (scene-backdrop.ts, sceneLight): the waterfront's sun, 3.3 degrees high and hazy
// (2% of its sky's light), ahead of the camera and 20 degrees to its right, in the picture; its key light's colour as
// measured on the panorama (venice_sunset: 1.36/0.92/0.72).
const SUN_KEY = [1.36, 0.92, 0.72];
const sunset: BackdropLight = {
  relativeYaw: 20,
  elevation: 3.3,
  dominance: 0.02,
  tint: warmthGains(SUN_KEY, 0.5, LOW_SUN_TINT),
  glow: warmthGains(SUN_KEY, 0.5, MAX_LOW_SUN_GLOW * (1 - 3.3 / LOW_SUN_ELEVATION)),
  exposure: 1.05,
};
// The rendered studio's soft top light: neutral, from no side.
const studio: BackdropLight = { relativeYaw: 0, elevation: 80, dominance: 0.12, tint: [1, 1, 1], exposure: 1.05 };

describe('Sunset\'s low sun on the car', () => {
  it('a silver car: warmer than in the studio, warmest and brightest at its end toward the sun', async () => {
    const silver: [number, number, number] = [205, 205, 208];
    const plain = await endsOf(silver, studio);
    const lit = await endsOf(silver, sunset);
    const report = JSON.stringify({ plain, lit });
    expect(lit.all.warmth - plain.all.warmth, report).toBeGreaterThan(4);
    // Red minus blue over the studio's, levels: before, both ends took the capped cast (+10.8 and +11.2); now +7.4 at the
    // far end and +15.0 toward the sun.
    expect(lit.right.warmth - plain.right.warmth - (lit.left.warmth - plain.left.warmth), report).toBeGreaterThan(6);
    // The far end a little darker than the end toward the sun: 0.958 of it against the studio's 1.000 (before: 0.999, the
    // sun being hazy).
    expect(lit.left.luma / lit.right.luma, report).toBeLessThan((0.97 * plain.left.luma) / plain.right.luma);
  });

  it('a white car stays white: unclipped, within MAX_LIGHT_CAST a channel over the car, a warm white toward the sun', async () => {
    const white: [number, number, number] = [242, 240, 238];
    const plain = await endsOf(white, studio);
    const lit = await endsOf(white, sunset);
    const report = JSON.stringify({ plain, lit });
    expect(lit.clipped, report).toBe(0);
    // Chroma 13.0 against the studio's 2.1 (before: 13.1); red minus blue 16.7 toward the sun, 9.1 at the far end (before:
    // 12.9 and 12.8).
    expect(lit.all.chroma, report).toBeLessThanOrEqual(plain.all.chroma + 2 * MAX_LIGHT_CAST);
    expect(lit.right.warmth - lit.left.warmth, report).toBeGreaterThan(4);
  });

  it('in Sunset itself (sunOnCar): far warmer toward the sun than the same light elsewhere, fading across the car; a white car a warm white', async () => {
    const silver: [number, number, number] = [205, 205, 208];
    const plain = await endsOf(silver, studio);
    const elsewhere = await endsOf(silver, sunset);
    const there = await endsOf(silver, sunset, 'venice_sunset');
    const report = JSON.stringify({ plain, elsewhere, there });
    // Red minus blue over the studio's, levels, at the end toward the sun: +15.0 in this light elsewhere (Coast's,
    // Mountain's share), +35.5 in Sunset; the far end +7.4 and +15.4: warmest toward the sun, fading across the car.
    expect(there.right.warmth - plain.right.warmth, report).toBeGreaterThan(25);
    expect(there.right.warmth - there.left.warmth, report).toBeGreaterThan(15);
    // A white car: unclipped, its end toward the sun a warm white (chroma 0.17 of its luma; an orange paint is 0.4 and
    // more), as bright as in the studio.
    const white = await endsOf([242, 240, 238], sunset, 'venice_sunset');
    const whiteStudio = await endsOf([242, 240, 238], studio);
    const whiteReport = JSON.stringify({ white, whiteStudio });
    expect(white.clipped, whiteReport).toBe(0);
    expect(white.right.chroma / white.right.luma, whiteReport).toBeLessThan(0.2);
    expect(white.right.luma, whiteReport).toBeGreaterThan(0.97 * whiteStudio.right.luma);
  });
});
