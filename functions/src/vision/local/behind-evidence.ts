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

/** The box's part past the main car's sides, where it reaches `PAST_SIDE` past them, at least this share solid... */
export const PAST_SOLID = 0.3;

/**
 * `alpha` the mask before the step, `b` the box read as a car behind, `main` the main car's box (pixels). A car behind
 * shows past the main car's side (`PAST_SOLID`) or rises over its outline there (`rises`).
 */
export function showsBehind(alpha: Uint8Array, w: number, h: number, b: Window, main: Window): boolean {
  return showsPast(alpha, w, h, b, main) || rises(alpha, w, h, b, main);
}

function showsPast(alpha: Uint8Array, w: number, h: number, b: Window, main: Window): boolean {
  if (!reachesPast(b, main)) return false;
  let all = 0;
  let solid = 0;
  for (let y = Math.max(0, b.t); y < Math.min(h, b.b); y++)
    for (let x = Math.max(0, b.l); x < Math.min(w, b.r); x++)
      if (x < main.l || x >= main.r) (all++, alpha[y * w + x]! >= 128 && solid++);
  return all > 0 && solid >= PAST_SOLID * all;
}

function rises(alpha: Uint8Array, w: number, h: number, b: Window, main: Window): boolean {
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
  // The outline beside the box, where the main car is there to draw it from; a box over the main car's whole width
  // (its own rear window and roof read as a car) has none: then the main car's box's top is the line.
  const side = Math.max(2, Math.round((b.r - b.l) * 0.05));
  const ref = (x: number) => (x >= main.l && x < main.r ? topOf(x) : -1);
  const left = ref(b.l - side);
  const right = ref(b.r - 1 + side);
  const lineAt = (x: number) => (left < 0 && right < 0 ? main.t : left < 0 ? right : right < 0 ? left : left + ((right - left) * (x - b.l)) / Math.max(1, b.r - b.l));
  const tol = Math.max(2, RISE * bh);
  let rising = 0;
  for (let x = l; x < r; x++) {
    const t = tops[x - l]!;
    if (t >= 0 && t < lineAt(x) - tol) rising++;
  }
  return rising >= RISE_SHARE * (r - l);
}

/** A car behind or beside-behind shows past the main car's side by at least this share of its box's width. */
export const PAST_SIDE = 0.05;

/**
 * Whether a box read as a car beside-behind the main one reaches past the main car's box (`main`, pixels) by
 * `PAST_SIDE` of its width: one over the main car's whole width, past its side by a sliver, is its own rear window and
 * boot read as a car (a Corolla from behind: the split took both).
 */
export function reachesPast(b: Window, main: Window): boolean {
  return Math.max(main.l - b.l, b.r - main.r) >= PAST_SIDE * (b.r - b.l);
}
