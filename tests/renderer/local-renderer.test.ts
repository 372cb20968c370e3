import { readFileSync } from 'node:fs';
import sharp from 'sharp';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import type { Angle } from '@shared/angles';
import { BACKGROUND_LABELS, backgroundsOffered, OUTDOOR_BACKGROUNDS, type Background } from '@shared/backgrounds';
import { CAR_PACKAGE_MESSAGES } from '@shared/messages';

// These tests run with no scene library: the rendered studio and showroom, and the drawn outdoor fallback
// (tests/renderer/scenes.test.ts has the photographic scenes).
vi.hoisted(() => {
  delete process.env.SCENES_DIR;
});
import { cycloramaHit, RENDERED_PLACES, renderedPlace, STAGE } from '../../functions/src/renderer/scenes/rendered-studio';
import { sceneBackdrop } from '../../functions/src/renderer/scenes/scene-backdrop';
import { composeCar } from '../../functions/src/renderer/local/compositor';
import { LocalRenderer, preparePhotos, renderPrepared, renderPreparedPackage, type PreparedPhoto } from '../../functions/src/renderer/local/local-renderer';
import { cleanMask } from '../../functions/src/renderer/cutout/mask-cleanup';
import { FULL_SIZE, WEB_SIZE } from '../../functions/src/renderer/port';
import { car } from './bad-photos';

// One ISNet session for the whole file: each photo is cut out once in beforeAll.
const FILES = {
  cupra: 'cupra-born-grey-front34-street.jpg',
  ioniq: 'hyundai-ioniq5-silver-front34-grass.jpg',
  x3: 'bmw-x3-blue-front34-parked-4540px.jpg',
  bmw2002: 'bmw-2002-silver-front34-grass.jpg',
  e30: 'bmw-e30-silver-front34-show-5220px.jpg',
} as const;
const prepared: Record<string, PreparedPhoto> = {};

beforeAll(async () => {
  for (const [key, file] of Object.entries(FILES)) prepared[key] = (await preparePhotos([{ id: file, bytes: car(file) }]))[0]!;
}, 120_000);

/**
 * One render per photo, angle and style for the tests that only read it (renderPrepared is deterministic): the
 * Cupra's studio image is looked at by four tests and its grey and dark tones by two each, about a core-second a
 * render. Renders with a logo, a scene, options or other photos are made where they are tested.
 */
const renders = new Map<string, ReturnType<typeof renderPrepared>>();
function renderOnce(key: keyof typeof FILES, angle: Angle, background: Background): ReturnType<typeof renderPrepared> {
  const id = `${key} ${angle} ${background}`;
  let image = renders.get(id);
  if (!image) renders.set(id, (image = renderPrepared([prepared[key]!], angle, background)));
  return image;
}

async function raw(jpeg: Buffer) {
  return sharp(jpeg).raw().toBuffer({ resolveWithObject: true });
}


/** A grey photo `w` x `h` whose car is a dark box (its mask exact), with `paint` for the scene around it. */
function boxCarPhoto(w: number, h: number, box: { left: number; top: number; right: number; bottom: number }, paint: (rgb: Buffer) => void = () => undefined) {
  const rgb = Buffer.alloc(w * h * 3, 120);
  paint(rgb);
  const alpha = new Uint8Array(w * h);
  for (let y = box.top; y < box.bottom; y++) for (let x = box.left; x < box.right; x++) (alpha[y * w + x] = 255), rgb.set([30, 30, 35], 3 * (y * w + x));
  const area = (box.right - box.left) * (box.bottom - box.top);
  return {
    photo: { type: 'jpeg' as const, originalWidth: w, originalHeight: h, rgb, width: w, height: h },
    mask: { alpha, width: w, height: h, box, areaFraction: area / (w * h), removedFraction: 0 },
  };
}
describe('local renderer on committed photos', () => {
  it.each(Object.keys(FILES))('%s: studio image of the right size, car of plausible area, light sweep around it, shadow under the tyres', async (key) => {
    const image = await renderOnce(key as keyof typeof FILES, prepared[key]!.angle, 'studio');
    expect((await sharp(image.full).metadata()).width).toBe(FULL_SIZE.width);
    expect((await sharp(image.full).metadata()).height).toBe(FULL_SIZE.height);
    const web = await sharp(image.web).metadata();
    expect([web.format, web.width, web.height]).toEqual(['webp', WEB_SIZE.width, WEB_SIZE.height]);

    const { data } = await raw(image.full);
    const { carAlpha, width: W, height: H } = image.composed;
    let carArea = 0;
    let lowestCarRow = 0;
    for (let i = 0; i < carAlpha.length; i++) if (carAlpha[i]! >= 128) (carArea++, (lowestCarRow = Math.max(lowestCarRow, Math.floor(i / W))));
    expect(carArea / (W * H)).toBeGreaterThan(0.12);
    expect(carArea / (W * H)).toBeLessThan(0.5);
    const plate = renderedPlace('studio');
    // Tyres stand on the floor line.
    expect(Math.abs(lowestCarRow - plate.floorY)).toBeLessThanOrEqual(3);

    // Above the floor and away from the car, only the light grey sweep (no old scene left in the frame). The floor
    // seen under the car (below its outline, give or take the shadow's blur) is in its shadow, so not counted.
    const carTop = new Int32Array(W).fill(H);
    for (let i = 0; i < carAlpha.length; i++) if (carAlpha[i]! > 0) carTop[i % W] = Math.min(carTop[i % W]!, Math.floor(i / W));
    const underCar = (x: number, y: number) => {
      for (let dx = -24; dx <= 24; dx++) if (x + dx >= 0 && x + dx < W && carTop[x + dx]! <= y) return true;
      return false;
    };
    let outside = 0;
    let offColour = 0;
    for (let y = 0; y < plate.floorY - 40; y += 3)
      for (let x = 0; x < W; x += 3) {
        if (carAlpha[y * W + x]! > 0 || underCar(x, y)) continue;
        const i = 3 * (y * W + x);
        outside++;
        const [r, g, b] = [data[i]!, data[i + 1]!, data[i + 2]!];
        if (Math.min(r, g, b) < 170 || Math.max(r, g, b) - Math.min(r, g, b) > 16) offColour++;
      }
    expect(offColour / outside).toBeLessThan(0.002);

    // Contact shadow: the floor just below the car is darker than the same row beside it.
    const row = plate.floorY + 4;
    let under = 0, underN = 0, beside = 0, besideN = 0;
    for (let x = 0; x < W; x++) {
      let carAbove = false;
      for (let y = plate.floorY - 12; y < plate.floorY; y++) if (carAlpha[y * W + x]! >= 128) carAbove = true;
      const luma = data[3 * (row * W + x) + 1]!;
      if (carAbove) (under += luma), underN++;
      else if (x < 60 || x > W - 60) (beside += luma), besideN++;
    }
    expect(underN).toBeGreaterThan(20);
    expect(under / underN).toBeLessThan(beside / besideN - 40);
  });

  it('classifies the untagged committed photos by the side the car faces', () => {
    expect(Object.fromEntries(Object.entries(prepared).map(([k, p]) => [k, p.angle]))).toEqual({
      cupra: 'front_left_corner',
      ioniq: 'front_left_corner',
      x3: 'front_left_corner',
      bmw2002: 'front_left_corner',
      e30: 'front_right_corner',
    });
  });

  it('draws every style offered without a scene library behind the car, each different; an outdoor style is refused, saying why', async () => {
    // Each pair of styles differs where a dealer looks: on a small copy of the whole image, by 8 levels on average
    // (two styles of the same overall tone, a grey studio and the showroom, still differ in what stands where).
    const thumbs: { background: string; pixels: Buffer }[] = [];
    const offered = backgroundsOffered(false);
    for (const background of offered) {
      const image = await renderOnce('cupra', 'front_left_corner', background);
      expect(image.metadata.background).toBe(background);
      thumbs.push({ background, pixels: await sharp(image.full).resize(96, 64, { fit: 'fill' }).removeAlpha().raw().toBuffer() });
    }
    expect(thumbs).toHaveLength(offered.length);
    for (const [i, a] of thumbs.entries())
      for (const b of thumbs.slice(i + 1)) {
        let sum = 0;
        for (let k = 0; k < a.pixels.length; k++) sum += Math.abs(a.pixels[k]! - b.pixels[k]!);
        expect(sum / a.pixels.length, `${a.background} against ${b.background}`).toBeGreaterThan(8);
      }
    for (const background of OUTDOOR_BACKGROUNDS)
      await expect(renderPrepared([prepared.cupra!], 'front_left_corner', background)).rejects.toMatchObject({ name: 'RenderPermanentError', message: CAR_PACKAGE_MESSAGES.styleNotOffered(BACKGROUND_LABELS[background]) });
  });

  it('renders the studio in white, light grey and dark grey paper: the same room and camera, each tone darker than the one before', async () => {
    const tones = [
      ['studio', 'rendered:studio-white', [200, 255]],
      ['studio_grey', 'rendered:studio-grey', [110, 185]],
      ['studio_dark', 'rendered:studio-dark', [25, 90]],
    ] as const;
    const cameras = new Set<string>();
    for (const [background, id, [low, high]] of tones) {
      const image = await renderOnce('cupra', 'front_left_corner', background);
      expect(image.metadata.scene?.id, background).toBe(id);
      cameras.add(`${image.metadata.scene?.carDistance} ${image.metadata.scene?.focalPx}`);
      // The paper above the car, behind it (the top fifth of the frame: no car there), as a dealer sees its tone.
      const { data } = await sharp(image.full).extract({ left: 0, top: 0, width: FULL_SIZE.width, height: Math.round(FULL_SIZE.height / 5) }).greyscale().raw().toBuffer({ resolveWithObject: true });
      const paper = data.reduce((sum, v) => sum + v, 0) / data.length;
      expect(paper, background).toBeGreaterThanOrEqual(low);
      expect(paper, background).toBeLessThanOrEqual(high);
    }
    expect(cameras.size).toBe(1);
  });

  it('renders Studio and Showroom in code with no scene library, named as such, from one camera for every angle', async () => {
    // A package of five angles from committed photos (two corners, both sides, the rear; the Genesis's side is the
    // longest view), each rendered as the workflow's render task does (renderPrepared with the package's photos): one
    // camera distance and one lens for all of them, as on a turntable, and no car touching the frame.
    const vision = (file: string) => readFileSync(new URL(`../fixtures/vision/${file}`, import.meta.url));
    const others = await preparePhotos([
      { id: 'acura-side', bytes: vision('acura-tl-blue-side-lot.jpg'), angle: 'right_side' },
      { id: 'genesis-side', bytes: vision('hyundai-genesis-black-side-hillside.jpg'), angle: 'left_side' },
      { id: 'lexus-rear', bytes: vision('lexus-es-champagne-rear-street.jpg'), angle: 'rear' },
    ]);
    const photos = [prepared.cupra!, prepared.e30!, ...others];
    const angles = photos.map((p) => p.angle);
    expect(angles).toEqual(['front_left_corner', 'front_right_corner', 'right_side', 'left_side', 'rear']);
    for (const background of ['studio', 'showroom'] as const) {
      const scenes = [];
      for (const angle of angles) {
        const image = await renderPrepared(photos, angle, background);
        const scene = image.metadata.scene!;
        scenes.push(scene);
        expect(scene.id).toBe(RENDERED_PLACES[background].id);
        expect(scene.id).not.toMatch(/^drawn:/);
        // A turntable shoot: the room does not turn with the car.
        expect(scene.yaw).toBe(0);
        // The whole car, with room to spare on every side (3% of the frame beside the longest view).
        const { carAlpha, width: W, height: H } = image.composed;
        let left = W, right = 0, top = H, bottom = 0;
        for (let i = 0; i < carAlpha.length; i++)
          if (carAlpha[i]! > 0) {
            const x = i % W, y = Math.floor(i / W);
            (left = Math.min(left, x)), (right = Math.max(right, x)), (top = Math.min(top, y)), (bottom = Math.max(bottom, y));
          }
        expect(left, angle).toBeGreaterThanOrEqual(0.025 * W);
        expect(right, angle).toBeLessThanOrEqual(0.975 * W);
        expect(top, angle).toBeGreaterThanOrEqual(0.1 * H);
        expect(bottom, angle).toBeLessThanOrEqual(0.9 * H);
      }
      // One camera distance and one focal length for the package (the must-hold: within 5%; here they are equal).
      const distances = scenes.map((s) => s.carDistance), focals = scenes.map((s) => s.focalPx);
      expect(Math.max(...distances) / Math.min(...distances) - 1).toBeLessThan(0.005);
      expect(Math.max(...focals) / Math.min(...focals) - 1).toBeLessThan(0.005);
      // The camera's height follows each photo's: read from a corner view's ground lines (the Cupra's 1.3 m, the
      // E30's, shot from above at a show, 2 m), half way from the standing 1.4 m; 1.4 m for the others.
      expect(scenes.map((s) => s.cameraHeight)).toEqual([1.35, 1.7, 1.4, 1.4, 1.4]);
    }
  }, 120_000);

  it('keeps the package\'s camera distance for a long car\'s side: only a side longer than 3.5 times its height is drawn smaller', async () => {
    const distanceOf = async (width: number) => {
      const box = { left: 100, top: 300, right: 100 + width, bottom: 600 };
      const { photo, mask } = boxCarPhoto(width + 200, 800, box);
      const source = await sceneBackdrop('studio', 'left_side', undefined, { photo, mask, ...STAGE });
      const composed = await composeCar(photo, mask, source!, { mirror: false });
      return composed.scene!.carDistance;
    };
    const front = await distanceOf(450);
    // A long sedan's side, 3.45 times as long as tall (a Panamera): the same distance as its front.
    expect(await distanceOf(1035)).toBeCloseTo(front, 6);
    // A limousine's, 4 times: drawn smaller to stay inside the frame, so its camera stands further back.
    expect(await distanceOf(1200)).toBeGreaterThan(front * 1.1);
  });

  it('the studio is a seamless cyclorama: no line where the floor meets the wall, light falling off toward the edges', async () => {
    const image = await renderOnce('cupra', 'front_left_corner', 'studio');
    const { data } = await raw(image.full);
    const { carAlpha, width: W, height: H } = image.composed;
    // A column clear of the car and its shadow: from the top of the frame to the floor, no step between rows (a wall
    // meeting a floor at a corner shows one of 10 levels or more), beyond the grain.
    const column = [40, W - 40].find((x) => carAlpha.every((_, i) => i % W !== x || carAlpha[i] === 0))!;
    const luma = (x: number, y: number) => data[3 * (y * W + x) + 1]!;
    const smooth = (y: number) => {
      let sum = 0;
      for (let dy = -3; dy <= 3; dy++) for (let dx = -3; dx <= 3; dx++) sum += luma(column + dx, y + dy);
      return sum / 49;
    };
    let steepest = 0;
    for (let y = 8; y < H - 12; y += 4) steepest = Math.max(steepest, Math.abs(smooth(y + 4) - smooth(y)));
    expect(steepest).toBeLessThan(3);
    // Brightest behind the car, darker in the frame's top corners (the soft box's fall-off).
    const centreAboveCar = luma(W / 2, 30), corner = luma(30, 30);
    expect(centreAboveCar - corner).toBeGreaterThan(8);
    // The surface the rays meet is continuous: floor, cove and wall join without a jump in depth or along the paper.
    const camera = { cameraHeight: 1.4, carDistance: 6 };
    let last = cycloramaHit(-0.4, camera);
    for (let ry = -0.4; ry <= 0.4; ry += 0.001) {
      const hit = cycloramaHit(ry, camera);
      expect(Math.abs(hit.s - last.s)).toBeLessThan(0.2);
      expect(hit.floorness).toBeLessThanOrEqual(last.floorness + 1e-9);
      last = hit;
    }
    expect(last.floorness).toBe(0);
  });

  it('original location, blurred: framed as it was shot, the photo covering the frame and the car where it stood; nothing mirrored', async () => {
    // A grey scene with a red band 40-80 rows below its top edge; the car a dark box that fills most of the photo (on
    // the stage it would be shrunk to fit, leaving the photo's edges inside the frame).
    const w = 1200, h = 800;
    const box = { left: 200, top: 100, right: 1000, bottom: 500 };
    const { photo, mask } = boxCarPhoto(w, h, box, (rgb) => {
      for (let y = 40; y < 80; y++) for (let x = 0; x < w; x++) rgb.set([200, 40, 40], 3 * (y * w + x));
    });
    const source = await sceneBackdrop('original', 'front', undefined, { photo, mask, ...STAGE });
    const composed = await composeCar(photo, mask, source!, { mirror: false });
    // The photo covers the frame (1200x800 to 1536x1024: 1.28), the car where it stood in it.
    const scale = Math.max(STAGE.width / w, STAGE.height / h);
    let carTop: number = STAGE.height, carLeft: number = STAGE.width;
    for (let i = 0; i < composed.carAlpha.length; i++) if (composed.carAlpha[i]! > 128) (carTop = Math.min(carTop, Math.floor(i / STAGE.width))), (carLeft = Math.min(carLeft, i % STAGE.width));
    expect(Math.abs(carTop - box.top * scale)).toBeLessThanOrEqual(2);
    expect(Math.abs(carLeft - box.left * scale)).toBeLessThanOrEqual(2);
    const redness = (y0: number, y1: number) => {
      let worst = 0;
      for (let y = Math.max(0, Math.round(y0)); y < y1; y += 2)
        for (let x = 20; x < STAGE.width - 20; x += 16) {
          const i = 3 * (y * STAGE.width + x);
          worst = Math.max(worst, composed.rgb[i]! - composed.rgb[i + 1]!);
        }
      return worst;
    };
    // The band where it was shot, and above it the grey scene up to the frame's edge (the photo's own top rows).
    const band = redness(50 * scale, 70 * scale);
    expect(band).toBeGreaterThan(60);
    expect(redness(0, 12)).toBeLessThan(band / 2);
    // A mirrored angle flips the car in place; where its backdrop runs past the photo's edge, the edge is stretched.
    const mirrored = await composeCar(photo, mask, source!, { mirror: true });
    expect(mirrored.carAlpha.some((a) => a > 128)).toBe(true);
  });

  it('original location, blurred: a car that fills a wide photo is drawn whole, the photo drawn smaller and its edges stretched', async () => {
    // A 16:9 photo with the car from 3% to 96% of its width (a dealer's tight landscape shot): covering the 3:2 frame
    // would cut both of its ends.
    const { photo, mask } = boxCarPhoto(1280, 720, { left: 38, top: 180, right: 1229, bottom: 640 });
    const source = await sceneBackdrop('original', 'front_left_corner', undefined, { photo, mask, ...STAGE });
    const composed = await composeCar(photo, mask, source!, { mirror: false });
    let left: number = STAGE.width, right = 0, bottom = 0;
    for (let i = 0; i < composed.carAlpha.length; i++)
      if (composed.carAlpha[i]! > 128) {
        const x = i % STAGE.width;
        (left = Math.min(left, x)), (right = Math.max(right, x)), (bottom = Math.max(bottom, Math.floor(i / STAGE.width)));
      }
    // Whole, with room on both sides (3% of the frame), and as large as that allows.
    expect(left).toBeGreaterThanOrEqual(Math.floor(STAGE.width * 0.03) - 1);
    expect(right).toBeLessThanOrEqual(Math.ceil(STAGE.width * 0.97) + 1);
    expect(right - left).toBeGreaterThan(STAGE.width * 0.92);
    expect(bottom).toBeLessThan(STAGE.height - 1);
    // Where the photo does not reach the frame, its edge rows are stretched: the frame's top rows are the scene's grey.
    for (const x of [40, STAGE.width / 2, STAGE.width - 40]) expect(Math.abs(composed.rgb[3 * (2 * STAGE.width + x)]! - 120)).toBeLessThan(12);
  });

  it('with the mirror fill, mirrors the opposite side for a missing one and reports the angles it cannot honestly make; without it, only the photographed angles', async () => {
    // The cupra re-tagged as a left side by its dealer (tags win over classification).
    const photos = [
      { ...prepared.x3!, source: { ...prepared.x3!.source, id: 'x3' } },
      { ...prepared.e30!, source: { ...prepared.e30!.source, id: 'e30' } },
      { ...prepared.cupra!, source: { ...prepared.cupra!.source, id: 'cupra' }, angle: 'left_side' as const, classified: false },
    ];
    const plain = await renderPreparedPackage(photos, { background: 'studio' });
    expect(plain.images.map((i) => [i.metadata.angle, i.metadata.mirrored])).toEqual([
      ['left_side', false],
      ['front_left_corner', false],
      ['front_right_corner', false],
    ]);
    expect(plain.unavailable.find((u) => u.angle === 'right_side')!.reason).toContain('Fill missing sides with mirror images');
    const result = await renderPreparedPackage(photos, { background: 'studio', fillMissingSides: true });
    const served = Object.fromEntries(result.images.map((i) => [i.metadata.angle, `${i.metadata.sourcePhotoId}${i.metadata.mirrored ? ' mirrored' : ''}`]));
    expect(served).toEqual({
      front_left_corner: 'x3',
      front_right_corner: 'e30',
      left_side: 'cupra',
      right_side: 'cupra mirrored',
    });
    expect(result.unavailable.map((u) => u.angle).sort()).toEqual(['front', 'rear', 'rear_left_corner', 'rear_right_corner']);
    expect(result.classifiedAngles).toEqual({ x3: 'front_left_corner', e30: 'front_right_corner' });
  });

  it('puts the dealer logo in the bottom-right corner', async () => {
    const logo = await sharp({ create: { width: 300, height: 120, channels: 3, background: '#d10000' } }).png().toBuffer();
    const image = await renderPrepared([prepared.ioniq!], 'front_left_corner', 'studio', logo);
    const { data, info } = await raw(image.full);
    const at = (x: number, y: number) => data.subarray(3 * (y * info.width + x), 3 * (y * info.width + x) + 3);
    const corner = at(info.width - 100, info.height - 70);
    expect(corner[0]).toBeGreaterThan(180);
    expect(corner[1]).toBeLessThan(60);
    const opposite = at(100, info.height - 70);
    expect(opposite[0]! - opposite[1]!).toBeLessThan(20);
  });

  it('in the showroom, hangs the dealer logo on a sign on the back wall above the car instead of the corner', async () => {
    const logo = await sharp({ create: { width: 300, height: 120, channels: 3, background: '#d10000' } }).png().toBuffer();
    const image = await renderPrepared([prepared.ioniq!], 'front_left_corner', 'showroom', logo);
    const { data, info } = await raw(image.full);
    const { carAlpha } = image.composed;
    let carTop = info.height;
    for (let i = 0; i < carAlpha.length; i++) if (carAlpha[i]! >= 128) carTop = Math.min(carTop, Math.floor(i / info.width));
    const red = (x: number, y: number) => {
      const i = 3 * (y * info.width + x);
      return data[i]! > 140 && data[i]! - data[i + 1]! > 90 && data[i]! - data[i + 2]! > 90;
    };
    // The sign: red pixels above the car's roof, in the middle of the frame; none in the image's corner.
    let onWall = 0, left = info.width, right = 0;
    for (let y = 0; y < carTop; y++)
      for (let x = 0; x < info.width; x++)
        if (red(x, y)) (onWall++, (left = Math.min(left, x)), (right = Math.max(right, x)));
    expect(onWall).toBeGreaterThan(2000);
    expect(Math.abs((left + right) / 2 - info.width / 2)).toBeLessThan(10);
    expect(red(info.width - 100, info.height - 70)).toBe(false);
    // Behind the car, in the room's light: darker than the logo's own red.
    expect(data[3 * (Math.round(carTop / 2) * info.width + Math.round((left + right) / 2))]!).toBeLessThan(0xd1);
  });

  it('refuses a photo without a car, saying so', async () => {
    const bowl = await sharp(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="900" height="700"><rect width="900" height="700" fill="#eee"/><ellipse cx="450" cy="380" rx="300" ry="190" fill="#b5532b"/><circle cx="380" cy="320" r="70" fill="#e33"/><circle cx="520" cy="330" r="80" fill="#fa0"/></svg>')).jpeg().toBuffer();
    await expect(new LocalRenderer().render({ photos: [{ id: 'bowl.jpg', bytes: bowl }], angle: 'front', background: 'studio' })).rejects.toMatchObject({
      name: 'PhotoRejectedError',
      reason: 'not_a_car',
      message: expect.stringMatching(/could not find a car/i),
    });
  });
});

describe('mask clean-up', () => {
  const W = 600, H = 400;
  /** Paints a solid rectangle into a drawn mask. */
  const filler = (soft: Uint8Array) => (x0: number, y0: number, x1: number, y1: number) => {
    for (let y = y0; y < y1; y++) for (let x = x0; x < x1; x++) soft[y * W + x] = 255;
  };

  it('drops a sign fused to the roof by a thin post and keeps a mirror beside the body', () => {
    const soft = new Uint8Array(W * H);
    const fill = filler(soft);
    fill(100, 200, 500, 330); // body
    fill(200, 150, 400, 200); // cabin
    fill(300, 60, 306, 150); // thin post on the roof
    fill(270, 40, 340, 80); // sign
    fill(480, 185, 520, 205); // mirror, touching the body
    const clean = cleanMask(soft, W, H);
    expect(clean.alpha[60 * W + 300]).toBe(0);
    expect(clean.alpha[100 * W + 303]).toBe(0);
    expect(clean.alpha[250 * W + 300]).toBe(255);
    expect(clean.alpha[195 * W + 510]).toBe(255);
    // At most a stub of the post (a few px) survives on the roof.
    expect(clean.box).toMatchObject({ left: 100, right: 520, bottom: 330 });
    expect(clean.box.top).toBeGreaterThanOrEqual(144);
  });

  it('cuts a thick pole rising from the roof (a sign standing behind the car) and drops a loose scrap under the body', () => {
    const soft = new Uint8Array(W * H);
    const fill = filler(soft);
    fill(100, 200, 500, 300); // body
    fill(130, 300, 190, 340); // rear wheel
    fill(410, 300, 470, 340); // front wheel
    fill(200, 150, 400, 200); // cabin
    fill(220, 40, 250, 150); // a 30 px pole standing on the roof line: too thick for the opening
    fill(250, 310, 290, 335); // something seen under the car between the wheels, never attached to it
    const clean = cleanMask(soft, W, H);
    expect(clean.alpha[80 * W + 235]).toBe(0);
    expect(clean.alpha[322 * W + 270]).toBe(0);
    expect(clean.alpha[170 * W + 300]).toBe(255); // the cabin stays
    expect(clean.alpha[330 * W + 160]).toBe(255); // and both wheels
    expect(clean.alpha[330 * W + 440]).toBe(255);
    expect(clean.box.top).toBeGreaterThanOrEqual(135);
  });

  it('keeps both door mirrors of a front view whole (they stand proud of the body beside them, well below the roof)', () => {
    const soft = new Uint8Array(W * H);
    const fill = filler(soft);
    // A front view: the cabin narrowing to the roof, the body below, a mirror on each side at a third of the height,
    // on its stalk at the A-pillar's foot, standing out past the body and above the bonnet line beside it.
    for (let y = 60; y < 170; y++) fill(Math.round(230 - ((y - 60) * 50) / 110), y, Math.round(370 + ((y - 60) * 50) / 110), y + 1);
    fill(150, 170, 450, 330); // body
    // Narrower than the roof line's opening once eroded: what the old cut took for a peak and squared off.
    fill(146, 120, 180, 160); // left mirror
    fill(180, 145, 190, 155); // its stalk
    fill(420, 120, 454, 160); // right mirror
    fill(410, 145, 420, 155);
    const clean = cleanMask(soft, W, H);
    for (const [x, y] of [[150, 125], [170, 150], [450, 125], [430, 150]] as const) expect(clean.alpha[y * W + x], `${x},${y}`).toBe(255);
    expect(clean.box).toMatchObject({ left: 146, right: 454 });
  });
});
