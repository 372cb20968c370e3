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
export const sideOut = (mask: CleanMask): number => Math.max(sideRun(mask, 'left'), sideRun(mask, 'right'));

function sideRun(mask: CleanMask, edge: 'left' | 'right'): number {
  const { alpha, width: w, box } = mask;
  const bh = box.bottom - box.top;
  const band = Math.max(1, Math.ceil(FRAME_BAND * w));
  const [from, to] = edge === 'left' ? [box.left, band] : [w - band, box.right];
  if (bh < 1 || from >= to) return 0;
  let tallest = 0;
  for (let x = from; x < to; x++) {
    let n = 0;
    for (let y = box.top; y < box.bottom; y++) if (alpha[y * w + x]! >= SOLID) n++;
    tallest = Math.max(tallest, n);
  }
  return tallest / bh;
}

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
