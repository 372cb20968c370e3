/** A rectangle of a decoded photo as a photo of its own, for a second look at one part of it. */
import type { DecodedPhoto } from '../../renderer/photo-validation';

/** Pixels [left, right) x [top, bottom) of `photo`. */
export function cropPhoto(photo: DecodedPhoto, left: number, top: number, right: number, bottom: number): DecodedPhoto {
  const width = right - left;
  const height = bottom - top;
  const rgb = Buffer.alloc(width * height * 3);
  for (let y = 0; y < height; y++) photo.rgb.copy(rgb, y * width * 3, ((top + y) * photo.width + left) * 3, ((top + y) * photo.width + right) * 3);
  // No source digest: the crop is other pixels than the upload (memos keyed by it must not answer for the whole photo).
  const { sourceSha256: _, ...rest } = photo;
  return { ...rest, rgb, width, height };
}
