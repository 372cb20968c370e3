/**
 * The band of ground under the car: where u2netp is unsure whether the dark ground under the bumper between the tyres
 * is car, its mask fades slowly there (a ramp of 20 to 40 px from solid to background at 960 px, where a real edge of
 * the car fades in about 6: the 320 px model's edge stretched), and the cut-out at alpha 128 keeps a ragged grey or
 * black band under the bumper (the BMW iX3 seen head-on, the Toyota Camry from behind). Only a car whose mask has no
 * gap between its tyres is looked at (the ground filled in under it: a car seen from the side or a corner shows its
 * underside clear of the line through its tyres and is left as it is). Between the tyres, in the car's lowest fifth,
 * a column whose mask fades that slowly through dark, grey pixels is cut where the mask stops being sure (alpha 235):
 * the bumper's lower edge; where a quarter of the columns do, the line through those heights (parallel to the tyres'
 * line) cuts the columns between them where the mask hangs below it through dark grey too. The tyres (the lowest
 * points in each outer third and 12% of the car's width inward) and everything above the car's lowest
 * fifth are never touched; a crisp edge (a sill, a lit bumper lip) has no ramp to cut.
 */
import { solidExtent, type CleanMask } from './mask-cleanup';
import type { CutoutPhoto } from './port';

/** Alpha at and above which the mask is sure of the car. */
const SURE = 235;
/** A fade from SURE to 128 longer than this share of the car's height is the model unsure of ground, not an edge. */
const RAMP = 0.03;
/** Only the car's lowest part: the band lies under the bumper, within this share of the car's height of its bottom. */
const LOWEST = 0.2;
/** Columns within this share of the car's width inward of each tyre's contact are the tyre's: never cut. */
const TYRE = 0.12;
/** The band's pixels are grey (max - min channel at most this) and not light (mean at most DARK). */
const GREY = 40;
const DARK = 110;
/** The share of the columns between the tyres that must fade slowly for the line through them to cut the rest. */
const MIN_RAMP_SHARE = 0.25;
/** Fewer than this share fading slowly: a few unsure columns, left as they are. */
const MIN_RAMP_ALONE = 0.05;
/** A median gap between the underside and the tyres' line over the middle of the span above this share of the car's height: the underside is clear. */
const GAP = 0.06;
/** A column between the tyres reaching below their line by more than this share of the car's height: they were not the tyres. */
const BELOW = 0.02;
/** Gaps of uncut columns up to this wide between cut ones are cut at their neighbours' height. */
const FILL = 6;
/** Soft edge left below the cut, px. */
const FEATHER = 2;

export function cutGroundBand(mask: CleanMask, photo: CutoutPhoto): CleanMask {
  const { alpha, width: w, height: h, box } = mask;
  const bw = box.right - box.left, bh = box.bottom - box.top;
  if (bw < 40 || bh < 20 || photo.width !== w || photo.height !== h) return mask;
  // The lowest solid row of each column, and the tyres' contacts: the lowest points in each outer third.
  const bottom = new Int32Array(bw).fill(-1);
  for (let x = 0; x < bw; x++)
    for (let y = box.bottom - 1; y >= box.top; y--)
      if (alpha[y * w + box.left + x]! >= 128) {
        bottom[x] = y;
        break;
      }
  const lowestIn = (from: number, to: number) => {
    let best = -1;
    for (let x = from; x < to; x++) if (bottom[x]! >= 0 && (best < 0 || bottom[x]! > bottom[best]!)) best = x;
    return best;
  };
  const a = lowestIn(0, Math.round(bw * 0.35));
  const b = lowestIn(bw - Math.round(bw * 0.35), bw);
  if (a < 0 || b < 0) return mask;
  const from = a + Math.round(bw * TYRE), to = b - Math.round(bw * TYRE);
  if (to <= from) return mask;
  // Only a car whose mask has no gap between its tyres: there the ground under it was taken for car (a car seen
  // from the side or a corner shows its underside clear of the line through its tyres, and is left alone: its lowest
  // parts between the tyres are a sill, a tyre, a bumper's corner).
  const contact = (x: number) => bottom[a]! + ((bottom[b]! - bottom[a]!) * (x - a)) / (b - a);
  const gaps: number[] = [];
  for (let x = Math.round(a + (b - a) * 0.3); x <= Math.round(a + (b - a) * 0.7); x++) gaps.push(bottom[x]! < 0 ? bh : contact(x) - bottom[x]!);
  gaps.sort((p, q) => p - q);
  // And nothing between them reaches below that line: otherwise the lowest points at the ends were not the tyres the
  // car stands on (a corner view's bumper and rear tyre, its front tyre between them).
  if (!gaps.length || gaps[gaps.length >> 1]! > bh * GAP || gaps[0]! < -bh * BELOW) return mask;
  const floor = box.bottom - Math.round(bh * LOWEST);
  const ramp = Math.max(6, Math.round(bh * RAMP));
  const { rgb } = photo;
  const shadowLike = (X: number, y0: number, y1: number) => {
    for (let y = y0; y <= y1; y++) {
      const i = 3 * (y * w + X);
      const r = rgb[i]!, g = rgb[i + 1]!, bl = rgb[i + 2]!;
      if (Math.max(r, g, bl) - Math.min(r, g, bl) > GREY || (r + g + bl) / 3 > DARK) return false;
    }
    return true;
  };
  // The columns where the mask fades slowly through dark grey: cut where it stops being sure.
  const cut = new Int32Array(to - from).fill(-1);
  const xs: number[] = [], ys: number[] = [];
  for (let x = from; x < to; x++) {
    const X = box.left + x;
    const lo = bottom[x]!;
    if (lo < floor) continue;
    let sure = lo;
    while (sure > floor && alpha[sure * w + X]! < SURE) sure--;
    if (sure <= floor || lo - sure < ramp || !shadowLike(X, sure + 1, lo)) continue;
    cut[x - from] = sure;
    xs.push(x), ys.push(sure);
  }
  // Enough of them draw the bumper's lower edge: a line through them cuts the columns between them too where the mask
  // reaches well below it through dark grey (the band where the model was sure of it). It runs parallel to the line
  // through the tyres' contacts (the car's own tilt in the photo), at the median of the slow columns' heights.
  if (xs.length >= (to - from) * MIN_RAMP_SHARE) {
    const slope = (bottom[b]! - bottom[a]!) / (b - a);
    const offsets = xs.map((x, k) => ys[k]! - slope * x).sort((p, q) => p - q);
    const offset = offsets[offsets.length >> 1]!;
    for (let x = from; x < to; x++) {
      if (cut[x - from]! >= 0) continue;
      const line = Math.round(offset + slope * x);
      const lo = bottom[x]!;
      if (line <= floor || lo - line < ramp || !shadowLike(box.left + x, line + 1, lo)) continue;
      cut[x - from] = line;
    }
  } else if (xs.length < (to - from) * MIN_RAMP_ALONE) return mask;
  // Single columns left between cut ones (a pixel of paint-like noise) are cut at their neighbours' height, and the
  // cut line is smoothed (a running median over 7 columns), so no thread of ground is left hanging under the bumper.
  const n = to - from;
  for (let k = 1; k < n - 1; k++) {
    if (cut[k]! >= 0) continue;
    let l = k - 1, r = k + 1;
    while (r < n && r - l <= FILL && cut[r]! < 0) r++;
    if (r >= n || r - l > FILL || cut[l]! < 0) continue;
    for (let j = k; j < r; j++) if (bottom[from + j]! > Math.round(cut[l]! + ((cut[r]! - cut[l]!) * (j - l)) / (r - l))) cut[j] = Math.round(cut[l]! + ((cut[r]! - cut[l]!) * (j - l)) / (r - l));
    k = r - 1;
  }
  const smooth = Int32Array.from(cut);
  for (let k = 0; k < n; k++) {
    if (cut[k]! < 0) continue;
    const near: number[] = [];
    for (let j = Math.max(0, k - 3); j <= Math.min(n - 1, k + 3); j++) if (cut[j]! >= 0) near.push(cut[j]!);
    near.sort((p, q) => p - q);
    smooth[k] = near[near.length >> 1]!;
  }
  let out: Uint8Array | undefined;
  for (let x = from; x < to; x++) {
    const sure = smooth[x - from]!;
    if (sure < 0) continue;
    const X = box.left + x;
    out ??= Uint8Array.from(alpha);
    for (let y = sure + 1; y < h; y++) {
      const i = y * w + X;
      if (!out[i]) break;
      const k = y - sure;
      out[i] = k <= FEATHER ? Math.min(out[i]!, Math.round((SURE * (FEATHER + 1 - k)) / (FEATHER + 2))) : 0;
    }
  }
  if (!out) return mask;
  const { box: nb, area } = solidExtent(out, w, h);
  return { ...mask, alpha: out, box: nb, areaFraction: area / (w * h), removedFraction: mask.removedFraction };
}
