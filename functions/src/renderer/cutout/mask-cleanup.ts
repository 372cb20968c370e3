/**
 * Cleans ISNet's soft mask: a morphological opening splits things fused by thin links (a sign post on a
 * roof, a neighbour's bumper), the car body is the largest piece, and only pieces that belong to it
 * (mirrors, a wheel split off) are kept: pieces that were attached to the body in the raw mask. A narrow spike
 * above the roof line (a sign post or lamp pole standing behind the car) is cut off at the roof.
 * Everything works on flat Uint8Arrays in O(pixels).
 */

export interface Box {
  left: number;
  top: number;
  right: number; // exclusive
  bottom: number; // exclusive
}

export interface CleanMask {
  /** 0..255 alpha at the photo's working size. */
  alpha: Uint8Array;
  width: number;
  height: number;
  box: Box;
  /** Fraction of the frame the car covers. */
  areaFraction: number;
  /** Pieces removed from the raw mask (signs, neighbours), as a fraction of the frame. */
  removedFraction: number;
}

/** The box and area of the solid pixels (alpha 128 and up) of an alpha plane; an empty box when there are none. */
export function solidExtent(alpha: Uint8Array, w: number, h: number): { box: Box; area: number } {
  const box: Box = { left: w, top: h, right: 0, bottom: 0 };
  let area = 0;
  // Row by row: each row's first and last solid pixel (a compare or two a pixel instead of four).
  for (let y = 0; y < h; y++) {
    const row = y * w;
    let first = -1, last = -1;
    for (let x = 0; x < w; x++)
      if (alpha[row + x]! >= 128) {
        if (first < 0) first = x;
        last = x;
        area++;
      }
    if (first < 0) continue;
    if (first < box.left) box.left = first;
    if (last >= box.right) box.right = last + 1;
    if (y < box.top) box.top = y;
    box.bottom = y + 1;
  }
  return { box: area ? box : { left: 0, top: 0, right: 0, bottom: 0 }, area };
}

/**
 * Chamfer (3-4) distance, in thirds of a pixel, to the nearest pixel where `seed` is `seedValue` (the frame's border
 * counts as such a pixel: all of it, or beside the border pixels `border` names), capped at `cap`: callers only ask
 * whether a pixel lies further than a few pixels (cap just above that), so 16 bits do and the answers are those of
 * the uncapped distance (a min-plus pass keeps min(d, cap)).
 */
export function chamferWithin(seed: Uint8Array, seedValue: number, w: number, h: number, cap: number, border: true | ((i: number) => boolean) = true): Uint16Array {
  const d = new Uint16Array(w * h);
  for (let y = 0; y < h; y++) {
    const row = y * w;
    for (let x = 0; x < w; x++) {
      const i = row + x;
      if (seed[i] === seedValue) continue; // 0
      let v = cap;
      if (x > 0) v = Math.min(v, d[i - 1]! + 3);
      else if (border === true || border(i)) v = Math.min(v, 3);
      if (y > 0) {
        v = Math.min(v, d[i - w]! + 3);
        if (x > 0) v = Math.min(v, d[i - w - 1]! + 4);
        if (x < w - 1) v = Math.min(v, d[i - w + 1]! + 4);
      } else if (border === true || border(i)) v = Math.min(v, 3);
      d[i] = v;
    }
  }
  for (let y = h - 1; y >= 0; y--) {
    const row = y * w;
    for (let x = w - 1; x >= 0; x--) {
      const i = row + x;
      if (d[i] === 0) continue;
      let v = d[i]!;
      if (x < w - 1) v = Math.min(v, d[i + 1]! + 3);
      else if (border === true || border(i)) v = Math.min(v, 3);
      if (y < h - 1) {
        v = Math.min(v, d[i + w]! + 3);
        if (x < w - 1) v = Math.min(v, d[i + w + 1]! + 4);
        if (x > 0) v = Math.min(v, d[i + w - 1]! + 4);
      } else if (border === true || border(i)) v = Math.min(v, 3);
      d[i] = v;
    }
  }
  return d;
}

interface Component {
  label: number;
  area: number;
  box: Box;
  cy: number;
  touchesBorder: boolean;
}

/**
 * The 4-connected pieces of a binary image, in scan order of their first pixel, each with its area and box. By runs:
 * each row's runs of set pixels are joined (union-find) to the runs they share a column with in the row above, so the
 * work is per run rather than per pixel; the lowest run of a piece is its root, so pieces are numbered in scan order
 * of their first pixel, as a flood fill in scan order numbers them.
 */
export function components(bin: Uint8Array, w: number, h: number): { labels: Int32Array; list: Component[] } {
  let capacity = 1024;
  let start = new Int32Array(capacity), end = new Int32Array(capacity), rowOf = new Int32Array(capacity), parent = new Int32Array(capacity);
  let runs = 0;
  const root = (r: number) => {
    while (parent[r] !== r) r = parent[r] = parent[parent[r]!]!;
    return r;
  };
  let above = 0, aboveEnd = 0; // the previous row's runs
  for (let y = 0; y < h; y++) {
    const row = y * w;
    let j = above;
    above = runs;
    for (let x = 0; x < w; ) {
      if (!bin[row + x]) {
        x++;
        continue;
      }
      const s = x;
      while (x < w && bin[row + x]) x++;
      if (runs === capacity) {
        capacity *= 2;
        const grow = (a: Int32Array) => {
          const b = new Int32Array(capacity);
          b.set(a);
          return b;
        };
        (start = grow(start)), (end = grow(end)), (rowOf = grow(rowOf)), (parent = grow(parent));
      }
      const r = runs++;
      (start[r] = s), (end[r] = x), (rowOf[r] = y), (parent[r] = r);
      while (j < aboveEnd && end[j]! <= s) j++;
      for (let k = j; k < aboveEnd && start[k]! < x; k++) {
        const a = root(k), b = root(r);
        if (a < b) parent[b] = a;
        else if (b < a) parent[a] = b;
      }
    }
    aboveEnd = runs;
  }
  const labels = new Int32Array(w * h);
  const list: Component[] = [];
  const labelOf = new Int32Array(runs);
  for (let r = 0; r < runs; r++) {
    const top = root(r);
    if (top === r) list.push({ label: list.length + 1, area: 0, box: { left: w, top: h, right: 0, bottom: 0 }, cy: 0, touchesBorder: false });
    const label = (labelOf[r] = top === r ? list.length : labelOf[top]!);
    const c = list[label - 1]!;
    const s = start[r]!, e = end[r]!, y = rowOf[r]!;
    labels.fill(label, y * w + s, y * w + e);
    c.area += e - s;
    c.cy += y * (e - s);
    if (s < c.box.left) c.box.left = s;
    if (e > c.box.right) c.box.right = e;
    if (y < c.box.top) c.box.top = y;
    c.box.bottom = y + 1;
    if (s === 0 || e === w || y === 0 || y === h - 1) c.touchesBorder = true;
  }
  for (const c of list) c.cy /= c.area;
  return { labels, list };
}

/**
 * Each value's least (`Math.min`) or greatest (`Math.max`) over the values within `k` either side: a 1-D erosion or
 * dilation of an outline read per column (an opening is the one then the other).
 */
export function within(values: ArrayLike<number>, k: number, pick: (a: number, b: number) => number): Float64Array {
  const n = values.length;
  const out = new Float64Array(n);
  for (let x = 0; x < n; x++) {
    let m = values[x]!;
    for (let j = Math.max(0, x - k); j <= Math.min(n - 1, x + k); j++) m = pick(m, values[j]!);
    out[x] = m;
  }
  return out;
}

/**
 * Per column, the highest row the car may reach: the top profile of the mask with narrow peaks removed (a 1-D
 * morphological opening over ~8 % of the car's width) that reach the roof's height. Roofs and pillars are wider than
 * that and mirrors lower; a pole or sign rising above the roof is neither. Columns with no peak get 0 (no limit).
 */
function roofLine(core: Uint8Array, w: number, h: number, radius: number): Int32Array {
  const height = new Int32Array(w); // rows of car above the frame bottom, 0 for an empty column
  let left = w, right = 0;
  for (let x = 0; x < w; x++)
    for (let y = 0; y < h; y++)
      if (core[y * w + x]) {
        height[x] = h - y;
        if (x < left) left = x;
        right = x + 1;
        break;
      }
  const limit = new Int32Array(w);
  if (right <= left) return limit;
  const k = Math.max(2, Math.round((right - left) * 0.04));
  const eroded = within(height, k, Math.min);
  // Only a peak rising well above its surroundings (over a tenth of the car's height) is cut: a mirror standing
  // proud of the bonnet line is not, a sign post is.
  let tallest = 0;
  for (let x = left; x < right; x++) tallest = Math.max(tallest, height[x]!);
  let bottomRow = -1;
  for (let y = h - 1; y >= 0 && bottomRow < 0; y--)
    for (let x = left; x < right; x++)
      if (core[y * w + x]) {
        bottomRow = y;
        break;
      }
  const carHeight = bottomRow - (h - tallest) + 1;
  const tolerance = Math.max(2, Math.round(radius * 1.5), Math.round(carHeight * 0.1));
  const opened = within(eroded, k, Math.max);
  let roofHeight = 0;
  for (let x = 0; x < w; x++) roofHeight = Math.max(roofHeight, opened[x]!);
  // Only a clear peak that reaches the height of the roof is cut (a pole or sign standing behind the car): a door mirror
  // stands proud of the body beside it but stays well below the roof, and a front or rear view lost both mirrors to
  // this cut, squared off. The reconstruction margin (`reach`) is added back so edges stay soft.
  const roofBand = roofHeight - Math.round(carHeight * 0.15);
  for (let x = 0; x < w; x++) if (height[x]! - opened[x]! > tolerance && height[x]! > roofBand) limit[x] = h - opened[x]! - radius - 2;
  // The mask is rebuilt up to `radius` around the core: the cut must reach the peak's edges as well.
  const widened = new Int32Array(w);
  for (let x = 0; x < w; x++) {
    if (!limit[x]) continue;
    for (let j = Math.max(0, x - radius - 2); j <= Math.min(w - 1, x + radius + 2); j++) widened[j] = Math.max(widened[j]!, limit[x]!);
  }
  return widened;
}

/**
 * The solid pixels linking a mirror's piece (its core's box) to the body, row by row: walking from the piece toward
 * the body (`step` -1: leftward), out of the piece's reconstructed reach through solid pixels only, a row whose run
 * ends in another core's reach (the body's) within `longest` pixels is its stalk; a row broken by background is not.
 */
function keepStalk(piece: Box, step: number, longest: number, bin: Uint8Array, distToCore: Uint16Array, near: number, w: number, h: number, into?: Uint8Array): Uint8Array {
  const out = into ?? new Uint8Array(w * h);
  for (let y = piece.top; y < piece.bottom; y++) {
    let x = step < 0 ? piece.left : piece.right - 1;
    const at = (x: number) => y * w + x;
    while (x >= 0 && x < w && bin[at(x)] && distToCore[at(x)]! <= near) x += step;
    const from = x;
    while (x >= 0 && x < w && bin[at(x)] && distToCore[at(x)]! > near) x += step;
    if (x < 0 || x >= w || !bin[at(x)] || x === from || Math.abs(x - from) > longest) continue;
    for (let k = from; k !== x; k += step) out[at(k)] = 1;
  }
  return out;
}

/** How far beyond the body's side (a fraction of its width) a mirror-sized piece at mirror height may stand. */
export const MIRROR_REACH = 0.12;

/** Soft alpha under this is model noise (e.g. a ghost line along the photo's border): never part of the car. */
const FAINT = 40;

/** Opening radius ~1.2% of the frame width: wider than a sign post, narrower than a wheel. */
const openingRadius = (w: number, h: number) => Math.max(3, Math.round(Math.max(w, h) * 0.012));

export function cleanMask(soft: Uint8Array, w: number, h: number): CleanMask {
  const radius = openingRadius(w, h);
  // Only the region around what is not faint is worked on (a car in half the frame: half the pixels). With `radius + 3`
  // of faint pixels around it, the answer is the whole frame's: the car's pieces touch the region's edge only where
  // it is the frame's; what the distances see beyond the edge lies farther than `radius + 2` from any kept pixel.
  let left = w, top = h, right = 0, bottom = 0;
  for (let y = 0; y < h; y++) {
    const row = y * w;
    // The row's first and last pixel that is not faint: a scan from each end.
    let x0 = 0;
    while (x0 < w && soft[row + x0]! < FAINT) x0++;
    if (x0 === w) continue;
    let x1 = w - 1;
    while (soft[row + x1]! < FAINT) x1--;
    if (x0 < left) left = x0;
    if (x1 >= right) right = x1 + 1;
    if (y < top) top = y;
    bottom = y + 1;
  }
  const margin = radius + 3;
  const region = right > left ? { left: Math.max(0, left - margin), top: Math.max(0, top - margin), right: Math.min(w, right + margin), bottom: Math.min(h, bottom + margin) } : { left: 0, top: 0, right: w, bottom: h };
  const rw = region.right - region.left, rh = region.bottom - region.top;
  if (rw === w && rh === h) return cleanRegion(soft, w, h, radius, w * h);
  const sub = new Uint8Array(rw * rh);
  for (let y = 0; y < rh; y++) sub.set(soft.subarray((region.top + y) * w + region.left, (region.top + y) * w + region.right), y * rw);
  const inner = cleanRegion(sub, rw, rh, radius, w * h);
  const alpha = new Uint8Array(w * h);
  for (let y = 0; y < rh; y++) alpha.set(inner.alpha.subarray(y * rw, (y + 1) * rw), (region.top + y) * w + region.left);
  const { box } = inner;
  const empty = box.right <= box.left;
  return {
    ...inner,
    alpha,
    width: w,
    height: h,
    box: empty ? box : { left: box.left + region.left, top: box.top + region.top, right: box.right + region.left, bottom: box.bottom + region.top },
  };
}

/** The same clean-up over the whole frame, region or not (the tests hold cleanMask to it). */
export function cleanWholeFrame(soft: Uint8Array, w: number, h: number): CleanMask {
  return cleanRegion(soft, w, h, openingRadius(w, h), w * h);
}

/** The clean-up on a region of the frame that holds every pixel that is not faint; fractions are of `frameArea`. */
function cleanRegion(soft: Uint8Array, w: number, h: number, radius: number, frameArea: number): CleanMask {
  const bin = new Uint8Array(w * h);
  let rawArea = 0;
  for (let i = 0; i < bin.length; i++) if (soft[i]! >= 128) (bin[i] = 1), rawArea++;
  const empty: CleanMask = { alpha: new Uint8Array(w * h), width: w, height: h, box: { left: 0, top: 0, right: 0, bottom: 0 }, areaFraction: 0, removedFraction: rawArea / frameArea };
  if (rawArea === 0) return empty;

  // Eroded: further than `radius` pixels inside (in thirds of a pixel: the chamfer's integer units).
  const dist = chamferWithin(bin, 0, w, h, 3 * radius + 1);
  const eroded = new Uint8Array(w * h);
  for (let i = 0; i < bin.length; i++) if (dist[i]! > 3 * radius) eroded[i] = 1;
  const { labels, list } = components(eroded, w, h);
  if (list.length === 0) return empty;
  const main = list.reduce((a, b) => (b.area > a.area ? b : a));
  // A piece of the car split off by the opening (a mirror on its stalk) was attached to the body in the raw mask;
  // a loose scrap of background or of a neighbouring car never was.
  // (Only asked when the opening left more than the body: labelling the raw mask is a pass over the whole region.)
  const rawOf = new Int32Array(list.length + 1);
  if (list.length > 1) {
    const rawLabels = components(bin, w, h).labels;
    for (let i = 0; i < labels.length; i++) if (labels[i] && !rawOf[labels[i]!]) rawOf[labels[i]!] = rawLabels[i]!;
  }
  const mb = main.box;
  const mh = mb.bottom - mb.top;
  const mw = mb.right - mb.left;
  // The body's core as high as the opening lets it reach: the frame cut its roof off (a van from behind, close), and a
  // mirror standing out beside it may reach up to the frame's top, within the tenth of the body's height that a whole
  // car's roof takes (over the body, such a piece is the ceiling or a sign behind the roof).
  const roofCut = mb.top <= radius + 1;
  const keepLabel = new Uint8Array(list.length + 1);
  // Kept pieces that are door mirrors: the roof line below does not see them.
  const mirrorLabel = new Uint8Array(list.length + 1);
  for (const c of list) {
    if (c === main) {
      keepLabel[c.label] = 1;
      continue;
    }
    // Mirrors and split-off wheels sit inside or just beside the body and below its roof line;
    // signs sit above the roof, neighbours reach past the body or the frame edge.
    // A door mirror seen head-on stands further out: a small piece at mirror height (between a tenth and 70% of the
    // body's height down) may reach MIRROR_REACH beyond the body's side (the BMW iX3 front lost its left mirror at 6%).
    const centre = (c.box.left + c.box.right) / 2;
    const highest = roofCut && (centre > mb.right || centre < mb.left) ? mb.top : mb.top + mh * 0.1;
    const mirrorLike = c.area < main.area * 0.02 && c.box.top >= highest && c.box.bottom <= mb.top + mh * 0.7;
    const side = mw * (mirrorLike ? MIRROR_REACH : 0.06);
    const inside = c.box.left >= mb.left - side && c.box.right <= mb.right + side && c.box.bottom <= mb.bottom + mh * 0.05;
    const belowRoof = c.box.top >= mb.top && c.cy > highest;
    const attached = rawOf[c.label] === rawOf[main.label];
    if (attached && inside && belowRoof && !(c.touchesBorder && !main.touchesBorder)) keepLabel[c.label] = 1;
    // A mirror's core is at most three times as tall as wide (a van's, about twice); a post behind the body is thinner.
    if (keepLabel[c.label] && mirrorLike && c.box.bottom - c.box.top <= 3 * (c.box.right - c.box.left)) mirrorLabel[c.label] = 1;
  }
  // Reconstruct: the raw mask pixels within `radius` of a kept eroded piece.
  const keptCore = new Uint8Array(w * h);
  const roofCore = new Uint8Array(w * h);
  for (let i = 0; i < keptCore.length; i++) if (keepLabel[labels[i]!]) (keptCore[i] = 1), (roofCore[i] = mirrorLabel[labels[i]!]! ^ 1);
  const reach = radius + 2;
  // The frame's border counts as core only where the model saw something on it (a car cut by the frame, whose core
  // the opening keeps off the border): a faint upright near the border, away from the car and not on the border
  // itself (a post beside the Ford Expedition's rear end), is not car. (Requiring a run of the border the model is
  // sure of, to drop a faint smudge on the border apart from the car, changed the other-car split's photo-edge seeds
  // on three drawn composites: not kept, docs/benchmarks/cut-out.md.)
  const distToCore = chamferWithin(keptCore, 1, w, h, 3 * reach + 1, (i) => soft[i]! >= FAINT);
  const alpha = new Uint8Array(w * h);
  const box: Box = { left: w, top: h, right: 0, bottom: 0 };
  let area = 0;
  // A mirror kept beside a tall cab (a pickup from behind, its roof at the frame's top) stands within the roof's band
  // and proud of the body below it: the roof line would take it for a post.
  const roof = roofLine(roofCore, w, h, radius);
  // A kept mirror's stalk, longer than the reconstruction reaches from either core, is kept too: a van's mirror
  // stood out on its arms, and without them floated beside the body. Only a mirror standing out beside the body (its
  // centre past the body's side), and no longer than such a mirror may stand out.
  let stalks: Uint8Array | undefined;
  for (const c of list) {
    const centre = (c.box.left + c.box.right) / 2;
    if (mirrorLabel[c.label] && (centre > mb.right || centre < mb.left))
      stalks = keepStalk(c.box, centre > mb.right ? -1 : 1, Math.round(mw * MIRROR_REACH), bin, distToCore, 3 * reach, w, h, stalks);
  }
  for (let y = 0; y < h; y++)
    for (let x = 0; x < w; x++) {
      const i = y * w + x;
      // Faint alpha (under ~15 %) is model noise, e.g. a ghost line along the photo's border: dropped.
      if ((distToCore[i]! > 3 * reach && !stalks?.[i]) || soft[i]! < FAINT || y < roof[x]!) continue;
      alpha[i] = soft[i]!;
      if (soft[i]! >= 128) {
        area++;
        if (x < box.left) box.left = x;
        if (x >= box.right) box.right = x + 1;
        if (y < box.top) box.top = y;
        if (y >= box.bottom) box.bottom = y + 1;
      }
    }
  return { alpha, width: w, height: h, box, areaFraction: area / frameArea, removedFraction: Math.max(0, rawArea - area) / frameArea };
}
