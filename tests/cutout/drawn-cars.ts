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

/** u2netp's outline is soft: every edge pixel of a drawn mask (solid beside empty) set half solid, in place. */
export function softenOutline(alpha: Uint8Array, width: number, height: number): void {
  const edge: number[] = [];
  for (let y = 1; y < height - 1; y++)
    for (let x = 1; x < width - 1; x++) {
      const i = y * width + x;
      if (alpha[i] && (!alpha[i - 1] || !alpha[i + 1] || !alpha[i - width] || !alpha[i + width])) edge.push(i);
    }
  for (const i of edge) alpha[i] = 200;
}

/** The drawn main car's mask alone (nothing else in the photo), its outline soft as u2netp's is: for the car-check tests. */
export function softCarMask(width: number, height: number, car: Paint, background: number[]): CleanMask {
  const { mask } = drawnCars(width, height, car, () => undefined, background);
  const alpha = Uint8Array.from(mask.alpha);
  softenOutline(alpha, width, height);
  const { box, area } = solidExtent(alpha, width, height);
  return { ...mask, alpha, box, areaFraction: area / (width * height) };
}

/**
 * Of the pixels the saliency mask held (`mask`), the shares that `out` keeps solid: of the main car's own (`truth`)
 * and of everything else (the other car).
 */
export function keptShares(mask: CleanMask, out: CleanMask, truth: Uint8Array): { own: number; other: number } {
  let own = 0, ownKept = 0, other = 0, otherKept = 0;
  for (let i = 0; i < mask.alpha.length; i++) {
    if (!mask.alpha[i]) continue;
    const kept = out.alpha[i]! >= 128;
    if (truth[i]) (own++, kept && ownKept++);
    else (other++, kept && otherKept++);
  }
  return { own: ownKept / own, other: otherKept / other };
}
