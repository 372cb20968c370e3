/**
 * Whether a box read as a car behind the main one shows as one in the cut-out. A car seen over the main car's roof or
 * bonnet rises, in the box's columns, over the main car's outline drawn from the columns just beside the box. A box
 * whose columns only carry that outline on (a tail light read as a car under the rear window and roof; weak boxes over
 * a dark car behind a white hatchback, the car behind not in the mask) has nothing of another car to split off:
 * splitting it cut the roof and the rear window square.
 */
import type { Window } from './geodesic-split';

/** The silhouette in the box's columns must rise over the outline beside the box by this share of the box's height... */
export const RISE = 0.1;
/** ...in at least this share of the box's columns over the main car. */
export const RISE_SHARE = 0.1;

/** `alpha` the mask before the step, `b` the box read as a car behind, `main` the main car's box (pixels). */
export function showsBehind(alpha: Uint8Array, w: number, h: number, b: Window, main: Window): boolean {
  const bh = b.b - b.t;
  const from = Math.max(0, b.t - bh);
  const to = Math.min(h, b.b);
  const topOf = (x: number) => {
    if (x < 0 || x >= w) return -1;
    for (let y = from; y < to; y++) if (alpha[y * w + x]! >= 128) return y;
    return -1;
  };
  const l = Math.max(b.l, main.l, 0);
  const r = Math.min(b.r, main.r, w);
  if (r <= l) return true;
  const tops: number[] = [];
  for (let x = l; x < r; x++) tops.push(topOf(x));
  // The outline beside the box, where the main car is there to draw it from; none: nothing to compare with.
  const side = Math.max(2, Math.round((b.r - b.l) * 0.05));
  const ref = (x: number) => (x >= main.l && x < main.r ? topOf(x) : -1);
  const left = ref(b.l - side);
  const right = ref(b.r - 1 + side);
  if (left < 0 && right < 0) return true;
  const lineAt = (x: number) => (left < 0 ? right : right < 0 ? left : left + ((right - left) * (x - b.l)) / Math.max(1, b.r - b.l));
  const tol = Math.max(2, RISE * bh);
  let rising = 0;
  for (let x = l; x < r; x++) {
    const t = tops[x - l]!;
    if (t >= 0 && t < lineAt(x) - tol) rising++;
  }
  return rising >= RISE_SHARE * (r - l);
}
