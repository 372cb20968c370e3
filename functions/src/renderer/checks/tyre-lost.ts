/**
 * A tyre the cut-out lost on one side of a front or rear view. Seen square on or nearly, a car stands on a tyre under
 * each end of its width; a tyre dark in the shade under a step or a bumper is often cut away with the ground, and the
 * cut-out on that side then ends in the straight line of the bumper, higher than the tyre kept on the other side and
 * than the detector's box (which saw the tyre). `flatBottom` and `groundMiddle` miss it: the kept tyre is the lowest
 * point, and the box's bottom is at it.
 *
 * Per side (5% to 25% of the car's width in from each end): the lowest solid pixel of each column. A side counts when
 * most of its columns end within FLAT_BAND of its lowest (a straight cut; a tyre's round bottom reaches it in a few
 * columns only) and neither the photo's bottom nor that side's edge cuts the car. Its lift is how far its lowest
 * point stands above the other side's lowest and above the box's bottom (the smaller), as a share of the car's height.
 * docs/benchmarks/car-check.md, "a tyre cut flat on one side".
 */
import type { CleanMask } from '../cutout/mask-cleanup';
import type { NormBox } from '../../vision/port';
import { FRAME_BAND } from '../../vision/frame-contact';

const SOLID = 128;
/** A side's columns ending within this share of the car's height of the side's lowest point lie on its bottom line. */
const FLAT_BAND = 0.015;
/** A side whose bottom line holds this share of its columns or more is cut straight: no tyre under it. */
const FLAT_SHARE = 0.6;

export function tyreLift(mask: CleanMask, main?: NormBox): number {
  const { alpha, width: w, height: h, box } = mask;
  const bw = box.right - box.left;
  const bh = box.bottom - box.top;
  const bandX = Math.max(1, Math.ceil(FRAME_BAND * w));
  const bandY = Math.max(1, Math.ceil(FRAME_BAND * h));
  // Cut by the photo's bottom: its tyres are out of the photo, which the frame checks report.
  if (bw < 20 || bh < 20 || box.bottom > h - bandY) return 0;
  const side = (from: number, to: number) => {
    const lows: number[] = [];
    for (let x = box.left + Math.round(from * bw); x < box.left + Math.round(to * bw); x++) {
      let y = box.bottom - 1;
      while (y >= box.top && alpha[y * w + x]! < SOLID) y--;
      if (y >= box.top) lows.push(y);
    }
    const lowest = lows.length ? Math.max(...lows) : -1;
    const flat = lows.filter((y) => lowest - y <= FLAT_BAND * bh).length / Math.max(1, lows.length);
    return { lowest, flat };
  };
  const left = side(0.05, 0.25);
  const right = side(0.75, 0.95);
  const ground = main ? main.bottom * h - 1 : Infinity;
  const lift = (s: { lowest: number; flat: number }, other: { lowest: number }, cutAtSide: boolean) =>
    cutAtSide || s.lowest < 0 || s.flat < FLAT_SHARE ? 0 : Math.max(0, Math.min(other.lowest, ground) - s.lowest) / bh;
  return Math.max(lift(left, right, box.left < bandX), lift(right, left, w - box.right < bandX));
}
