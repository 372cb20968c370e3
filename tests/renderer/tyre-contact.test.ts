/**
 * Every tyre stands on the ground, the rear one of a corner view too (issue 38): the ground right under each tyre is
 * darkened (its contact shadow) and so is the ground a tyre's width beside it (the occlusion around it), and outdoors
 * the ground under the farthest tyre is drawn as sharp as the ground under the nearest. Before, the shade followed the
 * car's columns and one ground line: at a corner view's rear tyre, at the car's end, it stopped dead (the ground beside
 * it untouched, 1.00 of the scene's) and the band of sharp ground ended short of it, so the rear tyre read as lifted.
 */
import { beforeAll, describe, expect, it, vi } from 'vitest';
import type { Background } from '@shared/backgrounds';

vi.hoisted(() => {
  process.env.SCENES_DIR ??= '../shared/scenes';
});

import { preparePhotos, type PreparedPhoto } from '../../functions/src/renderer/local/local-renderer';
import { sceneById, sceneChoice } from '../../functions/src/renderer/scenes/scene-manifest';
import { loadPanorama, scenesDir } from '../../functions/src/renderer/scenes/scene-library';
import { groundBandBeyond, groundBandSigma, renderSceneView, sceneCamera, sharpenGroundAtCar } from '../../functions/src/renderer/scenes/scene-view';
import { tyreShade } from './tyre-shade';
import { lumaOf } from './ground-probes';
import { car } from './bad-photos';

let cupra: PreparedPhoto;

beforeAll(async () => {
  [cupra] = (await preparePhotos([{ id: 'cupra', bytes: car('cupra-born-grey-front34-street.jpg') }])) as [PreparedPhoto];
}, 120_000);

const STYLES: Array<[Background, string | undefined]> = [['studio', undefined], ['studio_dark', undefined], ['mountain', 'kiara_1_dawn_mountains'], ['urban', 'modern_buildings_2'], ['beach', 'venice_sunset_coast']];

describe('each tyre of a corner view on the ground', () => {
  it.each(STYLES)('%s: under each tyre a contact shadow, and the ground beside each darkened too', async (style, sceneId) => {
    expect(cupra.angle).toBe('front_left_corner');
    const tyres = await tyreShade(cupra, style, sceneId ? sceneChoice(sceneById(sceneId)!) : undefined);
    // The near front tyre and the rear tyre, a car's length further off (higher in the frame).
    expect(tyres.length, JSON.stringify(tyres)).toBeGreaterThanOrEqual(2);
    const [front, rear] = [tyres.reduce((a, b) => (b.y > a.y ? b : a)), tyres.reduce((a, b) => (b.y < a.y ? b : a))];
    expect(front.y - rear.y).toBeGreaterThan(40);
    for (const t of tyres) {
      expect(t.under, JSON.stringify(t)).toBeLessThan(0.6);
      // Before: 1.00 beside the rear tyre (nothing drawn past the car's end), 0.82-0.86 beside the front one.
      expect(t.beside, JSON.stringify(t)).toBeLessThan(0.92);
    }
    // The rear tyre's contact as dark as the front one's, near enough (before: 0.08-0.14 lighter on the studios).
    expect(rear.under - front.under, JSON.stringify({ front, rear })).toBeLessThan(0.12);
  }, 30_000);

  it('outdoors, the ground under the farthest tyre is in focus as the ground under the nearest', async () => {
    const scene = sceneById('kiara_1_dawn_mountains')!;
    const pano = await loadPanorama(scenesDir()!, scene);
    const W = 1536, H = 1024;
    // A car 410 px tall on row 880 (its near front tyre), its rear tyre on row 790, as the Cupra's corner view lands.
    const camera = sceneCamera(scene.startYaw, 880, 410, W, 1.35);
    const farRow = 790;
    const k = 1 - (farRow - camera.horizonRow) / (camera.groundRow - camera.horizonRow);
    expect(k).toBeGreaterThan(0.15);
    // By default that far the lens's blur has set in; past the farthest tyre, none.
    expect(groundBandSigma(k)).toBeGreaterThan(1);
    expect(groundBandSigma(k, groundBandBeyond(camera, farRow))).toBe(0);
    const detailAt = (rgb: Buffer) => {
      const luma = lumaOf(rgb, W);
      let s = 0, n = 0;
      for (let y = farRow - 4; y <= farRow + 4; y++) for (let x = 0; x < W - 2; x++) (s += Math.abs(luma(x, y) - luma(x + 2, y))), n++;
      return s / n;
    };
    const view = await renderSceneView(pano, camera, scene.panoHeight, W, H);
    const plain = Buffer.from(view), far = Buffer.from(view);
    await sharpenGroundAtCar(plain, pano, camera, scene.panoHeight, W, H);
    await sharpenGroundAtCar(far, pano, camera, scene.panoHeight, W, H, farRow);
    expect(detailAt(far) / detailAt(plain)).toBeGreaterThan(1.5);
  }, 30_000);
});
