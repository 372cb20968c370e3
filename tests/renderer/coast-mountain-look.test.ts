/**
 * Coast and Mountain look like their names at full size (issue 38 items 4-5, a dealer's review): Mountain's hills were
 * blurred so much that they read as haze, Coast's sky was pale and washed out with the shore's trees filling a quarter
 * of some angles. Measured on the scenes drawn without a car, from the manifest's own cameras (the scene library from
 * SCENES_DIR, ../shared/scenes here and on CI).
 */
import { describe, expect, it, vi } from 'vitest';

vi.hoisted(() => {
  process.env.SCENES_DIR ??= '../shared/scenes';
});

import { sceneById, sceneChoice } from '../../functions/src/renderer/scenes/scene-manifest';
import { loadPanorama, scenesDir } from '../../functions/src/renderer/scenes/scene-library';
import { ANGLE_AZIMUTH, cameraYaw } from '../../functions/src/renderer/scenes/scene-backdrop';
import { FAR_BLUR, renderSceneView, sceneCamera } from '../../functions/src/renderer/scenes/scene-view';
import { ANGLES } from '@shared/angles';

const W = 1536, H = 1024;
/** A car 0.4 of the frame tall standing on the stage's floor row, seen from 1.4 m. */
const cameraAt = (yaw: number) => sceneCamera(yaw, 881, 410, W, 1.4);
const luma = (rgb: Buffer, x: number, y: number) => 0.2126 * rgb[3 * (y * W + x)]! + 0.7152 * rgb[3 * (y * W + x) + 1]! + 0.0722 * rgb[3 * (y * W + x) + 2]!;

/** Mean luma step 8 px across and down over the 200 rows above the horizon: how much of the hills' outline is left. */
function detail(rgb: Buffer, horizonRow: number): number {
  let s = 0, n = 0;
  const h = Math.round(horizonRow);
  for (let y = h - 200; y < h; y += 2)
    for (let x = 4; x < W - 4; x += 2) (s += Math.abs(luma(rgb, x + 4, y) - luma(rgb, x - 4, y)) + Math.abs(luma(rgb, x, y + 4) - luma(rgb, x, y - 4))), n++;
  return s / n;
}

describe('Mountain', () => {
  it('keeps the hills\' outlines: at least 1.35 times the detail the default far blur leaves, in the middle and at both ends of its cameras', async () => {
    const scene = sceneById('kiara_1_dawn_mountains')!;
    const pano = await loadPanorama(scenesDir()!, scene);
    for (const azimuth of [-135, 0, 135]) {
      const camera = cameraAt(scene.startYaw + (azimuth * scene.yawSpan) / 360);
      const drawn = detail(await renderSceneView(pano, camera, scene.panoHeight, W, H, scene.farBlur), camera.horizonRow);
      const hazy = detail(await renderSceneView(pano, camera, scene.panoHeight, W, H, FAR_BLUR), camera.horizonRow);
      // Measured: 1.50, 1.46, 1.50 (7.6 -> 11.6 at the start direction's left end).
      expect(drawn / hazy, `azimuth ${azimuth}`).toBeGreaterThan(1.35);
    }
  }, 60_000);
});

describe('Coast', () => {
  it('shows a blue sky, not a pale haze, and the sea behind the car in every angle', async () => {
    const scene = sceneById('venice_sunset_coast')!;
    const pano = await loadPanorama(scenesDir()!, scene);
    const blues: number[] = [];
    for (const angle of ANGLES) {
      const camera = cameraAt(cameraYaw(scene, sceneChoice(scene), ANGLE_AZIMUTH[angle]));
      const rgb = await renderSceneView(pano, camera, scene.panoHeight, W, H, scene.farBlur);
      const h = Math.round(camera.horizonRow);
      // The sky's upper half: its blue over its red, and its saturation.
      let blue = 0, sat = 0, n = 0;
      for (let y = 0; y < h / 2; y += 4)
        for (let x = 0; x < W; x += 4) {
          const i = 3 * (y * W + x), r = rgb[i]!, g = rgb[i + 1]!, b = rgb[i + 2]!;
          const max = Math.max(r, g, b);
          (blue += b - r), (sat += max > 0 ? (max - Math.min(r, g, b)) / max : 0), n++;
        }
      // Graded: blue over red 51-66 levels (the least in the angle looking nearest the sun, its sky pink toward it),
      // saturation 0.26-0.31; as shot, from the cameras looking at 110-140 degrees: 18 and 0.077 at the front (pale).
      blues.push(blue / n);
      expect(sat / n, angle).toBeGreaterThan(0.18);
      // The sea just under the horizon behind the car and beside it (the middle 60% of the width), not the shore's dark
      // trees (which filled the left 46% of the rear view from the cameras looking at 110-140 degrees): every tenth of
      // it as bright as open water. (At the frame's left edge the quay's edge may reach the horizon.)
      for (let t = 2; t < 8; t++) {
        let l = 0, m = 0;
        for (let y = h + 4; y < h + 24; y += 2) for (let x = Math.round((t * W) / 10); x < ((t + 1) * W) / 10; x += 4) (l += luma(rgb, x, y)), m++;
        expect(l / m, `${angle}, tenth ${t}`).toBeGreaterThan(90);
      }
    }
    expect(blues.reduce((a, b) => a + b) / blues.length, blues.map((b) => b.toFixed(1)).join()).toBeGreaterThan(32);
  }, 120_000);
});
