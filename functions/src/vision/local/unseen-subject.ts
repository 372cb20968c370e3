/**
 * A photo whose subject is a car the detector does not see: a car shot so close that its roof or ends are outside the
 * picture is no longer a car to the COCO detector, which then names a neighbour half in the frame the main car. The
 * cut-out's network still marks the close car as the photo's subject, so the studio image showed a sliver of it at
 * the neighbour's place (a JAC head-on, windscreen out of the top: a headlamp and a pole, "Please check" only).
 * Seen on 3 of 409 parking-lot photos. Of the others, two had more of their subject outside the main car's box, but a
 * small one (a door mirror seen through a windscreen, a minivan beside a truck: main-car-focus.ts cuts the main car
 * out again there); on the rest at most 38% of the subject lay outside it.
 */
import type { CleanMask } from '../../renderer/cutout/mask-cleanup';
import { silhouetteTouchesFrame } from '../frame-contact';
import type { NormBox } from '../port';
import { KEEP_MARGIN } from './other-cars';

/**
 * With this share of the cut-out's subject or more outside the main car's box, the detector looks again at the subject
 * alone (local-vision.ts). The truth bench's head-on Kadjar beside a blue car (0.78 to 0.81 outside: the detector saw
 * only the blue car) and the photos above reach it; every other photo and composite measured stayed under 0.7.
 */
export const LOOK_AGAIN_OUTSIDE = 0.75;
/** The subject is a large part of the photo: at least this share of the frame (the three close cars 0.43 to 0.47). */
export const UNSEEN_SUBJECT_AREA = 0.25;
/** This share of the subject or more lies outside the main car's box (the three 0.93 to 0.97; every other large subject 0.38 or less). */
export const UNSEEN_SUBJECT_OUTSIDE = 0.8;

/** The cut-out's solid pixels as a share of the frame, and the share of them outside `main` with the split's keep margin. */
export function subjectAgainstMain(cut: CleanMask, main: NormBox): { area: number; outside: number } {
  const { width: w, height: h, alpha } = cut;
  const bw = main.right - main.left;
  const bh = main.bottom - main.top;
  const left = (main.left - KEEP_MARGIN.side * bw) * w;
  const right = (main.right + KEEP_MARGIN.side * bw) * w;
  const top = (main.top - KEEP_MARGIN.top * bh) * h;
  const bottom = (main.bottom + KEEP_MARGIN.bottom * bh) * h;
  let solid = 0;
  let inside = 0;
  for (let y = 0; y < h; y++) {
    const rowIn = y >= top && y <= bottom;
    for (let x = 0, i = y * w; x < w; x++, i++) {
      if (alpha[i]! < 128) continue;
      solid++;
      if (rowIn && x >= left && x <= right) inside++;
    }
  }
  return { area: solid / (w * h), outside: solid === 0 ? 0 : 1 - inside / solid };
}

/**
 * The photo's subject is a large car cut by the frame that the detector did not see (mostly outside the main car's
 * box): the photo is refused as a car that does not fit, not sold as a piece of its neighbour.
 */
export function unseenCloseCar(cut: CleanMask, { area, outside }: { area: number; outside: number }): boolean {
  return area >= UNSEEN_SUBJECT_AREA && outside >= UNSEEN_SUBJECT_OUTSIDE && silhouetteTouchesFrame(cut);
}
