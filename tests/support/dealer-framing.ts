/**
 * A car layer (a turntable frame with its true alpha) made into a photo the way a dealer frames a car: trimmed to the
 * car, scaled until it fills FRAMED.width of the photo's width (or FRAMED.height of its height, for an end), standing
 * with its lowest pixel at FRAMED.ground of the height, on white or on a given background of the photo's size. Shared
 * by the same-car bench (tests/bench/same-car-framed.ts) and the look's tests, so both frame a car alike.
 */
import sharp from 'sharp';

export const FRAMED = { width: 0.85, height: 0.7, ground: 0.9 };

export async function dealerFramed(layer: string | Buffer, width: number, height: number, background?: Buffer): Promise<Buffer> {
  const trimmed = await sharp(layer).ensureAlpha().trim({ threshold: 1 }).png().toBuffer({ resolveWithObject: true });
  const s = Math.min((width * FRAMED.width) / trimmed.info.width, (height * FRAMED.height) / trimmed.info.height);
  const w = Math.round(trimmed.info.width * s);
  const h = Math.round(trimmed.info.height * s);
  const car = await sharp(trimmed.data).resize(w, h).png().toBuffer();
  const base = background ? sharp(background) : sharp({ create: { width, height, channels: 3, background: '#ffffff' } });
  return base.composite([{ input: car, left: Math.round((width - w) / 2), top: Math.round(height * FRAMED.ground - h) }]).jpeg({ quality: 92 }).toBuffer();
}
