/**
 * The ground-band tests' drawn photos: a grey picture painted by `paint` (a tone where the car's mask is, undefined
 * for the lit ground outside it) with a JPEG's level of noise, its mask solid wherever `paint` gives a tone, and the
 * solid-shade cut (ground-band.ts) made over it.
 */
import { cutGroundBand } from '../../functions/src/renderer/cutout/ground-band';
import { solidExtent, type CleanMask } from '../../functions/src/renderer/cutout/mask-cleanup';

export function cutOverDrawn(w: number, h: number, paint: (x: number, y: number) => number | undefined): { before: CleanMask; after: CleanMask } {
  const rgb = Buffer.alloc(w * h * 3), alpha = new Uint8Array(w * h);
  for (let y = 0; y < h; y++)
    for (let x = 0; x < w; x++) {
      const tone = paint(x, y);
      const v = (tone ?? 150) + ((x * 7 + y * 13) % 3) - 1; // a level of noise, as in a JPEG
      rgb.set([v, v, v], 3 * (y * w + x));
      if (tone !== undefined) alpha[y * w + x] = 255;
    }
  const { box, area } = solidExtent(alpha, w, h);
  const before: CleanMask = { alpha, width: w, height: h, box, areaFraction: area / (w * h), removedFraction: 0 };
  return { before, after: cutGroundBand(before, { rgb, width: w, height: h }) };
}

/** Share of a rectangle's pixels that are solid car. */
export function solidShare(mask: CleanMask, l: number, t: number, r: number, b: number): number {
  let s = 0;
  for (let y = t; y < b; y++) for (let x = l; x < r; x++) if (mask.alpha[y * mask.width + x]! >= 128) s++;
  return s / ((r - l) * (b - t));
}
