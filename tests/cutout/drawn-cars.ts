/**
 * A drawn photo of a main car and another car (behind or beside it) over a plain background, for the other-car tests:
 * the photo's pixels, the saliency mask as the cut-out gives it before the other-car step (both cars solid, the
 * background out) and the truth (the main car's own pixels). `mainCar` and `other` give a pixel's colour, or nothing
 * where that car is not; the main car stands in front.
 */
import { solidExtent, type CleanMask } from '../../functions/src/renderer/cutout/mask-cleanup';

export type Paint = (x: number, y: number) => number[] | undefined;

export function drawnCars(width: number, height: number, mainCar: Paint, other: Paint, background: number[]) {
  const rgb = new Uint8Array(width * height * 3);
  const alpha = new Uint8Array(width * height);
  const truth = new Uint8Array(width * height);
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++) {
      const own = mainCar(x, y);
      const c = own ?? other(x, y) ?? background;
      rgb.set(c, 3 * (y * width + x));
      if (c !== background) alpha[y * width + x] = 255;
      if (own) truth[y * width + x] = 1;
    }
  const { box, area } = solidExtent(alpha, width, height);
  const mask: CleanMask = { alpha, width, height, box, areaFraction: area / (width * height), removedFraction: 0 };
  return { photo: { rgb, width, height }, mask, truth };
}
