import sharp, { type Sharp } from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { FIDELITY_THRESHOLD, measureCarFidelity } from '../../functions/src/renderer/fidelity/car-fidelity';
import type { CarMask, RgbImage } from '../../functions/src/renderer/fidelity/car-masker';
import { renderedPlace } from '../../functions/src/renderer/scenes/rendered-studio';
import { composeCar } from '../../functions/src/renderer/local/compositor';
import { preparePhotos, renderPrepared, type PreparedPhoto } from '../../functions/src/renderer/local/local-renderer';
import { car } from './bad-photos';

interface Picture {
  image: RgbImage;
  mask: CarMask;
}

/**
 * A drawn car (no model needed): body with the bonnet on the left, cabin towards the rear, two wheels,
 * a window band and a reflection-like texture on the paint, so mirroring and repainting are visible.
 */
function drawnCar(width: number, height: number, paint: [number, number, number]): { rgba: Buffer; width: number; height: number } {
  const rgba = Buffer.alloc(width * height * 4);
  const wheels = [0.24, 0.76].map((fx) => ({ x: fx * width, y: 0.8 * height, r: 0.13 * height }));
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++) {
      const fx = x / width, fy = y / height;
      const body = fy > 0.42 + 0.12 * Math.max(0, 0.22 - fx) * 4 && fy < 0.82 && fx > 0.03 && fx < 0.97;
      const cabin = fy > 0.18 && fy <= 0.45 && fx > 0.38 - (fy - 0.18) * 0.5 && fx < 0.86 + (fy - 0.18) * 0.2;
      const wheel = wheels.find((w) => (x - w.x) ** 2 + (y - w.y) ** 2 < w.r ** 2);
      let c: number[] | undefined;
      if (wheel) {
        const d = Math.sqrt((x - wheel.x) ** 2 + (y - wheel.y) ** 2) / wheel.r;
        c = d < 0.55 ? [190, 190, 195] : [28, 28, 30];
      } else if (cabin) c = fy > 0.23 && fy < 0.42 && fx > 0.42 && fx < 0.83 ? [55, 65, 75] : paint;
      else if (body) {
        const shine = 0.82 + 0.12 * Math.sin(fx * 23 + fy * 9) * Math.cos(fy * 31) + (fy > 0.55 && fy < 0.57 ? 0.15 : 0);
        c = paint.map((v) => Math.min(255, v * shine));
        if (fx > 0.04 && fx < 0.09 && fy > 0.5 && fy < 0.58) c = [250, 245, 220]; // headlight
      }
      if (!c) continue;
      const i = 4 * (y * width + x);
      rgba[i] = c[0]!;
      rgba[i + 1] = c[1]!;
      rgba[i + 2] = c[2]!;
      rgba[i + 3] = 255;
    }
  return { rgba, width, height };
}

/** The drawn car at (left, top) on a plain canvas; its alpha is the mask. */
async function placed(carImage: ReturnType<typeof drawnCar>, canvas: { width: number; height: number; colour: string }, left: number, top: number, flop = false): Promise<Picture> {
  let layer = sharp(carImage.rgba, { raw: { width: carImage.width, height: carImage.height, channels: 4 } });
  if (flop) layer = layer.flop();
  const png = await layer.png().toBuffer();
  const base = sharp({ create: { width: canvas.width, height: canvas.height, channels: 3, background: canvas.colour } });
  const rgb = await base.composite([{ input: png, left, top }]).removeAlpha().raw().toBuffer();
  const alphaOnly = await sharp({ create: { width: canvas.width, height: canvas.height, channels: 4, background: { r: 0, g: 0, b: 0, alpha: 0 } } })
    .composite([{ input: png, left, top }])
    .extractChannel(3)
    .raw()
    .toBuffer();
  return { image: { rgb, width: canvas.width, height: canvas.height }, mask: { alpha: new Uint8Array(alphaOnly), width: canvas.width, height: canvas.height } };
}

const compare = (source: Picture, output: Picture, mirrored = false) =>
  measureCarFidelity({ source: source.image, sourceMask: source.mask, output: output.image, outputMask: output.mask, mirrored });

describe('car fidelity on drawn cars', () => {
  const red: [number, number, number] = [200, 40, 40];
  // About the same brightness as the red (luma 74 vs 72): only the colour differs.
  const blue: [number, number, number] = [40, 66, 230];
  let source: Picture;
  beforeAll(async () => {
    source = await placed(drawnCar(600, 300, red), { width: 900, height: 600, colour: '#6b7a5a' }, 150, 200);
  });

  it('scores the same car 1, moved, scaled and on another background still above the threshold', async () => {
    expect(await compare(source, source)).toEqual({ score: expect.closeTo(1, 3), maskIoU: 1 });
    const moved = await placed(drawnCar(420, 210, red), { width: 1536, height: 1024, colour: '#e8e9ec' }, 700, 600);
    const fidelity = await compare(source, moved);
    expect(fidelity.score).toBeGreaterThan(0.9);
    expect(fidelity.maskIoU).toBeGreaterThan(0.95);
  });

  it('compares a mirrored render with the mirrored source, and a mirror image it was not told about scores low', async () => {
    const flopped = await placed(drawnCar(600, 300, red), { width: 1536, height: 1024, colour: '#e8e9ec' }, 400, 500, true);
    expect((await compare(source, flopped, true)).score).toBeGreaterThan(0.9);
    const unsaid = await compare(source, flopped, false);
    expect(unsaid.score).toBeLessThan(FIDELITY_THRESHOLD);
    expect(unsaid.maskIoU).toBeLessThan(0.9);
  });

  it('sees a repaint of the same brightness (the colour term), which luminance alone would miss', async () => {
    const repainted = await placed(drawnCar(600, 300, blue), { width: 900, height: 600, colour: '#6b7a5a' }, 150, 200);
    expect((await compare(source, repainted)).score).toBeLessThan(FIDELITY_THRESHOLD);
  });

  it('scores 0 when the output has no car', async () => {
    const empty = { image: source.image, mask: { ...source.mask, alpha: new Uint8Array(source.mask.alpha.length) } };
    expect(await compare(source, empty)).toEqual({ score: 0, maskIoU: 0 });
  });
});

// Two ISNet passes for the whole file: each photo is cut out once.
describe('car fidelity on committed photos', () => {
  const prepared: Record<'cupra' | 'ioniq', PreparedPhoto> = {} as never;
  beforeAll(async () => {
    prepared.cupra = (await preparePhotos([{ id: 'cupra', bytes: car('cupra-born-grey-front34-street.jpg'), angle: 'front_left_corner' }]))[0]!;
    prepared.ioniq = (await preparePhotos([{ id: 'ioniq', bytes: car('hyundai-ioniq5-silver-front34-grass.jpg'), angle: 'front_left_corner' }]))[0]!;
  }, 120_000);

  const composed = async (p: PreparedPhoto): Promise<Picture> => {
    const c = await composeCar(p.photo, p.mask, renderedPlace('studio'), { mirror: false });
    return { image: c, mask: { alpha: c.carAlpha, width: c.width, height: c.height } };
  };
  const photo = (p: PreparedPhoto): Picture => ({ image: p.photo, mask: p.mask });

  it('the local renderer records a score above the threshold for a direct and a mirrored angle, cheaply', async () => {
    const direct = await renderPrepared([prepared.cupra], 'front_left_corner', 'studio');
    const mirrored = await renderPrepared([prepared.cupra], 'front_right_corner', 'showroom', undefined, undefined, { fillMissingSides: true });
    for (const image of [direct, mirrored]) {
      expect(image.metadata.fidelity).toBeGreaterThan(FIDELITY_THRESHOLD);
      expect(image.metadata.fidelity).toBeGreaterThan(0.85);
      expect(image.metadata.carMaskIoU).toBeGreaterThan(0.95);
      expect(image.metadata.timings.fidelityMs).toBeLessThan(1000); // about 60 ms on an idle machine
    }
    expect(mirrored.metadata.mirrored).toBe(true);
  });

  it('another photo’s car in the output scores far below the threshold', async () => {
    const fidelity = await compare(photo(prepared.cupra), await composed(prepared.ioniq));
    expect(fidelity.score).toBeLessThan(0.3);
  });

  it('a warped or a repainted car scores below the threshold; a relit, slightly turned one above', async () => {
    const base = await composed(prepared.cupra);
    const { width: W, height: H } = base.image;
    // A wave of 12 px through the body (bent lines, squashed wheels), picture and mask alike.
    const rgb = Buffer.from(base.image.rgb);
    const alpha = new Uint8Array(base.mask.alpha);
    for (let y = 0; y < H; y++)
      for (let x = 0; x < W; x++) {
        const sx = Math.round(x + 12 * Math.sin((2 * Math.PI * y) / 180)), sy = Math.round(y + 12 * Math.sin((2 * Math.PI * x) / 240));
        if (sx < 0 || sy < 0 || sx >= W || sy >= H) continue;
        alpha[y * W + x] = base.mask.alpha[sy * W + sx]!;
        for (let k = 0; k < 3; k++) rgb[3 * (y * W + x) + k] = base.image.rgb[3 * (sy * W + sx) + k]!;
      }
    expect((await compare(photo(prepared.cupra), { image: { rgb, width: W, height: H }, mask: { alpha, width: W, height: H } })).score).toBeLessThan(FIDELITY_THRESHOLD);

    // Repainted darker: the car's pixels only, background untouched.
    const dark = Buffer.from(base.image.rgb);
    for (let i = 0; i < base.mask.alpha.length; i++) {
      const a = base.mask.alpha[i]! / 255;
      for (let k = 0; k < 3; k++) dark[3 * i + k] = dark[3 * i + k]! * (1 - 0.55 * a);
    }
    expect((await compare(photo(prepared.cupra), { image: { ...base.image, rgb: dark }, mask: base.mask })).score).toBeLessThan(FIDELITY_THRESHOLD);

    // Relit and turned by 2 degrees (a re-rendered, faithful car): still the same car.
    const turn = (s: Sharp) => s.rotate(2, { background: '#000' });
    const relit = await turn(sharp(base.image.rgb, { raw: { width: W, height: H, channels: 3 } }).linear(0.85, 0)).raw().toBuffer({ resolveWithObject: true });
    const turnedMask = await turn(sharp(Buffer.from(base.mask.alpha), { raw: { width: W, height: H, channels: 1 } })).extractChannel(0).raw().toBuffer();
    const size = { width: relit.info.width, height: relit.info.height };
    expect((await compare(photo(prepared.cupra), { image: { rgb: relit.data, ...size }, mask: { alpha: new Uint8Array(turnedMask), ...size } })).score).toBeGreaterThan(FIDELITY_THRESHOLD);
  });
});
