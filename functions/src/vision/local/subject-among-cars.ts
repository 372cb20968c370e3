/**
 * Several cars of close size, one of which is the photo's subject: a dealer's photo of one car in a row of parked ones
 * often has a neighbour at the frame's edge nearly as prominent to the detector as the main car (a dark Chevrolet from
 * behind beside a dark SUV, a white Citroën beside a dark hatchback: 1.47 to 1.72 times, where the car check asks 1.8).
 * The cut-out's network marks the photo's subject: when it lies on the main car and leaves the neighbour's part of the
 * picture empty, the photo is of the main car; when it takes both cars, or the neighbour, the photo stays refused.
 */
import type { CleanMask } from '../../renderer/cutout/mask-cleanup';
import type { NormBox } from '../port';
import { mainBoxCover } from './main-car-focus';

/** Under this prominence ratio the two cars are too alike for the subject to settle it. */
export const SUBJECT_DOMINANCE = 1.3;
/**
 * The subject settles it when it covers this much of the main car's box, and at most NEIGHBOUR_EMPTY of the
 * neighbour's box outside the main one (nor puts more than that share of itself there). On 443 parking-lot photos the
 * photos of one car read 0.82-0.95 and 0.00-0.02; those of two cars 0.59-0.87 of the neighbour's part taken; a plate
 * close-up and a car far behind a parked one cover 0.24-0.28 of their main box.
 */
export const SUBJECT_MAIN_COVER = 0.6;
export const NEIGHBOUR_EMPTY = 0.05;

/** Pixels [left, right) x [top, bottom) of the mask's frame covered by `b` (fractions of the frame), as mainBoxCover reads them. */
function pixelsOf(b: NormBox, w: number, h: number) {
  return { left: Math.max(0, Math.floor(b.left * w)), top: Math.max(0, Math.floor(b.top * h)), right: Math.min(w, Math.ceil(b.right * w)), bottom: Math.min(h, Math.ceil(b.bottom * h)) };
}

/** Whether the cut-out's subject is the main car alone, not the runner-up car beside it. */
export function subjectIsMainCar(cut: CleanMask, main: NormBox, runnerUp: NormBox): boolean {
  const { alpha, width: w, height: h } = cut;
  const subject = cut.areaFraction * w * h;
  if (subject === 0 || mainBoxCover(cut, main) < SUBJECT_MAIN_COVER) return false;
  // The runner-up's part of the picture: its box outside the main car's.
  const m = pixelsOf(main, w, h);
  const r = pixelsOf(runnerUp, w, h);
  let taken = 0;
  let area = 0;
  for (let y = r.top; y < r.bottom; y++) {
    const rowInMain = y >= m.top && y < m.bottom;
    for (let x = r.left; x < r.right; x++) {
      if (rowInMain && x >= m.left && x < m.right) continue;
      area++;
      if (alpha[y * w + x]! >= 128) taken++;
    }
  }
  return taken / subject <= NEIGHBOUR_EMPTY && (area === 0 || taken / area <= NEIGHBOUR_EMPTY);
}
