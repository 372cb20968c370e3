/**
 * Sunset's light is warm on the car (issue 38): a low sun's colour falls on the car's side toward it and fades across
 * the car (all over it when the sun is behind the car, as Sunset's is, in the picture), within MAX_LOW_SUN_GLOW a channel (adjusted, never repainted); a high sun or a soft light adds none.
 */
import sharp from 'sharp';
import { beforeAll, describe, expect, it, vi } from 'vitest';

vi.hoisted(() => {
  process.env.SCENES_DIR ??= '../shared/scenes';
});

import { preparePhotos, renderPrepared, type PreparedPhoto } from '../../functions/src/renderer/local/local-renderer';
import { sceneById, sceneChoice } from '../../functions/src/renderer/scenes/scene-manifest';
import { signedDegrees } from '../../functions/src/renderer/scenes/scene-view';
import { lowSunGlow, MAX_LOW_SUN_GLOW, type BackdropLight } from '../../functions/src/renderer/local/compositor';
import { FIDELITY_THRESHOLD } from '../../functions/src/renderer/fidelity/car-fidelity';
import { car } from './bad-photos';

let cupra: PreparedPhoto;
beforeAll(async () => {
  [cupra] = (await preparePhotos([{ id: 'cupra', bytes: car('cupra-born-grey-front34-street.jpg') }])) as [PreparedPhoto];
}, 120_000);

type Rendered = Awaited<ReturnType<typeof renderPrepared>>;

/** Over the car's own pixels in its left and right thirds: mean red minus blue (warmth) and luma. */
async function ends(image: Rendered): Promise<Array<{ warmth: number; luma: number }>> {
  const { carAlpha, width: W } = image.composed;
  const { data } = await sharp(image.full).raw().toBuffer({ resolveWithObject: true });
  let minX = W, maxX = 0;
  for (let i = 0; i < carAlpha.length; i++) if (carAlpha[i]! > 200) (minX = Math.min(minX, i % W)), (maxX = Math.max(maxX, i % W));
  const third = (maxX - minX) / 3;
  const acc = [0, 1].map(() => ({ warmth: 0, luma: 0, n: 0 }));
  for (let i = 0; i < carAlpha.length; i++) {
    if (carAlpha[i]! <= 200) continue;
    const x = i % W, end = x < minX + third ? 0 : x > maxX - third ? 1 : -1;
    if (end < 0) continue;
    const [r, g, b] = [data[3 * i]!, data[3 * i + 1]!, data[3 * i + 2]!];
    acc[end]!.warmth += r - b;
    acc[end]!.luma += 0.2126 * r + 0.7152 * g + 0.0722 * b;
    acc[end]!.n++;
  }
  return acc.map((a) => ({ warmth: a.warmth / a.n, luma: a.luma / a.n }));
}

describe('a low sun\'s warm light on the car', () => {
  const light = (relativeYaw: number, glow?: [number, number, number]): BackdropLight => ({ relativeYaw, elevation: 4, dominance: 0.05, tint: [1, 1, 1], exposure: 1, ...(glow ? { glow } : {}) });

  it('falls on the side toward the sun, all over the car only when the sun is behind the camera; none without a low sun', () => {
    expect(lowSunGlow(light(90))).toBeUndefined();
    const side = lowSunGlow(light(95, [1.08, 0.99, 0.93]))!;
    expect(side.fromRight).toBe(true);
    expect(side.farEnd).toBeLessThan(0.01);
    expect(lowSunGlow(light(-100, [1.08, 0.99, 0.93]))!.fromRight).toBe(false);
    expect(lowSunGlow(light(180, [1.08, 0.99, 0.93]))!.farEnd).toBeGreaterThan(0.99);
    // A sun ahead, behind the car: a warm rim at the end toward it, at least half as strong, none at the other end.
    const ahead = lowSunGlow(light(20, [1.08, 0.99, 0.93]))!;
    expect(ahead.farEnd).toBe(0);
    expect(ahead.fromRight).toBe(true);
    expect(ahead.gains[0]).toBeCloseTo(1.04, 6);
  });

  it('Sunset: the low sun in the picture, the car warmer than in the studio, most toward the sun; the car stays the photo\'s', async () => {
    const studio = await renderPrepared([cupra], cupra.angle, 'studio');
    const sunset = await renderPrepared([cupra], cupra.angle, 'sunset', undefined, sceneChoice(sceneById('venice_sunset')!));
    // The sun (216 degrees in the panorama, 3 degrees high) ahead of the camera and to its right, in the picture (the
    // lens sees 25 degrees either side): behind the car, its warm light over the whole car, most on its right end.
    const sun = signedDegrees(216 - sunset.metadata.scene!.yaw);
    expect(sun).toBeGreaterThan(0);
    expect(sun).toBeLessThan(25);
    const [plainLeft, plainRight] = await ends(studio);
    const [left, right] = await ends(sunset);
    const gainRight = right!.warmth - plainRight!.warmth, gainLeft = left!.warmth - plainLeft!.warmth;
    expect(gainRight, 'the end toward the sun, warmer (red minus blue, levels)').toBeGreaterThan(5);
    expect(gainRight - gainLeft, 'warmer toward the sun than at the far end').toBeGreaterThan(3);
    // Adjusted, never repainted: the warmth stays within what MAX_LOW_SUN_GLOW and the scene's tint allow on a car
    // this bright, and the fidelity check passes, within 0.045 of the studio's (measured: 0.930 against 0.953 with
    // Sunset's stronger light, sunOnCar, and the check fitting the light's colour; 0.906 against 0.942 before both,
    // when the check counted the warm light as a change of colour). It was 0.035 when the studio scored 0.933: the
    // studio's pool shadow (issue 38) raised its score, not the Sunset's, so the floor is the same (0.897 against 0.898).
    expect(gainRight).toBeLessThan(right!.luma * (2 * MAX_LOW_SUN_GLOW + 0.06));
    expect(sunset.metadata.fidelity).toBeGreaterThan(FIDELITY_THRESHOLD);
        expect(sunset.metadata.fidelity!).toBeGreaterThanOrEqual(studio.metadata.fidelity! - 0.045);
  }, 60_000);

  it('Urban at midday: no warm side (the sun is high)', async () => {
    const studio = await renderPrepared([cupra], cupra.angle, 'studio');
    const urban = await renderPrepared([cupra], cupra.angle, 'urban', undefined, sceneChoice(sceneById('modern_buildings_2')!));
    const [plainLeft, plainRight] = await ends(studio);
    const [left, right] = await ends(urban);
    expect(Math.abs(right!.warmth - plainRight!.warmth - (left!.warmth - plainLeft!.warmth))).toBeLessThan(1.5);
  }, 60_000);
});
