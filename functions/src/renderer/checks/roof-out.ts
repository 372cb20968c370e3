/**
 * How much of a car's roof the photo's top edge cuts off, read from the cut-out's widest solid run along the frame's
 * top band, as a share of the car's width. A roof that only grazes the edge is cut along its flat top (a Camry from
 * behind, us-wts-lg-000138: 0.54, a dealer would publish it); cut lower, through the windows or the pillars, the run
 * widens to the cabin's width (eu-test_043, a van's rear: 0.92; eu-test_001, a van head-on: 0.66; us-wts-lg-000014,
 * us-wts-lg-000139: 0.72, 1.00): the studio image shows a car sliced flat, which no dealer publishes. A tall van's
 * flat roof cut at its top reads as a grazed saloon's (eu-test_084: 0.57): not told apart.
 */
import type { CleanMask } from '../cutout/mask-cleanup';
import { FRAME_BAND } from '../../vision/frame-contact';

const SOLID = 128;

export const roofOut = (mask: CleanMask): number => edgeRun(mask, 'top');

/**
 * The same at the photo's bottom edge. Tyres that touch the edge make short runs (each a sixth of the width or so); a
 * car cut off below its bumper or sills makes one as wide as the body: the studio image would stand the car on a
 * straight cut, no wheels under it.
 */
export const bottomOut = (mask: CleanMask): number => edgeRun(mask, 'bottom');

/** The most solid pixels of one row in the frame's band at `edge`, as a share of the car's width (0 when the car stays clear of it). */
function edgeRun(mask: CleanMask, edge: 'top' | 'bottom'): number {
  const { alpha, width: w, height: h, box } = mask;
  const bw = box.right - box.left;
  const band = Math.max(1, Math.ceil(FRAME_BAND * h));
  const [from, to] = edge === 'top' ? [box.top, band] : [h - band, box.bottom];
  if (bw < 1 || from >= to) return 0;
  let widest = 0;
  for (let y = from; y < to; y++) {
    let n = 0;
    for (let x = box.left; x < box.right; x++) if (alpha[y * w + x]! >= SOLID) n++;
    widest = Math.max(widest, n);
  }
  return widest / bw;
}
