/**
 * Keeps only the main car in its cut-out: the saliency mask takes every salient thing, so a neighbour parked beside
 * the main car, a car behind it or a sign is part of it. Pixels inside another car's box and outside the main car's
 * box (with a small margin) go, and so does anything further from the main car's box than a wider margin (the
 * detector's box can be a little tight on a mirror, an antenna or a spoiler; what stands further out is not the car).
 */
import { solidExtent, type CleanMask } from '../../renderer/cutout/mask-cleanup';
import type { NormBox } from '../port';

/** How far beyond the main car's box its cut-out may reach, as fractions of the box: sides, top, bottom. */
export const KEEP_MARGIN = { side: 0.05, top: 0.06, bottom: 0.04 };

export function removeOtherCars(mask: CleanMask, main: NormBox, others: NormBox[]): CleanMask {
  const { width: w, height: h } = mask;
  const alpha = Uint8Array.from(mask.alpha);
  const px = (b: NormBox) => ({ l: Math.floor(b.left * w), t: Math.floor(b.top * h), r: Math.ceil(b.right * w), b: Math.ceil(b.bottom * h) });
  // The detector's box can be a little tight (a roof, a mirror): the main car keeps a margin around it, a narrow one
  // where another car stands (a wider one left a slab of the neighbour beside the car, cut square).
  const mw = (main.right - main.left) * 0.015;
  const mh = (main.bottom - main.top) * 0.015;
  const m = px({ left: main.left - mw, top: main.top - mh, right: main.right + mw, bottom: main.bottom + mh });
  let removed = 0;
  const bw = main.right - main.left;
  const bh = main.bottom - main.top;
  const keep = px({ left: main.left - KEEP_MARGIN.side * bw, top: main.top - KEEP_MARGIN.top * bh, right: main.right + KEEP_MARGIN.side * bw, bottom: main.bottom + KEEP_MARGIN.bottom * bh });
  const { box: b } = mask;
  let cropped = false;
  if (b.left < keep.l || b.top < keep.t || b.right > keep.r || b.bottom > keep.b)
    for (let y = b.top; y < b.bottom; y++)
      for (let x = b.left; x < b.right; x++) {
        if (x >= keep.l && x < keep.r && y >= keep.t && y < keep.b) continue;
        const i = y * w + x;
        if (alpha[i]! >= 128) removed++;
        if (alpha[i]! > 0) (alpha[i] = 0), (cropped = true);
      }
  if (!cropped && others.length === 0) return mask;
  const mainTop = Math.floor(main.top * h);
  for (const other of others) {
    const o = px(other);
    // A car behind reaches above the main car's box: there it is not the main car, whatever the margin.
    const behind = o.t < mainTop && o.b < Math.ceil(main.bottom * h);
    for (let y = Math.max(0, o.t); y < Math.min(h, o.b); y++)
      for (let x = Math.max(0, o.l); x < Math.min(w, o.r); x++) {
        if (x >= m.l && x < m.r && y >= m.t && y < m.b && !(behind && y < mainTop)) continue;
        const i = y * w + x;
        if (alpha[i]! >= 128) removed++;
        alpha[i] = 0;
      }
    if (behind) removed += cutBelowRoofLine(alpha, w, o, mainTop);
  }
  const { box, area } = solidExtent(alpha, w, h);
  return { alpha, width: w, height: h, box, areaFraction: area / (w * h), removedFraction: mask.removedFraction + removed / (w * h) };
}

/**
 * A car behind the main one, seen over its roof, joins the roof in the cut-out. Across the other car's columns the
 * main car's roof line is drawn from the columns just beside them (the roof is smooth there) and what rises above it
 * goes; where the other car reaches past one end of the main car, the line runs on level from the other side. A car
 * behind wider than the whole roof leaves nothing to draw the line from.
 */
function cutBelowRoofLine(alpha: Uint8Array, w: number, o: { l: number; t: number; r: number; b: number }, mainTop: number): number {
  const topOf = (x: number) => {
    if (x < 0 || x >= w) return -1;
    for (let y = mainTop; y < o.b + (o.b - o.t); y++) if (alpha[y * w + x]! >= 128) return y;
    return -1;
  };
  // The roof beside the other car: a few columns out, the highest solid pixel at or below the main car's box top.
  const side = Math.max(2, Math.round((o.r - o.l) * 0.05));
  const found = (y: number) => y >= 0 && y < o.b;
  let left = topOf(o.l - side);
  let right = topOf(o.r - 1 + side);
  // A car behind that reaches past the main car's end: the roof line runs on, level, from the side that has roof.
  if (!found(left) && !found(right)) return 0;
  if (!found(left)) left = right;
  if (!found(right)) right = left;
  let removed = 0;
  for (let x = Math.max(0, o.l); x < Math.min(w, o.r); x++) {
    const roof = left + ((right - left) * (x - o.l)) / Math.max(1, o.r - o.l) - 2;
    for (let y = 0; y < roof; y++) {
      const i = y * w + x;
      if (alpha[i]! >= 128) removed++;
      alpha[i] = 0;
    }
  }
  return removed;
}
