/**
 * Blurs the text on the car of a composed image (a mirror image: its plates, badges and stickers would read
 * backwards). The text detector looks inside the car's bounding box; each text box, grown a little, is blurred where
 * the car is (weighted by the car's alpha, feathered at the box's edge), so the background and the rest of the car keep
 * every pixel.
 */
import sharp from 'sharp';
import { detectText, type TextBox } from './text-detector';

/** What the blur needs of a composed image: full-size RGB and the car's alpha at the same size (changed in place). */
export interface CarPicture {
  rgb: Buffer;
  width: number;
  height: number;
  carAlpha: Uint8Array;
}

/** The box around the car's pixels (alpha above half), or null for an empty alpha. */
export function carBounds(picture: Pick<CarPicture, 'width' | 'height' | 'carAlpha'>): { x: number; y: number; width: number; height: number } | null {
  const { width, height, carAlpha } = picture;
  let minX = width, minY = height, maxX = -1, maxY = -1;
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      if (carAlpha[y * width + x]! < 128) continue;
      if (x < minX) minX = x;
      if (x > maxX) maxX = x;
      if (y < minY) minY = y;
      if (y > maxY) maxY = y;
    }
  }
  return maxX < 0 ? null : { x: minX, y: minY, width: maxX - minX + 1, height: maxY - minY + 1 };
}

/** Boxes grown by a quarter of their height on every side (the detector's box hugs the glyphs), inside the picture. */
function grown(box: TextBox, width: number, height: number) {
  const m = Math.ceil(box.height / 4);
  const x = Math.max(0, box.x - m);
  const y = Math.max(0, box.y - m);
  return { x, y, width: Math.min(width, box.x + box.width + m) - x, height: Math.min(height, box.y + box.height + m) - y };
}

/**
 * Finds the text on the car and blurs it in `picture.rgb`; answers the boxes blurred (canvas pixels, as grown). Text
 * only in the background (no car pixel under it) is left alone.
 */
export async function blurTextOnCar(picture: CarPicture): Promise<TextBox[]> {
  const bounds = carBounds(picture);
  if (!bounds) return [];
  const { rgb, width, height, carAlpha } = picture;
  const found = await detectText(rgb, width, height, bounds);
  const blurred: TextBox[] = [];
  for (const box of found) {
    const r = grown(box, width, height);
    if (r.width < 2 || r.height < 2) continue;
    let onCar = 0;
    for (let y = r.y; y < r.y + r.height; y++) for (let x = r.x; x < r.x + r.width; x++) if (carAlpha[y * width + x]! >= 128) onCar++;
    if (onCar < 0.2 * r.width * r.height) continue;
    await blurRegion(picture, r);
    blurred.push({ ...r, score: box.score });
  }
  return blurred;
}

/**
 * Blurs one box of `picture.rgb` in place, strongly enough that no glyph in it survives (sigma a third of its height),
 * only where the car is (weighted by its alpha) and feathered at the box's edge.
 */
export async function blurRegion(picture: CarPicture, r: { x: number; y: number; width: number; height: number }): Promise<void> {
  const { rgb, width, height, carAlpha } = picture;
  const sigma = Math.max(3, r.height / 3);
  const soft = await sharp(rgb, { raw: { width, height, channels: 3 } })
    .extract({ left: r.x, top: r.y, width: r.width, height: r.height })
    .blur(sigma)
    .raw()
    .toBuffer();
  const feather = Math.max(1, Math.round(r.height / 8));
  for (let y = 0; y < r.height; y++) {
    for (let x = 0; x < r.width; x++) {
      const edge = Math.min(x + 1, y + 1, r.width - x, r.height - y);
      const w = (Math.min(1, edge / feather) * carAlpha[(r.y + y) * width + r.x + x]!) / 255;
      if (w <= 0) continue;
      const o = 3 * ((r.y + y) * width + r.x + x);
      const s = 3 * (y * r.width + x);
      for (let c = 0; c < 3; c++) rgb[o + c] = Math.round(rgb[o + c]! * (1 - w) + soft[s + c]! * w);
    }
  }
}
