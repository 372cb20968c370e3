/**
 * Photographic scenes: the library from SCENES_DIR (../shared/scenes here and on CI, never committed), one scene and
 * one walk around the car per package, the tyres on the scene's ground, the car's pixels the photo's.
 */
import { isRenderedPlace, RENDERED_PLACES } from '../../functions/src/renderer/scenes/rendered-studio';
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { ANGLES, type Angle } from '@shared/angles';
import { BACKGROUNDS, type Background } from '@shared/backgrounds';

vi.hoisted(() => {
  process.env.SCENES_DIR ??= '../shared/scenes';
});

import { preparePhotos, renderPrepared, renderPreparedPackage, type PreparedPhoto } from '../../functions/src/renderer/local/local-renderer';
import { ANGLE_AZIMUTH, cameraYaw, LOW_SUN_ELEVATION, pickScene } from '../../functions/src/renderer/scenes/scene-backdrop';
import { SCENES, sceneById, sceneChoice, scenesOf } from '../../functions/src/renderer/scenes/scene-manifest';
import { loadPanorama, scenesDir } from '../../functions/src/renderer/scenes/scene-library';
import { decodeRgbe } from '../../functions/src/renderer/scenes/rgbe';
import { CAMERA_HEIGHT, CAR_HEIGHT, signedDegrees } from '../../functions/src/renderer/scenes/scene-view';
import { FIDELITY_THRESHOLD } from '../../functions/src/renderer/fidelity/car-fidelity';
import { keyLightFalloff, MAX_KEY_LIGHT_FALLOFF } from '../../functions/src/renderer/local/compositor';
import { car } from './bad-photos';

const DIR = scenesDir()!;
let cupra: PreparedPhoto;
let ioniq: PreparedPhoto;

beforeAll(async () => {
  [cupra] = await preparePhotos([{ id: 'cupra', bytes: car('cupra-born-grey-front34-street.jpg') }]) as [PreparedPhoto];
  [ioniq] = await preparePhotos([{ id: 'ioniq', bytes: car('hyundai-ioniq5-silver-front34-grass.jpg') }]) as [PreparedPhoto];
}, 120_000);

/** The same photo tagged as each of the eight angles (the dealer's tag wins), so a package renders every angle. */
const asEveryAngle = (p: PreparedPhoto): PreparedPhoto[] => ANGLES.map((angle) => ({ ...p, source: { ...p.source, id: `${p.source.id}-${angle}` }, angle, classified: false }));

/** Rows of the composited car's lowest opaque pixel, per column. */
function contactRows(alpha: Uint8Array, W: number, H: number): Int32Array {
  const lowest = new Int32Array(W).fill(-1);
  for (let y = 0; y < H; y++) for (let x = 0; x < W; x++) if (alpha[y * W + x]! >= 128) lowest[x] = y;
  return lowest;
}

describe('the scene library', () => {
  it('reads every scene the manifest lists from SCENES_DIR, hash-checked', async () => {
    expect(existsSync(DIR), `SCENES_DIR (${DIR}) must hold the scene library: ../shared/scenes here and on CI, or npm run scenes:fetch`).toBe(true);
    for (const scene of SCENES) {
      const p = await loadPanorama(DIR, scene);
      expect([p.width, p.height]).toEqual([1024, 512]);
      expect(p.light.dominance).toBeGreaterThanOrEqual(0);
    }
    // Every outdoor style has scenes; the original location has none (it is the photo's own), nor have the studio and
    // the showroom (rendered in code).
    for (const style of BACKGROUNDS) expect(scenesOf(style).length > 0).toBe(style !== 'original' && !isRenderedPlace(style));
  });

  it('refuses a panorama whose bytes differ from the manifest, and one that is missing', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'scenes-'));
    const scene = SCENES[0]!;
    const bytes = readFileSync(join(DIR, `${scene.slug}_1k.hdr`));
    bytes[bytes.length - 100] = bytes[bytes.length - 100]! ^ 1;
    writeFileSync(join(dir, `${scene.slug}_1k.hdr`), bytes);
    await expect(loadPanorama(dir, scene)).rejects.toThrow(/does not match the manifest's sha256/);
    await expect(loadPanorama(dir, SCENES[1]!)).rejects.toThrow(/is not in/);
  });

  it('decodes run-length and flat Radiance scanlines alike, and refuses a truncated file', () => {
    const real = readFileSync(join(DIR, 'venice_sunset_1k.hdr'));
    const image = decodeRgbe(real);
    // Re-encode two rows flat (no run-length coding): the same pixels come back.
    const header = Buffer.from('#?RADIANCE\nFORMAT=32-bit_rle_rgbe\n\n-Y 2 +X 1024\n', 'latin1');
    const flat = Buffer.alloc(2 * 1024 * 4);
    for (let i = 0; i < 2 * 1024; i++) {
      const [r, g, b] = [image.rgb[3 * (300 * 1024) + 3 * i]!, image.rgb[3 * (300 * 1024) + 3 * i + 1]!, image.rgb[3 * (300 * 1024) + 3 * i + 2]!];
      const e = Math.ceil(Math.log2(Math.max(r, g, b, 1e-30) + 1e-30));
      const f = 256 / 2 ** e;
      flat.set([Math.min(255, Math.floor(r * f)), Math.min(255, Math.floor(g * f)), Math.min(255, Math.floor(b * f)), e + 128], 4 * i);
    }
    const again = decodeRgbe(Buffer.concat([header, flat]));
    for (let i = 0; i < again.rgb.length; i += 97) expect(again.rgb[i]!).toBeCloseTo(image.rgb[3 * 300 * 1024 + i]!, 1);
    expect(() => decodeRgbe(real.subarray(0, real.length / 2))).toThrow(/ends early|Bad run/);
  });
});

describe('one scene per package, one walk around the car', () => {
  it('picks the scene once from the package id: the same id, the same scene; ids spread over the style', () => {
    expect(pickScene('urban', 'pkg-1')).toEqual(pickScene('urban', 'pkg-1'));
    const seen = new Set(Array.from({ length: 40 }, (_, i) => pickScene('urban', `pkg-${i}`)!.id));
    expect([...seen].sort()).toEqual(scenesOf('urban').map((s) => s.id).sort());
    expect(pickScene('original', 'pkg-1')).toBeUndefined();
  });

  it('spreads the eight cameras over the directions where each scene looks like its style, the Front in the middle', () => {
    for (const scene of SCENES) {
      const choice = sceneChoice(scene);
      const yaws = Object.values(ANGLE_AZIMUTH).map((azimuth) => cameraYaw(scene, choice, azimuth));
      expect(cameraYaw(scene, choice, ANGLE_AZIMUTH.front), scene.id).toBe(scene.startYaw);
      for (const yaw of yaws) expect(Math.abs(yaw - scene.startYaw), scene.id).toBeLessThanOrEqual(scene.yawSpan / 2);
      expect(new Set(yaws.map((y) => Math.round(y))).size, scene.id).toBe(8);
      // Neighbouring angles stay neighbours: Front between its two corners.
      expect(Math.sign(cameraYaw(scene, choice, ANGLE_AZIMUTH.front_left_corner) - scene.startYaw)).toBe(-Math.sign(cameraYaw(scene, choice, ANGLE_AZIMUTH.front_right_corner) - scene.startYaw));
    }
    // The green hills have no mountains, and the alpine meadow shows its few far peaks only toward its sun (a camera
    // there lights the car from behind): packages that have them still render, new ones get the rocky hilltop among
    // mountains.
    for (const id of ['hilly_terrain_01', 'immenstadter_horn']) {
      expect(sceneById(id)).toBeDefined();
      expect(scenesOf('mountain').map((s) => s.id)).not.toContain(id);
    }
    expect(scenesOf('mountain').map((s) => s.id)).toEqual(['kiara_1_dawn_mountains']);
  });

  it('keeps each scene\'s sun beside or behind the cameras (the light falls on the car from the camera\'s side); Sunset\'s in the picture', async () => {
    for (const scene of SCENES.filter((s) => s.offered)) {
      const { light } = await loadPanorama(scenesDir()!, scene);
      // A high sun or a roof's light (the covered market) lights the car from above whichever way the camera looks.
      if (light.elevation >= 50 || scene.light === 'soft') continue;
      for (const azimuth of Object.values(ANGLE_AZIMUTH)) {
        const relative = Math.abs(signedDegrees(light.yaw - cameraYaw(scene, sceneChoice(scene), azimuth)));
        // Sunset's cameras look toward its low sun: in the picture (the lens sees 25 degrees either side) and not
        // behind the car, which would hide it (a side view's car reaches about 17 degrees from the middle).
        if (scene.style === 'sunset') {
          expect(relative, `${scene.id} at azimuth ${azimuth}`).toBeGreaterThan(12);
          expect(relative, `${scene.id} at azimuth ${azimuth}`).toBeLessThanOrEqual(25);
        } else expect(relative, `${scene.id} at azimuth ${azimuth}`).toBeGreaterThanOrEqual(75);
      }
    }
    // Sunset is offered somewhere with its sun in the picture.
    expect(SCENES.filter((s) => s.offered && s.style === 'sunset').map((s) => s.id)).toEqual(['venice_sunset']);
  });

  it('renders the eight angles in one scene, the camera turned by each angle\'s azimuth, the tyres on the scene\'s ground', async () => {
    const choice = pickScene('urban', 'package-walk')!;
    const result = await renderPreparedPackage(asEveryAngle(cupra), { background: 'urban', scene: choice });
    expect(result.images.map((i) => i.metadata.angle).sort()).toEqual([...ANGLES].sort());
    const yaws = new Set<number>();
    const first = result.images[0]!.metadata.scene!;
    for (const image of result.images) {
      const scene = image.metadata.scene!;
      expect(scene.id).toBe(choice.id);
      // One camera distance and one lens for the whole walk (within 5% is the must-hold; here they are equal).
      expect(Math.abs(scene.carDistance / first.carDistance - 1)).toBeLessThan(0.005);
      expect(scene.focalPx).toBe(first.focalPx);
      expect(scene.azimuth).toBe(ANGLE_AZIMUTH[image.metadata.angle]);
      // The Front faces the scene's start direction; the others are spread over its yaw span around it.
      const expected = cameraYaw(sceneById(choice.id)!, choice, scene.azimuth);
      expect(signedDegrees(scene.yaw - expected)).toBeCloseTo(0, 6);
      yaws.add(Math.round(scene.yaw));
    }
    expect(yaws.size).toBe(8);
  }, 120_000);

  // (The original location keeps the photo's framing and its own ground: local-renderer.test.ts.)
  it.each(['urban', 'sunset', 'showroom', 'mountain'] as const)('%s: the tyres\' contact line lies on the scene\'s ground line in every angle', async (style) => {
    for (const angle of ['front', 'right_side', 'rear_left_corner'] satisfies Angle[]) {
      const image = await renderPrepared([{ ...ioniq, angle, classified: false }], angle, style, undefined, pickScene(style, 'ground-test'));
      const { carAlpha, width: W, height: H } = image.composed;
      const scene = image.metadata.scene!;
      // The scene's ground at the car's distance, from its camera: horizon + f * camera height / distance.
      expect(scene.groundRow).toBeCloseTo(scene.horizonRow + (scene.focalPx * scene.cameraHeight) / scene.carDistance, 6);
      const lowest = contactRows(carAlpha, W, H);
      const contact = Math.max(...lowest);
      expect(Math.abs(contact - scene.groundRow)).toBeLessThanOrEqual(2);
      // The camera's eye level follows the car's height in the frame (a car of CAR_HEIGHT seen from the camera's
      // height: the photo's own in a corner view, read from its ground lines, the standing CAMERA_HEIGHT otherwise).
      let top = H;
      for (let i = 0; i < carAlpha.length && top === H; i++) if (carAlpha[i]! >= 128) top = Math.floor(i / W);
      expect(scene.horizonRow).toBeCloseTo(contact - ((contact + 1 - top) * scene.cameraHeight) / CAR_HEIGHT, -1);
      if (!angle.endsWith('_corner')) expect(scene.cameraHeight).toBe(CAMERA_HEIGHT);
      // The car casts its contact shadow on that ground: darker just under the tyres than the ground beside them.
      const { data } = await sharp(image.full).raw().toBuffer({ resolveWithObject: true });
      const luma = (x: number, y: number) => data[3 * (y * W + x) + 1]!;
      let under = 0, n = 0;
      for (let x = 0; x < W; x++) if (lowest[x]! >= contact - 6) (under += luma(x, Math.min(H - 1, lowest[x]! + 3))), n++;
      expect(n).toBeGreaterThan(5);
      expect(under / n).toBeLessThan(200);
      // And clearly darker than the same rows of ground well beside the car (at least 80 px left or right of it), so
      // the car reads as standing on the ground, not hovering over it (the sunset's stone quay was lighter under the
      // tyres than beside them before the contact shadow was deepened: 1.06).
      const columns = [...lowest.keys()].filter((x) => lowest[x]! >= 0);
      const [carLeft, carRight] = [Math.min(...columns), Math.max(...columns)];
      let beside = 0, m = 0;
      for (let x = 0; x < W; x++) {
        if (x > carLeft - 80 && x < carRight + 80) continue;
        for (let y = contact + 1; y <= Math.min(H - 1, contact + 5); y++) (beside += luma(x, y)), m++;
      }
      expect(m).toBeGreaterThan(100);
      expect((under / n) / (beside / m)).toBeLessThan(0.8);
    }
  }, 120_000);
});

describe('light that belongs to the place', () => {
  const light = (relativeYaw: number, elevation: number, dominance: number) => ({ relativeYaw, elevation, dominance, tint: [1, 1, 1] as [number, number, number], exposure: 1 });

  it('darkens the side of the car away from a strong, low light from one side, and nothing for a soft or frontal light', () => {
    expect(keyLightFalloff(light(90, 3, 0.6))).toEqual({ away: expect.closeTo(MAX_KEY_LIGHT_FALLOFF, 3), fromRight: true });
    expect(keyLightFalloff(light(-90, 3, 0.6)).fromRight).toBe(false);
    // The rendered studio's soft top light, a light behind the camera, an overcast sky: (almost) nothing.
    expect(keyLightFalloff(light(0, 80, 0.12)).away).toBeLessThan(0.01);
    expect(keyLightFalloff(light(180, 10, 0.8)).away).toBeLessThan(0.001);
    expect(keyLightFalloff(light(90, 10, 0.02)).away).toBeLessThan(0.01);
  });

  it('a square in sunshine, the sun beside the camera, leaves the far end of the car darker than in the studio', async () => {
    const ioniqStudio = await renderPrepared([ioniq], ioniq.angle, 'studio');
    const ioniqSunlit = await renderPrepared([ioniq], ioniq.angle, 'urban', undefined, sceneChoice(sceneById('modern_buildings_2')!));
    // Mean luminance of the car's left and right thirds (its own pixels only).
    const ends = async (image: typeof ioniqStudio) => {
      const { carAlpha, width: W } = image.composed;
      const { data } = await sharp(image.full).raw().toBuffer({ resolveWithObject: true });
      let minX = W, maxX = 0;
      for (let i = 0; i < carAlpha.length; i++) if (carAlpha[i]! > 200) (minX = Math.min(minX, i % W), maxX = Math.max(maxX, i % W));
      const third = (maxX - minX) / 3;
      const sums = [0, 0], counts = [0, 0];
      for (let i = 0; i < carAlpha.length; i++) {
        if (carAlpha[i]! <= 200) continue;
        const x = i % W, end = x < minX + third ? 0 : x > maxX - third ? 1 : -1;
        if (end < 0) continue;
        sums[end]! += 0.2126 * data[3 * i]! + 0.7152 * data[3 * i + 1]! + 0.0722 * data[3 * i + 2]!;
        counts[end]!++;
      }
      return sums[0]! / counts[0]! / (sums[1]! / counts[1]!);
    };
    const scene = ioniqSunlit.metadata.scene!;
    // The sun (216 degrees in the panorama, 34 degrees high) is on the camera's right for this angle: the left end
    // falls off (a hazy sunset's sun, 2% of its sky's light, would change next to nothing).
    expect(keyLightFalloff(light(signedDegrees(216 - scene.yaw), 34, 0.79)).fromRight).toBe(true);
    expect((await ends(ioniqSunlit)) / (await ends(ioniqStudio))).toBeLessThan(0.96);
  }, 60_000);
});

describe('the car stays the photo\'s', () => {
  let renderedStudio = 0;
  beforeAll(async () => {
    // The same photo on the rendered studio with no scene library.
    const dir = process.env.SCENES_DIR;
    delete process.env.SCENES_DIR;
    renderedStudio = (await renderPrepared([cupra], cupra.angle, 'studio')).metadata.fidelity!;
    process.env.SCENES_DIR = dir;
  });

  // The Cupra in each style, rendered once: the original location's image is read by two tests (a render takes about
  // a core-second).
  const rendered = new Map<Background, ReturnType<typeof renderPrepared>>();
  const cupraIn = (style: Background) => {
    let image = rendered.get(style);
    if (!image) rendered.set(style, (image = renderPrepared([cupra], cupra.angle, style, undefined, pickScene(style, 'fidelity'))));
    return image;
  };

  it.each(BACKGROUNDS)('%s: the fidelity check passes as on the rendered studio', async (style) => {
    const image = await cupraIn(style);
    expect(image.metadata.scene?.id).toBe(style === 'original' ? 'original' : isRenderedPlace(style) ? RENDERED_PLACES[style].id : pickScene(style, 'fidelity')!.id);
    expect(image.metadata.fidelity).toBeGreaterThan(FIDELITY_THRESHOLD);
    expect(image.metadata.fidelity).toBeGreaterThan(0.85);
    // The scene's light adjusts the car a little (at most 2.5% a channel): its score stays within 0.025 of the rendered
    // studio's (whose low-contrast backdrop scores a little higher than the drawn studio did); under a low sun, whose
    // warm light falls on the car's side toward it (up to MAX_LOW_SUN_GLOW more a channel), within 0.045: 0.035 when the
    // studio scored 0.933; its pool shadow (issue 38) leaves lighter ground at the car's lower rim and it now scores
    // 0.942, the low-sun scenes' images unchanged (Sunset 0.906, Coast 0.901). The darker occlusion under the body and
    // the dark crease under the tyres (issue 38) raised every style's score, the studio's most (0.949; Sunset 0.909,
    // Coast 0.903, Urban 0.965): the low-sun margin is 0.05.
    const scene = image.metadata.scene && sceneById(image.metadata.scene.id);
    const lowSun = scene ? (await loadPanorama(DIR, scene)).light.elevation < LOW_SUN_ELEVATION : false;
    expect(image.metadata.fidelity).toBeGreaterThanOrEqual(renderedStudio - (lowSun ? 0.05 : 0.025));
    expect(image.metadata.carMaskIoU).toBeGreaterThan(0.95);
  }, 60_000);

  it('the original location is the photo\'s own background, out of focus, and the car sharp', async () => {
    // The original location has no scenes to pick from (pickScene gives none): the same render as its fidelity test's.
    expect(pickScene('original', 'fidelity')).toBeUndefined();
    const image = await cupraIn('original');
    const { carAlpha, width: W, height: H } = image.composed;
    const { data } = await sharp(image.full).raw().toBuffer({ resolveWithObject: true });
    // The photo's colours outside the car, and the output's outside the car: the same scene (mean within 20 levels).
    const mean = (rgb: Buffer | Uint8Array, alpha: Uint8Array, threshold: number) => {
      const m: [number, number, number] = [0, 0, 0];
      let k = 0;
      for (let i = 0; i < alpha.length; i += 7) if (alpha[i]! <= threshold) (m[0] += rgb[3 * i]!, m[1] += rgb[3 * i + 1]!, m[2] += rgb[3 * i + 2]!, k++);
      return m.map((v) => v / k);
    };
    const photoMean = mean(cupra.photo.rgb, cupra.mask.alpha, 0);
    const outMean = mean(data, carAlpha, 0);
    for (let c = 0; c < 3; c++) expect(Math.abs(photoMean[c]! - outMean[c]!)).toBeLessThan(20);
    // Out of focus: the backdrop's fine detail (differences between neighbours) is a fraction of the photo's.
    const detail = (rgb: Buffer | Uint8Array, w: number, alpha: Uint8Array) => {
      let s = 0, k = 0;
      for (let i = 0; i + 1 < alpha.length; i += 5) if (alpha[i] === 0 && alpha[i + 1] === 0 && (i + 1) % w) (s += Math.abs(rgb[3 * i + 1]! - rgb[3 * i + 4]!)), k++;
      return s / k;
    };
    expect(detail(data, W, carAlpha)).toBeLessThan(0.5 * detail(cupra.photo.rgb, cupra.photo.width, cupra.mask.alpha));
    expect(H).toBe(1024);
  }, 60_000);
});
