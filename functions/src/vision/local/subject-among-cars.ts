/**
 * Several cars of close size, one of which is the photo's subject: a dealer's photo of one car in a row of parked ones
 * often has a neighbour at the frame's edge nearly as prominent to the detector as the main car (a dark Chevrolet from
 * behind beside a dark SUV, a white Citroën beside a dark hatchback: 1.47 to 1.72 times, where the car check asks 1.8).
 * The cut-out's network marks the photo's subject: when it lies on the main car and leaves the neighbour's part of the
 * picture empty, the photo is of the main car; when it takes both cars, or the neighbour, the photo stays refused.
 */
import type { CleanMask } from '../../renderer/cutout/mask-cleanup';
import type { NormBox } from '../port';

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

/** Whether the cut-out's subject is the main car alone, not the runner-up car beside it. */
export function subjectIsMainCar(cut: CleanMask, main: NormBox, runnerUp: NormBox): boolean {
  const { alpha, width: w, height: h } = cut;
  const px = (b: NormBox) => ({ left: Math.round(b.left * w), top: Math.round(b.top * h), right: Math.round(b.right * w), bottom: Math.round(b.bottom * h) });
  const m = px(main);
  const r = px(runnerUp);
  let subject = 0;
  let onMain = 0;
  let mainArea = 0;
  let onNeighbour = 0;
  let neighbourArea = 0;
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      const inMain = x >= m.left && x < m.right && y >= m.top && y < m.bottom;
      const inNeighbour = !inMain && x >= r.left && x < r.right && y >= r.top && y < r.bottom;
      if (inMain) mainArea++;
      if (inNeighbour) neighbourArea++;
      if (alpha[y * w + x]! < 128) continue;
      subject++;
      if (inMain) onMain++;
      if (inNeighbour) onNeighbour++;
    }
  }
  if (subject === 0 || mainArea === 0) return false;
  return onMain / mainArea >= SUBJECT_MAIN_COVER && onNeighbour / subject <= NEIGHBOUR_EMPTY && (neighbourArea === 0 || onNeighbour / neighbourArea <= NEIGHBOUR_EMPTY);
}
