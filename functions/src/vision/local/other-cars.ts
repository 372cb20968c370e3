/**
 * Leaves the other cars out of the main car's cut-out: the saliency mask takes every salient thing, so a neighbour
 * parked beside the main car is part of it. Pixels inside another car's box and outside the main car's box (with a
 * small margin) go.
 */
import type { CleanMask } from '../../renderer/cutout/mask-cleanup';
import type { NormBox } from '../port';

export function removeOtherCars(mask: CleanMask, main: NormBox, others: NormBox[]): CleanMask {
  if (others.length === 0) return mask;
  const { width: w, height: h } = mask;
  const alpha = Uint8Array.from(mask.alpha);
  const px = (b: NormBox) => ({ l: Math.floor(b.left * w), t: Math.floor(b.top * h), r: Math.ceil(b.right * w), b: Math.ceil(b.bottom * h) });
  // The detector's box can be a little tight (a roof, a mirror): the main car keeps a margin around it.
  const mw = (main.right - main.left) * 0.04;
  const mh = (main.bottom - main.top) * 0.04;
  const m = px({ left: main.left - mw, top: main.top - mh, right: main.right + mw, bottom: main.bottom + mh });
  let removed = 0;
  for (const other of others) {
    const o = px(other);
    for (let y = Math.max(0, o.t); y < Math.min(h, o.b); y++)
      for (let x = Math.max(0, o.l); x < Math.min(w, o.r); x++) {
        if (x >= m.l && x < m.r && y >= m.t && y < m.b) continue;
        const i = y * w + x;
        if (alpha[i]! >= 128) removed++;
        alpha[i] = 0;
      }
  }
  const box = { left: w, top: h, right: 0, bottom: 0 };
  let area = 0;
  for (let y = 0; y < h; y++)
    for (let x = 0; x < w; x++)
      if (alpha[y * w + x]! >= 128) {
        area++;
        if (x < box.left) box.left = x;
        if (x >= box.right) box.right = x + 1;
        if (y < box.top) box.top = y;
        if (y >= box.bottom) box.bottom = y + 1;
      }
  if (area === 0) Object.assign(box, { left: 0, top: 0, right: 0, bottom: 0 });
  return { alpha, width: w, height: h, box, areaFraction: area / (w * h), removedFraction: mask.removedFraction + removed / (w * h) };
}
