/**
 * The outdoor styles at full size (issue 38 items 2, 4): the ground at the tyres was softer than the car (the 1k
 * panorama enlarged about 8 output pixels a texel), the waterfront's ground held a pale blotch beside the car, and
 * Mountain's cameras put a bush right behind the car's roof, a blurred olive smear. Synthetic grounds for the rules,
 * the scene library (SCENES_DIR, ../shared/scenes here and on CI) for what they give on the real scenes.
 */
import { beforeAll, describe, expect, it, vi } from 'vitest';

vi.hoisted(() => {
  process.env.SCENES_DIR ??= '../shared/scenes';
});

import { ANGLES } from '@shared/angles';
import { addGroundGrain, flattenBrightBlotches } from '../../functions/src/renderer/scenes/ground-grain';
import { loadPanorama, scenesDir, type Panorama } from '../../functions/src/renderer/scenes/scene-library';
import { SCENES, sceneById, sceneChoice, type Scene } from '../../functions/src/renderer/scenes/scene-manifest';
import { ANGLE_AZIMUTH, cameraYaw } from '../../functions/src/renderer/scenes/scene-backdrop';
import { renderSceneView, sceneCamera, sharpenGroundAtCar, type SceneCamera } from '../../functions/src/renderer/scenes/scene-view';

const W = 1536, H = 1024;
const luma = (b: Buffer, x: number, y: number, w = W) => 0.2126 * b[3 * (y * w + x)]! + 0.7152 * b[3 * (y * w + x) + 1]! + 0.0722 * b[3 * (y * w + x) + 2]!;
/** Mean absolute difference of horizontal neighbours two pixels apart over rows [y0, y1): fine detail. */
function detail(b: Buffer, y0: number, y1: number, w = W): number {
  let d = 0, n = 0;
  for (let y = y0; y < y1; y++) for (let x = 0; x < w - 2; x++) (d += Math.abs(luma(b, x, y, w) - luma(b, x + 2, y, w))), n++;
  return d / n;
}
/** A car 410 px tall standing on row 881 (the stage's floor), seen from 1.4 m. */
const cameraAt = (yaw: number, scene: Scene): SceneCamera => {
  const a = ((scene.carSpot?.yaw ?? 0) * Math.PI) / 180, m = scene.carSpot?.metres ?? 0;
  return { ...sceneCamera(yaw, 881, 410, W, 1.4), ...(scene.carSpot ? { spot: [m * Math.sin(a), m * Math.cos(a)] as [number, number] } : {}) };
};

const panoramas = new Map<string, { scene: Scene; pano: Panorama }>();
beforeAll(async () => {
  for (const id of ['venice_sunset_coast', 'venice_sunset', 'kiara_1_dawn_mountains']) {
    const scene = sceneById(id)!;
    panoramas.set(id, { scene, pano: await loadPanorama(scenesDir()!, scene) });
  }
}, 60_000);

describe('the ground\'s grain', () => {
  it('is fine at the car\'s distance and fades where a pixel covers more ground, toward the horizon', () => {
    const camera = sceneCamera(0, 881, 410, W, 1.4); // horizon at row 498
    const band = Buffer.alloc(3 * W * 524, 128); // rows 500-1023
    addGroundGrain(band, W, 500, camera, 0.06);
    const atCar = detail(band, 881 - 500 - 5, 881 - 500 + 5);
    const far = detail(band, 560 - 500 - 5, 560 - 500 + 5); // about six times as far off
    // Measured: 6.6 levels at the car, 1.8 six times as far (without the footprint's fading: 13, more than at the car).
    expect(atCar).toBeGreaterThan(2);
    expect(far).toBeLessThan(atCar / 3);
  });

  it('gives the waterfront\'s and the hilltop\'s ground at the tyres fine detail the panorama alone does not', async () => {
    for (const id of ['venice_sunset_coast', 'kiara_1_dawn_mountains']) {
      const { scene, pano } = panoramas.get(id)!;
      const camera = cameraAt(scene.startYaw, scene);
      const view = await renderSceneView(pano, camera, scene.panoHeight, W, H, scene.farBlur);
      const plain = Buffer.from(view);
      await sharpenGroundAtCar(view, pano, camera, scene.panoHeight, W, H, undefined, scene.farBlur, { grain: scene.groundGrain });
      await sharpenGroundAtCar(plain, pano, camera, scene.panoHeight, W, H, undefined, scene.farBlur);
      const g = Math.round(camera.groundRow);
      // Measured: waterfront 0.97 -> 5.1 levels, hilltop 10.3 -> 15.9 (without the grain the same as plain: 1).
      expect(detail(view, g - 8, g + 4) / detail(plain, g - 8, g + 4), id).toBeGreaterThan(1.4);
    }
  }, 60_000);
});

describe('where the grain is laid', () => {
  it('on the offered scenes of Sunset, Coast and Mountain only: not on Urban\'s smooth stone slabs, where it read as sandpaper', () => {
    expect(SCENES.filter((s) => s.offered && s.groundGrain).map((s) => s.id).sort()).toEqual(['kiara_1_dawn_mountains', 'venice_sunset', 'venice_sunset_coast']);
  });
});

describe('bright blotches on the ground near the car', () => {
  it('are brought down to near their row\'s level, their fine detail kept; dark patches are left alone', () => {
    const w = 400, h = 60;
    const band = Buffer.alloc(3 * w * h);
    for (let y = 0; y < h; y++)
      for (let x = 0; x < w; x++) {
        const blob = x >= 100 && x < 200 && y >= 15 && y < 45 ? 1.5 : x >= 260 && x < 340 && y >= 15 && y < 45 ? 0.6 : 1;
        const v = 100 * blob + ((x + y) % 2 ? 6 : -6);
        band.fill(Math.round(v), 3 * (y * w + x), 3 * (y * w + x) + 3);
      }
    const before = Buffer.from(band);
    flattenBrightBlotches(band, w, () => 1);
    const mean = (b: Buffer, x0: number, x1: number) => {
      let s = 0, n = 0;
      for (let y = 25; y < 35; y++) for (let x = x0; x < x1; x++) (s += luma(b, x, y, w)), n++;
      return s / n;
    };
    // The blob at 150 levels over a ground of 100: at most 1.25 times the ground after (1.5 before).
    expect(mean(before, 130, 170)).toBeGreaterThan(145);
    expect(mean(band, 130, 170)).toBeLessThan(125);
    // The dark patch and the open ground as they were.
    expect(mean(band, 280, 320)).toBeCloseTo(mean(before, 280, 320), 5);
    expect(mean(band, 20, 60)).toBeCloseTo(mean(before, 20, 60), 5);
    // The blob's fine detail is scaled with it, not smoothed away (12 levels peak to peak before, 9.6 at x0.8).
    let d = 0;
    for (let x = 130; x < 170; x++) d += Math.abs(luma(band, x, 30, w) - luma(band, x + 1, 30, w));
    expect(d / 40).toBeGreaterThan(7);
  });

  it('leaves no pale patch on the waterfront\'s ground near the car in any angle of Coast or Sunset', async () => {
    for (const id of ['venice_sunset_coast', 'venice_sunset']) {
      const { scene, pano } = panoramas.get(id)!;
      let worst = 0;
      for (const angle of ANGLES) {
        const camera = cameraAt(cameraYaw(scene, sceneChoice(scene), ANGLE_AZIMUTH[angle]), scene);
        const view = await renderSceneView(pano, camera, scene.panoHeight, W, H, scene.farBlur);
        await sharpenGroundAtCar(view, pano, camera, scene.panoHeight, W, H, undefined, scene.farBlur, { grain: scene.groundGrain, flattenBlotches: scene.groundGrain && scene.floor !== 'rough' });
        worst = Math.max(worst, blotch(view, camera));
      }
      // Measured on Coast: 1.49 without the rule (a pale patch left of the car), 1.23 with it.
      expect(worst, id).toBeLessThan(1.3);
    }
  }, 120_000);
});

/** The brightest 61 x 11 px patch of the ground near the car (within 0.1 of its distance) over its row's median. */
function blotch(view: Buffer, camera: SceneCamera): number {
  const depth = camera.groundRow - camera.horizonRow;
  let worst = 0;
  for (let y = Math.round(camera.groundRow - 0.1 * depth); y < Math.round(camera.groundRow + 0.08 * depth); y += 4) {
    const means: number[] = [];
    for (let x = 30; x < W - 30; x += 8) {
      let s = 0;
      for (let yy = y - 5; yy <= y + 5; yy++) for (let xx = x - 30; xx <= x + 30; xx += 2) s += luma(view, xx, yy);
      means.push(s / (11 * 31));
    }
    const median = [...means].sort((a, b) => a - b)[Math.floor(means.length / 2)]!;
    worst = Math.max(worst, Math.max(...means) / median);
  }
  return worst;
}

describe('Mountain', () => {
  it('puts no bush behind the car: no dark olive patch above the horizon in any angle', async () => {
    const { scene, pano } = panoramas.get('kiara_1_dawn_mountains')!;
    for (const angle of ANGLES) {
      const camera = cameraAt(cameraYaw(scene, sceneChoice(scene), ANGLE_AZIMUTH[angle]), scene);
      const view = await renderSceneView(pano, camera, scene.panoHeight, W, H, scene.farBlur);
      // The bush: dark and olive (about 25-50 levels, blue under 0.75 of green); the hills are lilac (blue at least
      // green), the rock bright, the sky pale.
      let bush = 0, n = 0;
      for (let y = 0; y < camera.horizonRow; y += 4)
        for (let x = 0; x < W; x += 4) {
          const i = 3 * (y * W + x);
          if (luma(view, x, y) < 70 && view[i + 2]! < 0.75 * view[i + 1]!) bush++;
          n++;
        }
      // Measured: 0 in every angle; from the cameras at 315-355 degrees 5.4% at the front (the bush behind the car's roof).
      expect(bush / n, angle).toBeLessThan(0.01);
    }
  }, 60_000);
});
