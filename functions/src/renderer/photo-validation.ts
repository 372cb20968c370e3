/**
 * Checks a photo by its bytes before any model is loaded: type from magic bytes, size, pixel count from
 * the header (decompression bombs), then a full decode that refuses truncated files.
 */
import sharp, { type Metadata } from 'sharp';
import { MAX_FILE_BYTES, MAX_IMAGE_PIXELS, MIN_IMAGE_SIDE_PX } from '@shared/limits';
import { sha256 } from '../lib/ids';
import { PhotoRejectedError } from './port';
import { PHOTO_REFUSALS } from '@shared/messages';
import { sniffPhotoType, sniffRefusedPhotoType, type PhotoType } from './photo-type';

// Where the format sniffing lived before; callers keep importing it from here.
export { sniffPhotoType, type PhotoType };

/** Longest side the renderer works at; bigger photos are shrunk while decoding (JPEG shrink-on-load). */
export const WORKING_MAX_SIDE = 1536;

export interface DecodedPhoto {
  type: PhotoType;
  /** Original pixel size (after EXIF rotation). */
  originalWidth: number;
  originalHeight: number;
  /** RGB pixels at working size. */
  rgb: Buffer;
  width: number;
  height: number;
  /** SHA-256 (hex) of the file's bytes: the same upload decoded again has the same one. */
  sourceSha256?: string;
}

/**
 * Validates and decodes one photo; throws PhotoRejectedError with a specific reason. `bytesSha256`: the bytes' digest
 * when the caller has it already.
 */
export async function decodePhoto(bytes: Buffer, photoId?: string, bytesSha256?: string): Promise<DecodedPhoto> {
  const reject = (reason: PhotoRejectedError['reason'], message: string) => new PhotoRejectedError(reason, message, photoId);
  if (bytes.length === 0) throw reject('empty', PHOTO_REFUSALS.empty);
  if (bytes.length > MAX_FILE_BYTES) throw reject('too_large', PHOTO_REFUSALS.tooLarge(MAX_FILE_BYTES / 1024 / 1024));
  const type = sniffPhotoType(bytes);
  if (!type) {
    const refused = sniffRefusedPhotoType(bytes);
    throw reject('unsupported_type', refused ? PHOTO_REFUSALS[refused] : PHOTO_REFUSALS.unsupportedType);
  }

  let meta: Metadata;
  try {
    meta = await sharp(bytes, { limitInputPixels: false }).metadata();
  } catch {
    throw reject('corrupt', PHOTO_REFUSALS.corrupt);
  }
  if (!meta.width || !meta.height) throw reject('corrupt', PHOTO_REFUSALS.corrupt);
  // The header's claim is enough to refuse: nothing is decoded.
  if (meta.width * meta.height > MAX_IMAGE_PIXELS) throw reject('too_many_pixels', PHOTO_REFUSALS.tooManyPixels);
  const rotated = (meta.orientation ?? 1) >= 5;
  const originalWidth = rotated ? meta.height : meta.width;
  const originalHeight = rotated ? meta.width : meta.height;
  if (Math.min(originalWidth, originalHeight) < MIN_IMAGE_SIDE_PX) throw reject('too_small', PHOTO_REFUSALS.tooSmall(MIN_IMAGE_SIDE_PX));

  try {
    const { data, info } = await sharp(bytes, { limitInputPixels: MAX_IMAGE_PIXELS, failOn: 'truncated' })
      .rotate()
      .resize({ width: WORKING_MAX_SIDE, height: WORKING_MAX_SIDE, fit: 'inside', withoutEnlargement: true })
      // Transparent areas are background: flattened onto white, so no colour hidden under them comes through.
      .flatten({ background: '#ffffff' })
      .toColourspace('srgb')
      .raw()
      .toBuffer({ resolveWithObject: true });
    return { type, originalWidth, originalHeight, rgb: data, width: info.width, height: info.height, sourceSha256: bytesSha256 ?? sha256(bytes) };
  } catch {
    throw reject('corrupt', PHOTO_REFUSALS.corrupt);
  }
}
