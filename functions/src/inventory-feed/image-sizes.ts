/**
 * The sizes a listing site can take of a studio image (issue 41, item 4), from the full 1536x1024 JPEG, with sharp (the
 * library the renderer resizes with; only the handlers with the native image layer import this module). Made on first request and kept beside the image in the renders bucket, under the
 * same attempt's folder: a retried angle (a new folder) gets its own, and they go with the package.
 */
import sharp from 'sharp';
import type { PhotoStorage } from '../car-packages/ports';
import { derivedSizeKey, type DerivedSize, type ListingImage } from './listing-sizes';

const QUALITY = 85;

/**
 * 1024: 1024 px wide, the full image's 3:2 kept (1024x683). 640x480: exactly 640x480 as old DMS feeds expect,
 * letterboxed, never cropped (a car may fill 94% of the frame's width, and 4:3 keeps only 89% of it): the image
 * scaled to 640x427 and the bands above and below continued from its own top and bottom rows (backdrop and floor).
 */
export async function resizeForFeed(full: Buffer, size: DerivedSize): Promise<Buffer> {
  if (size === '1024') return sharp(full).resize({ width: 1024 }).jpeg({ quality: QUALITY }).toBuffer();
  const inner = await sharp(full).resize({ width: 640, height: 480, fit: 'inside' }).toBuffer({ resolveWithObject: true });
  const top = Math.floor((480 - inner.info.height) / 2);
  const left = Math.floor((640 - inner.info.width) / 2);
  return sharp(inner.data)
    .extend({ top, bottom: 480 - inner.info.height - top, left, right: 640 - inner.info.width - left, extendWith: 'copy' })
    .jpeg({ quality: QUALITY })
    .toBuffer();
}

/** The derived sizes of rendered images in this storage: read when kept, else made from the full JPEG and kept. */
export function listingImages(photos: Pick<PhotoStorage, 'readRender' | 'putRender' | 'renderExists'>): ListingImage {
  return async (renderedKey, size) => {
    const key = derivedSizeKey(renderedKey, size);
    if (await photos.renderExists(key)) return photos.readRender(key);
    const bytes = await resizeForFeed(await photos.readRender(renderedKey), size);
    await photos.putRender(key, bytes, 'image/jpeg');
    return bytes;
  };
}
