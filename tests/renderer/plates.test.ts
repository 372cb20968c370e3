/**
 * The number plate, blurred when the package asks (issue 37, item 5): on committed photos whose plate can be read, the
 * plate is found on the car's lower part and blurred; afterwards the text detector finds no text there, and every
 * other pixel of the photo is unchanged. A photo whose plate cannot be read says so on its image; "keep" and a side
 * view look for nothing.
 */
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { PLATE_MESSAGES } from '@shared/plates';
import { preparePhotos, renderPrepared, type PreparedPhoto } from '../../functions/src/renderer/local/local-renderer';
import { carBounds } from '../../functions/src/renderer/text/blur-text';
import { blurPlates, coverPlateWithLogo } from '../../functions/src/renderer/text/plates';
import { detectText } from '../../functions/src/renderer/text/text-detector';
import { car } from './bad-photos';

/** Photos whose plate has readable letters: a German plate seen from a front corner, a Korean one close up. */
const READABLE = { cupra: 'cupra-born-grey-front34-street.jpg', ioniq: 'hyundai-ioniq5-silver-front34-grass.jpg' } as const;
type Readable = keyof typeof READABLE;

type Box = { x: number; y: number; width: number; height: number };
const overlap = (a: Box, b: Box) =>
  Math.max(0, Math.min(a.x + a.width, b.x + b.width) - Math.max(a.x, b.x)) * Math.max(0, Math.min(a.y + a.height, b.y + b.height) - Math.max(a.y, b.y));

describe('number plate', () => {
  const prepared = {} as Record<Readable | 'x3' | 'largeCupra' | 'bmw2002', PreparedPhoto>;
  beforeAll(async () => {
    // The Cupra photo at 1920 px: larger than the size photos are worked on (1536), so boxes are scaled back to it.
    const large = await sharp(car(READABLE.cupra)).resize(1920).jpeg({ quality: 92 }).toBuffer();
    prepared.largeCupra = (await preparePhotos([{ id: 'large-cupra', bytes: large, angle: 'front_left_corner' }]))[0]!;
    for (const [key, file] of Object.entries(READABLE)) prepared[key as Readable] = (await preparePhotos([{ id: key, bytes: car(file), angle: 'front_left_corner' }]))[0]!;
    prepared.x3 = (await preparePhotos([{ id: 'x3', bytes: car('bmw-x3-blue-front34-parked-4540px.jpg'), angle: 'front_left_corner' }]))[0]!;
    prepared.bmw2002 = (await preparePhotos([{ id: 'bmw2002', bytes: car('bmw-2002-silver-front34-grass.jpg'), angle: 'front_left_corner' }]))[0]!;
  }, 120_000);

  it.each(Object.keys(READABLE) as Readable[])('%s: the plate is found on the lower part of the car and blurred; no text is found there afterwards, nothing else changed', async (key) => {
    const { photo, mask } = prepared[key];
    const rgb = Buffer.from(photo.rgb);
    const picture = { rgb, width: photo.width, height: photo.height, carAlpha: mask.alpha };
    const bounds = carBounds(picture)!;
    const { boxes } = await blurPlates(picture);
    expect(boxes.length).toBeGreaterThan(0);
    const plate = boxes[0]!;
    // Below the car's middle, where a plate is mounted, and some letters were read there before.
    expect(plate.y).toBeGreaterThan(bounds.y + bounds.height * 0.45);
    // The detector reads letters in the plate's box of the photo, and none there once it is blurred.
    const before = await detectText(photo.rgb, photo.width, photo.height, plate, 2);
    expect(before.length).toBeGreaterThan(0);
    for (const b of boxes) {
      const after = await detectText(rgb, photo.width, photo.height, b, 2);
      expect(after.filter((t) => overlap(t, b) > 0.2 * t.width * t.height), JSON.stringify(b)).toEqual([]);
    }
    // Every pixel outside the blurred boxes is the photo's own.
    let changedOutside = 0;
    for (let y = 0; y < photo.height; y++) {
      for (let x = 0; x < photo.width; x++) {
        if (boxes.some((b) => x >= b.x && x < b.x + b.width && y >= b.y && y < b.y + b.height)) continue;
        const o = 3 * (y * photo.width + x);
        if (rgb[o] !== photo.rgb[o] || rgb[o + 1] !== photo.rgb[o + 1] || rgb[o + 2] !== photo.rgb[o + 2]) changedOutside++;
      }
    }
    expect(changedOutside).toBe(0);
  });

  it('the renderer blurs the plate when asked, records where in the photo (its own pixels), and leaves it when not', async () => {
    const p = prepared.largeCupra;
    const kept = await renderPrepared([p], 'front_left_corner', 'studio');
    const keptAgain = await renderPrepared([p], 'front_left_corner', 'studio', undefined, undefined, { plate: 'keep' });
    const blurred = await renderPrepared([p], 'front_left_corner', 'studio', undefined, undefined, { plate: 'blur' });
    expect(kept.metadata.plate).toEqual({ treatment: 'keep' });
    expect(keptAgain.composed.rgb.equals(kept.composed.rgb)).toBe(true);
    expect(blurred.metadata.plate).toMatchObject({ treatment: 'blur', found: true });
    const [x, y, w, h] = blurred.metadata.plate!.boxes![0]!;
    // In the source photo's full-size pixels (the photo is decoded smaller to work on).
    const k = p.photo.originalWidth / p.photo.width;
    expect(p.photo.originalWidth).toBe(1920);
    expect(k).toBeCloseTo(1.25, 2);
    const found = await blurPlates({ rgb: Buffer.from(p.photo.rgb), width: p.photo.width, height: p.photo.height, carAlpha: p.mask.alpha });
    expect(blurred.metadata.plate!.boxes![0]).toEqual([found.boxes[0]!.x, found.boxes[0]!.y, found.boxes[0]!.width, found.boxes[0]!.height].map((v) => Math.round(v * k)));
    expect(x! + w!).toBeLessThanOrEqual(p.photo.originalWidth);
    expect(y! + h!).toBeLessThanOrEqual(p.photo.originalHeight);
    const bounds = carBounds({ width: p.photo.width, height: p.photo.height, carAlpha: p.mask.alpha })!;
    expect(y!).toBeGreaterThan((bounds.y + bounds.height * 0.45) * k);
    expect(blurred.composed.rgb.equals(kept.composed.rgb)).toBe(false);
    expect(blurred.metadata.warnings).not.toContain(PLATE_MESSAGES.notFound);
    // The car itself still matches its photo: the blur is small and made on the photo the check compares with.
    expect(blurred.metadata.fidelity!).toBeGreaterThan(kept.metadata.fidelity! - 0.02);
  });

  it('a photo whose plate cannot be read says so on its image; a side view looks for no plate', async () => {
    // The X3's plate (a New York plate, small in a 4540 px photo) is not read at the working size.
    const x3 = await renderPrepared([prepared.x3], 'front_left_corner', 'studio', undefined, undefined, { plate: 'blur' });
    expect(x3.metadata.plate).toEqual({ treatment: 'blur', found: false, boxes: [] });
    expect(x3.metadata.warnings).toContain(PLATE_MESSAGES.notFound);
    const side = await renderPrepared([{ ...prepared.ioniq, angle: 'left_side' }], 'left_side', 'studio', undefined, undefined, { plate: 'blur' });
    expect(side.metadata.plate).toEqual({ treatment: 'blur' });
    expect(side.metadata.warnings).not.toContain(PLATE_MESSAGES.notFound);
  });

  // A logo of one strong colour (no letters): where it lands can be told from the car's own pixels.
  const logo = () => sharp({ create: { width: 300, height: 100, channels: 3, background: '#0033cc' } }).png().toBuffer();
  const isLogoBlue = (rgb: Buffer, o: number) => rgb[o + 2]! > 150 && rgb[o]! < 60 && rgb[o + 1]! < 110;

  it('the logo plate covers the plate panel with a plain plate carrying the logo, and nothing outside it', async () => {
    const { photo, mask } = prepared.cupra;
    const rgb = Buffer.from(photo.rgb);
    const { boxes } = await coverPlateWithLogo({ rgb, width: photo.width, height: photo.height, carAlpha: mask.alpha }, await logo());
    expect(boxes).toHaveLength(1);
    const plate = boxes[0]!;
    const bounds = carBounds({ width: photo.width, height: photo.height, carAlpha: mask.alpha })!;
    expect(plate.y).toBeGreaterThan(bounds.y + bounds.height * 0.45);
    // The plate's old letters are gone under the plain plate, and the logo's blue is on it (it was nowhere before).
    expect(await detectText(rgb, photo.width, photo.height, plate, 2)).toEqual([]);
    let blueNow = 0;
    let blueBefore = 0;
    for (let y = plate.y; y < plate.y + plate.height; y++) {
      for (let x = plate.x; x < plate.x + plate.width; x++) {
        const o = 3 * (y * photo.width + x);
        if (isLogoBlue(rgb, o)) blueNow++;
        if (isLogoBlue(photo.rgb, o)) blueBefore++;
      }
    }
    expect(blueBefore).toBe(0);
    expect(blueNow).toBeGreaterThan(0.08 * plate.width * plate.height);
    let changedOutside = 0;
    for (let i = 0; i < photo.width * photo.height; i++) {
      const x = i % photo.width;
      const y = (i - x) / photo.width;
      if (x >= plate.x && x < plate.x + plate.width && y >= plate.y && y < plate.y + plate.height) continue;
      if (rgb[3 * i] !== photo.rgb[3 * i] || rgb[3 * i + 1] !== photo.rgb[3 * i + 1] || rgb[3 * i + 2] !== photo.rgb[3 * i + 2]) changedOutside++;
    }
    expect(changedOutside).toBe(0);
  });

  it('lettering that is not on a plate panel (the stickers of the BMW 2002, whose plate is blurred) gets no logo plate: it is blurred instead, and the image says so', async () => {
    const image = await renderPrepared([prepared.bmw2002], 'front_left_corner', 'studio', undefined, undefined, { plate: 'logo', plateLogo: await logo() });
    expect(image.metadata.plate).toMatchObject({ treatment: 'logo', found: true, blurredInstead: true });
    expect(image.metadata.warnings).toContain(PLATE_MESSAGES.blurredInstead);
    // No logo blue anywhere on the image.
    const { composed } = image;
    let blue = 0;
    for (let o = 0; o < composed.rgb.length; o += 3) if (isLogoBlue(composed.rgb, o)) blue++;
    expect(blue).toBeLessThan(50);
    // A photo with no plate lettering at all says none was found.
    const x3 = await renderPrepared([prepared.x3], 'front_left_corner', 'studio', undefined, undefined, { plate: 'logo', plateLogo: await logo() });
    expect(x3.metadata.plate).toEqual({ treatment: 'logo', found: false, boxes: [] });
    expect(x3.metadata.warnings).toContain(PLATE_MESSAGES.notFoundForLogo);
    await expect(renderPrepared([prepared.cupra], 'front_left_corner', 'studio', undefined, undefined, { plate: 'logo' })).rejects.toThrow(PLATE_MESSAGES.logoNeeded);
  });
});
