/**
 * The pictures of the walk-around video: each finished image fitted to 1280×720, converted once to the encoder's
 * I420, and the cross-fade frames mixed from two of those.
 */
import sharp from 'sharp';
import { VIDEO_HEIGHT, VIDEO_WIDTH } from './timeline';

/**
 * A finished image (1536×1024, 3:2) fitted to the 16:9 video: whole, scaled to 1080×720 in the middle, over a blurred
 * and darkened copy of itself that fills the sides. Not cropped: cropping to 16:9 would cut 80 px off the top and
 * bottom of the image, where the dealer's logo sits (bottom right) and where a car that fills the frame reaches. Its
 * edges are not feathered into the fill either (that faded the outer 40 px of the image, where a car may reach); the
 * darker sides read as a frame. Answers 8-bit RGB.
 */
export async function fitFrame(image: Buffer, width = VIDEO_WIDTH, height = VIDEO_HEIGHT): Promise<Buffer> {
  const meta = await sharp(image, { limitInputPixels: 40_000_000 }).metadata();
  if (!meta.width || !meta.height) throw new Error('the image has no size');
  const scale = Math.min(width / meta.width, height / meta.height);
  const fitted = { width: Math.round(meta.width * scale), height: Math.round(meta.height * scale) };
  const [fill, middle] = await Promise.all([
    // Blurred at a quarter of the size (the same look for a fraction of the work; a JPEG even decodes at that size),
    // then scaled up and darkened.
    sharp(image, { limitInputPixels: 40_000_000 })
      .resize(Math.round(width / 4), Math.round(height / 4), { fit: 'cover' })
      .blur(6)
      .resize(width, height)
      .linear(0.8, 0)
      .removeAlpha()
      .raw()
      .toBuffer(),
    sharp(image, { limitInputPixels: 40_000_000 }).resize(fitted.width, fitted.height).removeAlpha().raw().toBuffer(),
  ]);
  // The image over the fill, row by row (a copy: cheaper than a composite).
  const left = Math.round((width - fitted.width) / 2);
  const top = Math.round((height - fitted.height) / 2);
  for (let y = 0; y < fitted.height; y++) middle.copy(fill, ((top + y) * width + left) * 3, y * fitted.width * 3, (y + 1) * fitted.width * 3);
  return fill;
}

/**
 * RGB (8 bits, 3 channels) to I420 (Y, then U and V at half resolution) with the BT.709 matrix, limited range, in 16-bit
 * fixed point (the chroma rows sum to 0, so a grey stays exactly grey). Players
 * read an untagged HD H.264 stream as BT.709 (Chromium measured: a red of (200, 40, 40) came back as (200, 41, 42);
 * through the encoder's own RGBA conversion, which uses BT.601, as (213, 55, 39)).
 */
export function rgbToI420(rgb: Uint8Array, width: number, height: number): Uint8Array {
  const out = new Uint8Array((width * height * 3) / 2);
  const uAt = width * height;
  const vAt = uAt + (width * height) / 4;
  for (let i = 0, p = 0; i < width * height; i++, p += 3) {
    out[i] = ((11966 * rgb[p]! + 40254 * rgb[p + 1]! + 4064 * rgb[p + 2]! + 32768) >> 16) + 16;
  }
  const row = width * 3;
  for (let y = 0; y < height / 2; y++) {
    for (let x = 0; x < width / 2; x++) {
      const p = 2 * y * row + 2 * x * 3;
      const q = p + row;
      const r = (rgb[p]! + rgb[p + 3]! + rgb[q]! + rgb[q + 3]! + 2) >> 2;
      const g = (rgb[p + 1]! + rgb[p + 4]! + rgb[q + 1]! + rgb[q + 4]! + 2) >> 2;
      const b = (rgb[p + 2]! + rgb[p + 5]! + rgb[q + 2]! + rgb[q + 5]! + 2) >> 2;
      out[uAt + y * (width / 2) + x] = ((-6596 * r - 22188 * g + 28784 * b + 32768) >> 16) + 128;
      out[vAt + y * (width / 2) + x] = ((28784 * r - 26145 * g - 2639 * b + 32768) >> 16) + 128;
    }
  }
  return out;
}

/**
 * `a` faded towards `b` by `weight` (0..1), written into `out`. Mixing I420 planes is mixing the pictures: the
 * conversion from RGB is linear, so this is the conversion of the mixed RGB (to rounding).
 */
export function mixI420(a: Uint8Array, b: Uint8Array, weight: number, out: Uint8Array): Uint8Array {
  const w = Math.round(weight * 256);
  const v = 256 - w;
  for (let i = 0; i < out.length; i++) out[i] = (a[i]! * v + b[i]! * w + 128) >> 8;
  return out;
}
