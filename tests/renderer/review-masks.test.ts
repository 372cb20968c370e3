/**
 * `npm run render -- … --masks` (functions/src/renderer/masked-render.ts): each image comes with the car's alpha over
 * the source photo as decoded (EXIF orientation applied, full size) and in the output frame, for review.
 */
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { renderWithMasks } from '../../functions/src/renderer/masked-render';
import { car } from './bad-photos';

describe('review masks', () => {
  it('a photo stored sideways (EXIF orientation 6): the cut-out mask is in the upright frame at full size, the output mask where the car landed', async () => {
    // The Ioniq stored rotated a quarter turn, with the tag that turns it back upright.
    const upright = await sharp(car('hyundai-ioniq5-silver-front34-grass.jpg')).resize(1200).jpeg().toBuffer();
    const sideways = await sharp(upright).rotate(-90).jpeg().withMetadata({ orientation: 6 }).toBuffer();
    const { images, unavailable } = await renderWithMasks([{ id: 'ioniq.jpg', bytes: sideways }], 'shown', { background: 'studio' });
    expect(unavailable).toEqual([]);
    expect(images).toHaveLength(1);
    const [{ image, cutout, mask }] = images as [(typeof images)[0]];
    const uprightSize = await sharp(upright).metadata();
    // 8-bit grey PNGs.
    expect(await sharp(cutout).metadata()).toMatchObject({ format: 'png', width: uprightSize.width, height: uprightSize.height, channels: 1 });
    expect(await sharp(mask).metadata()).toMatchObject({ format: 'png', width: 1536, height: 1024, channels: 1 });
    const cut = await sharp(cutout).extractChannel(0).raw().toBuffer({ resolveWithObject: true });
    // The car is in the lower middle of the upright photo, the sky above it is not car.
    const at = (x: number, y: number) => cut.data[Math.round(y * cut.info.height) * cut.info.width + Math.round(x * cut.info.width)]!;
    expect(at(0.5, 0.62)).toBeGreaterThan(200);
    expect(at(0.5, 0.03)).toBe(0);
    const out = await sharp(mask).extractChannel(0).raw().toBuffer({ resolveWithObject: true });
    const carPixels = out.data.filter((a) => a > 128).length;
    expect(carPixels / (1536 * 1024)).toBeGreaterThan(0.1);
    expect(carPixels / (1536 * 1024)).toBeLessThan(0.5);
    // The image is the renderer's, signed as the renderer signs it.
    expect(image.metadata).toMatchObject({ renderer: 'local', mirrored: false, sourcePhotoId: 'ioniq.jpg' });
    expect(image.full.includes(Buffer.from('c2pa'))).toBe(true);
  }, 60_000);
});
