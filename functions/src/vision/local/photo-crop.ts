/** A rectangle of a decoded photo as a photo of its own, for a second look at one part of it. */
import type { DecodedPhoto } from '../../renderer/photo-validation';
import { PAD_GREY } from './centernet-detector';

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

/**
 * `photo` centred on a square of the detector's padding grey, and where it starts on it (pixels). The detector squeezes any frame
 * into its square input; on the square a car keeps its own proportions.
 */
export function squarePhoto(photo: DecodedPhoto): { photo: DecodedPhoto; left: number; top: number; side: number } {
  const side = Math.max(photo.width, photo.height);
  const left = Math.floor((side - photo.width) / 2);
  const top = Math.floor((side - photo.height) / 2);
  const rgb = Buffer.alloc(side * side * 3, PAD_GREY);
  for (let y = 0; y < photo.height; y++) photo.rgb.copy(rgb, ((top + y) * side + left) * 3, y * photo.width * 3, (y + 1) * photo.width * 3);
  const { sourceSha256: _, ...rest } = photo;
  return { photo: { ...rest, rgb, width: side, height: side }, left, top, side };
}
