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

/**
 * The same at the photo's left and right edges, as a share of the car's height (the larger side): a bumper's corner or
 * a mirror past the edge makes a short run (a car's end below its waist, bumper and tyre, is under 40% of its height);
 * cut through its body, the run reaches into the cabin. On the tuning half of the parking-lot photos every car with a
 * run of 0.48 or more was a retake to the dealer (eu-test_075 0.48, us-cfaa9dd2 0.58, up to br-PYB6477 0.90), the card
 * saying "touches the edge" only.
 */
export const sideOut = (mask: CleanMask): number => Math.max(edgeRun(mask, 'left'), edgeRun(mask, 'right'));

/**
 * The most solid pixels of one line (a row at the top or bottom, a column at a side) in the frame's band at `edge`, as
 * a share of the car's width (top, bottom) or height (sides); 0 when the car stays clear of that band.
 */
function edgeRun(mask: CleanMask, edge: 'top' | 'bottom' | 'left' | 'right'): number {
  const { alpha, width: w, height: h, box } = mask;
  const rows = edge === 'top' || edge === 'bottom';
  // Lines across the band (rows or columns) from `from` to `to`; each counted along [along0, along1).
  const size = rows ? h : w;
  const [near, far] = rows ? [box.top, box.bottom] : [box.left, box.right];
  const [along0, along1] = rows ? [box.left, box.right] : [box.top, box.bottom];
  const band = Math.max(1, Math.ceil(FRAME_BAND * size));
  const [from, to] = edge === 'top' || edge === 'left' ? [near, band] : [size - band, far];
  if (along1 - along0 < 1 || from >= to) return 0;
  let most = 0;
  for (let line = from; line < to; line++) {
    let n = 0;
    for (let k = along0; k < along1; k++) if (alpha[rows ? line * w + k : k * w + line]! >= SOLID) n++;
    most = Math.max(most, n);
  }
  return most / (along1 - along0);
}
