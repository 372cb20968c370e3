/**
 * The band of ground drawn at full size around the car's distance (sharpenGroundAtCar, issue 38) has no edge: across
 * its top edge (toward the horizon) and its bottom edge the ground's fine detail and brightness run on without a
 * step, the band as soft as the backdrop where it meets it, while at the car's distance it stays sharp.
 */
import { beforeAll, describe, expect, it, vi } from 'vitest';

vi.hoisted(() => {
  process.env.SCENES_DIR ??= '../shared/scenes';
});

import { loadPanorama, scenesDir, type Panorama } from '../../functions/src/renderer/scenes/scene-library';
import { sceneById, type Scene } from '../../functions/src/renderer/scenes/scene-manifest';
import { groundBandSigma, renderSceneView, sceneCamera, sharpenGroundAtCar, FAR_BLUR, GROUND_BAND_BEYOND, GROUND_BAND_NEAR } from '../../functions/src/renderer/scenes/scene-view';

const W = 1536, H = 1024;
const IDS = ['kiara_1_dawn_mountains', 'immenstadter_horn', 'leadenhall_market', 'venice_sunset_coast'];
const panoramas = new Map<string, { scene: Scene; pano: Panorama }>();

beforeAll(async () => {
  for (const id of IDS) {
    const scene = sceneById(id)!;
    panoramas.set(id, { scene, pano: await loadPanorama(scenesDir()!, scene) });
  }
}, 60_000);

const luma = (b: Buffer, x: number, y: number) => {
  const i = 3 * (y * W + x);
  return 0.2126 * b[i]! + 0.7152 * b[i + 1]! + 0.0722 * b[i + 2]!;
};
/** Over rows [y0, y1): the mean absolute difference of horizontal neighbours two pixels apart (fine detail) and the mean luma. */
function rows(b: Buffer, y0: number, y1: number): { detail: number; mean: number } {
  let d = 0, m = 0, n = 0;
  for (let y = y0; y < y1; y++)
    for (let x = 0; x < W - 2; x++) (d += Math.abs(luma(b, x, y) - luma(b, x + 2, y))), (m += luma(b, x, y)), n++;
  return { detail: d / n, mean: m / n };
}

describe('the sharp ground around the car', () => {
  it('follows the lens: in focus at the car, as soft as the lens makes it toward the band\'s edges', () => {
    expect(groundBandSigma(0)).toBe(0);
    expect(groundBandSigma(0.09)).toBe(0);
    expect(groundBandSigma(-0.04)).toBe(0);
    // At the band's edges, the lens's own blur (|1 - d/z| of the far blur), which the backdrop has there.
    expect(groundBandSigma(GROUND_BAND_BEYOND)).toBeCloseTo(GROUND_BAND_BEYOND * FAR_BLUR, 6);
    expect(groundBandSigma(-GROUND_BAND_NEAR)).toBeCloseTo(GROUND_BAND_NEAR * FAR_BLUR, 6);
    // Softer the further from the focus, on either side.
    for (let k = 0; k < GROUND_BAND_BEYOND; k += 0.01) expect(groundBandSigma(k + 0.01)).toBeGreaterThanOrEqual(groundBandSigma(k));
    for (let k = 0; k < GROUND_BAND_NEAR; k += 0.01) expect(groundBandSigma(-k - 0.01)).toBeGreaterThanOrEqual(groundBandSigma(-k));
  });

  it('shows no edge: no step in sharpness or brightness across its top or bottom edge, and sharp ground at the car', async () => {
    for (const id of IDS) {
      const { scene, pano } = panoramas.get(id)!;
      // A car 410 px tall standing on row 830, the camera at 1.4 m and at 1.7 m (a corner shot from higher).
      for (const height of [1.4, 1.7]) {
        const camera = sceneCamera(scene.startYaw, 830, 410, W, height);
        const view = await renderSceneView(pano, camera, scene.panoHeight, W, H);
        const backdrop = Buffer.from(view);
        const { from, to } = await sharpenGroundAtCar(view, pano, camera, scene.panoHeight, W, H);
        const label = `${id} at ${height} m`;
        expect(to - from, label).toBeGreaterThan(100);
        // Eight rows either side of each edge: the ground changes across the edge as the backdrop alone does there
        // (its detail grows toward the camera by itself), the band adding no step: within 12% in detail, 1.5 levels in
        // brightness.
        for (const edge of [from, Math.min(H - 8, to)]) {
          const [outRows, inRows]: [[number, number], [number, number]] = edge === from ? [[edge - 8, edge], [edge, edge + 8]] : [[edge, edge + 8], [edge - 8, edge]];
          const outside = rows(view, ...outRows), inside = rows(view, ...inRows);
          const plainOutside = rows(backdrop, ...outRows), plainInside = rows(backdrop, ...inRows);
          const step = inside.detail / outside.detail / (plainInside.detail / plainOutside.detail);
          expect(Math.abs(step - 1), `${label}: detail across the edge at row ${edge}`).toBeLessThan(0.12);
          expect(Math.abs(inside.mean - outside.mean - (plainInside.mean - plainOutside.mean)), `${label}: brightness across the edge at row ${edge}`).toBeLessThan(1.5);
          // Inside the band near its edge, no sharper than the backdrop it replaces (within 15%).
          expect(inside.detail / plainInside.detail, `${label}: the band's edge as soft as the backdrop`).toBeLessThan(1.15);
        }
        // From the band's top edge to the car's ground, detail grows smoothly: no 8-row window more than 1.6 times the one before.
        const ground = Math.round(camera.groundRow);
        let last = rows(view, from, from + 8).detail;
        for (let y = from + 8; y + 8 <= ground; y += 8) {
          const next = rows(view, y, y + 8).detail;
          expect(next / last, `${label}: rows ${y}-${y + 8}`).toBeLessThan(1.6);
          last = next;
        }
        // Brightness: the band changes the ground's mean by less than 3 levels (of 255) on any 8 rows.
        for (let y = from; y + 8 <= to; y += 8) expect(Math.abs(rows(view, y, y + 8).mean - rows(backdrop, y, y + 8).mean), `${label}: rows ${y}-${y + 8}`).toBeLessThan(3);
        // And at the car's distance the ground is sharp: at least twice the backdrop's detail.
        expect(rows(view, ground - 6, ground + 6).detail / rows(backdrop, ground - 6, ground + 6).detail, label).toBeGreaterThan(2);
      }
    }
  }, 60_000);
});
