/**
 * The roof line across a notch the model left in it. u2netp can miss a strip of roof whose colour is near the
 * background's (the white Buick's grey roof between the C-pillar and the aerial against a grey-blue sea: soft alpha
 * 0-5 there, a dent ~45 px deep at 1536 px). A notch in the mask's top outline, wide enough, shallow, with the car
 * on both sides and near the car's top, is filled where the photo's pixels stand apart from the background above
 * it: how far each pixel's colour lies from the background's gives its alpha, only pixels the model called
 * background outright are changed, and only those joined to the car are taken.
 */
import { solidExtent, type CleanMask } from './mask-cleanup';
import type { CutoutPhoto } from './port';

/** A notch is narrower than this share of the car's width (the closing's window). */
const MAX_WIDTH = 0.2;
/** Its rim lies within this share of the car's height below the car's top: the roof, not a bonnet or a pickup's bed. */
const ROOF_BAND = 0.1;
/** ...and wider than this share: a dent the width of a roof's stretch, not a gap beside a pole or a head. */
const MIN_WIDTH = 0.05;
/** Its depth lies between these shares of the car's height. */
const MIN_DEPTH = 0.03;
const MAX_DEPTH = 0.12;
/** A pixel is car from this far (RGB distance) off the background's colour, or its spread three times over... */
const MIN_CONTRAST = 40;
/** ...unless that spread is so wide (a busy background) that nothing can be told. */
const MAX_STEP = 90;

/** The mask with its roof notches filled (the same object when there are none). */
export function fillRoofNotches(mask: CleanMask, photo: CutoutPhoto): CleanMask {
  const { alpha, width: w, height: h, box } = mask;
  const bw = box.right - box.left, bh = box.bottom - box.top;
  if (bw < 20 || bh < 20) return mask;
  // The top outline: each column's first solid row (h where the column is empty).
  const top = new Int32Array(bw).fill(h);
  for (let x = 0; x < bw; x++)
    for (let y = box.top; y < box.bottom; y++)
      if (alpha[y * w + box.left + x]! >= 128) {
        top[x] = y;
        break;
      }
  // The outline closed over dips narrower than the window: a dilation then an erosion of the rows (min, then max).
  const r = Math.max(2, Math.round((bw * MAX_WIDTH) / 2));
  const lifted = slide(top, r, Math.min);
  const closed = slide(lifted, r, Math.max);
  const depthMin = Math.max(3, Math.round(bh * MIN_DEPTH)), depthMax = bh * MAX_DEPTH, rimMax = box.top + bh * ROOF_BAND;
  let out: Uint8Array | undefined;
  for (let x = 0; x < bw; ) {
    const notched = (i: number) => top[i]! < h && top[i]! - closed[i]! >= depthMin && closed[i]! <= rimMax;
    if (!notched(x)) {
      x++;
      continue;
    }
    let end = x;
    while (end < bw && notched(end)) end++;
    let deepest = 0;
    for (let i = x; i < end; i++) deepest = Math.max(deepest, top[i]! - closed[i]!);
    if (deepest <= depthMax && end - x >= bw * MIN_WIDTH) out = fillNotch(out ?? alpha.slice(), photo, w, box.left, x, end, top, closed, deepest) ?? out;
    x = end;
  }
  if (!out) return mask;
  const { box: filledBox, area } = solidExtent(out, w, h);
  const frame = w * h;
  return { ...mask, alpha: out, box: filledBox, areaFraction: area / frame, removedFraction: Math.max(0, mask.removedFraction - (area - mask.areaFraction * frame) / frame) };
}

/** 1-D running min or max over a window of 2r + 1 (clipped at the ends). */
function slide(v: Int32Array, r: number, pick: (a: number, b: number) => number): Int32Array {
  const out = new Int32Array(v.length);
  for (let i = 0; i < v.length; i++) {
    let m = v[i]!;
    for (let j = Math.max(0, i - r); j <= Math.min(v.length - 1, i + r); j++) m = pick(m, v[j]!);
    out[i] = m;
  }
  return out;
}

/**
 * One notch, columns [from, to) of the box (left at `left`). The background is what lies well above the outline
 * (`lift` over it: the model's outline can run under the roof's top edge beside the notch too, as on the Buick, whose
 * roof is grey between a white body and a grey-blue sea): its median colour and spread. A pixel in the notch is car as
 * far as its colour stands apart from that background. Returns the alpha written into, or undefined when the
 * background is too varied to tell.
 */
function fillNotch(alpha: Uint8Array, photo: CutoutPhoto, w: number, left: number, from: number, to: number, top: Int32Array, closed: Int32Array, deepest: number): Uint8Array | undefined {
  const { rgb, height: h } = photo;
  const side = Math.max(3, Math.round((to - from) * 0.5));
  const lift = Math.max(2, Math.round(deepest * 0.5));
  const back: number[] = [];
  for (let i = Math.max(0, from - side); i < Math.min(top.length, to + side); i++) {
    const edge = i >= from && i < to ? closed[i]! : top[i]!;
    for (let y = Math.max(0, edge - lift - 6); y < edge - lift; y++) if (alpha[y * w + left + i] === 0) back.push(y * w + left + i);
  }
  if (back.length < 20) return undefined;
  const B = [0, 1, 2].map((c) => median(back.map((i) => rgb[3 * i + c]!)));
  const far = (i: number) => Math.hypot(rgb[3 * i]! - B[0]!, rgb[3 * i + 1]! - B[1]!, rgb[3 * i + 2]! - B[2]!);
  // Car from this far off the background's colour: its usual spread three times over, and never nearer than MIN_CONTRAST.
  const step = Math.max(MIN_CONTRAST, 3 * median(back.map(far)));
  if (step > MAX_STEP) return undefined;
  // 0.5 at `step` from the background, 0.25 at half of it, 0.75 at one and a half times.
  const share = (i: number) => far(i) / (2 * step);
  const toAlpha = (a: number) => Math.max(0, Math.min(255, Math.round(((a - 0.25) / 0.5) * 255)));
  // The rows worked on: from `lift` over the chord (a roof bulges over it) down to the outline. Only the notch's
  // columns: beside it, filling up to the roof's edge too took a cartoon's head beside a car and slivers of a sign.
  let rowFrom = h, rowTo = 0;
  for (let i = from; i < to; i++) (rowFrom = Math.min(rowFrom, closed[i]! - lift)), (rowTo = Math.max(rowTo, top[i]!));
  rowFrom = Math.max(0, rowFrom);
  const inside = (x: number, y: number) => x >= left + from && x < left + to && y >= closed[x - left]! - lift && y < top[x - left]!;
  // Grown up from the outline: a pixel is taken when it looks like car and touches the mask or a pixel taken before.
  const stack: number[] = [];
  const taken = new Uint8Array(w * h);
  for (let i = from; i < to; i++) if (top[i]! > 0) stack.push((top[i]! - 1) * w + left + i);
  const touchesMask = (p: number) => {
    const x = p % w, y = (p - x) / w;
    return (x > 0 && (alpha[p - 1]! > 0 || taken[p - 1])) || (x < w - 1 && (alpha[p + 1]! > 0 || taken[p + 1])) || (y > 0 && (alpha[p - w]! > 0 || taken[p - w])) || (y < h - 1 && (alpha[p + w]! > 0 || taken[p + w]));
  };
  while (stack.length) {
    const p = stack.pop()!;
    const x = p % w, y = (p - x) / w;
    if (taken[p] || !inside(x, y) || !touchesMask(p)) continue;
    // The model's own soft edge is kept as it is: only what it called background outright is looked at again.
    if (alpha[p]! > 0) {
      taken[p] = 2; // passed through, not changed
    } else {
      if (share(p) < 0.5) continue;
      taken[p] = 1;
      alpha[p] = toAlpha(share(p));
    }
    for (const q of [p - 1, p + 1, p - w, p + w]) if (q >= 0 && q < w * h) stack.push(q);
  }
  // The taken region's edge: the pixels beside it part car, part background, by their colour.
  for (let y = rowFrom; y < rowTo; y++)
    for (let x = left + from; x < left + to; x++) {
      const p = y * w + x;
      if (taken[p] || alpha[p] || !inside(x, y)) continue;
      if ((x > 0 && taken[p - 1] === 1) || (x < w - 1 && taken[p + 1] === 1) || (y > 0 && taken[p - w] === 1) || (y < h - 1 && taken[p + w] === 1)) alpha[p] = Math.min(127, toAlpha(share(p)));
    }
  return alpha;
}

function median(v: number[]): number {
  const s = Float64Array.from(v).sort();
  return s[s.length >> 1]!;
}
