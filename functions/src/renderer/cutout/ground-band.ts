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
 * fifth are never touched; a crisp edge (a sill, a lit bumper lip) has no ramp to cut. Where the model was sure of the
 * shade and filled it solid down to the tyres' line (no ramp at all), `cutSolidShade` below looks for it by colour;
 * where its underside is as dark as the shade (a car seen from above), `cutShadeUnderTyres` cuts the shade's band
 * below the tyres' contacts only.
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
/** A solid-shade cut that falls into more runs of columns than this is the car's own lower bumper (`combed`). */
const MAX_CUT_RUNS = 3;
/** Fewer than this share fading slowly: a few unsure columns, left as they are. */
const MIN_RAMP_ALONE = 0.05;
/** A median gap between the underside and the tyres' line over the middle of the span above this share of the car's height: the underside is clear. */
const GAP = 0.06;
/** A column between the tyres reaching below their line by more than this share of the car's height: they were not the tyres. */
const BELOW = 0.02;
/** Gaps of uncut columns up to this wide between cut ones are cut at their neighbours' height. */
const FILL = 6;
/** A median gap between the underside and the tyres' line within this share of the car's height: the shade filled in solid. */
const FLAT = 0.01;
/** Solid shade: the outer share of the car's width on each side is the tyres'; the shade reaches at most SOLID_REACH of the car's height up; shade is within SHADE_STEP of its level, the bumper above at least LIGHT_STEP times it; most of the span must show it. */
const SIDE = 0.17;
const SOLID_REACH = 0.3;
const SHADE_STEP = 1.6;
const LIGHT_STEP = 1.8;
const MIN_SOLID_SHARE = 0.5;
/** Fewer columns showing the step: they cut the rest along their line when this share of the span lies within
 * LINE_BAND of the car's height of it (the bumper's lower edge over a hitch and an axle). */
const MIN_LINE_SHARE = 0.25;
const LINE_BAND = 0.01;
/** Beside a tyre, a column whose run under the bumper is this much lighter than the tyre's rubber is shade. */
const SHADE_OVER_RUBBER = 1.1;
/** The rubber ends where its tyre's rows turn this much lighter (levels, or share of its tone, whichever is more); the
 * shade under it is cut only when it is at most TYRE_SHADE of the car's height. */
const RUBBER_STEP = 3;
const RUBBER_STEP_SHARE = 0.2;
const TYRE_SHADE = 0.05;
/** Shade under the tyres: a column's last rows are the shadow on the road when the rows above them are this much
 * darker (the rubber) over a run; that band is at most TYRE_SHADE of the car's height and at least BAND_MIN rows, and
 * at least TYRE_COLUMNS of the car's width in an outer third shows it. */
const RUBBER_UNDER_SHADE = 1.25;
const BAND_MIN = 3;
const TYRE_COLUMNS = 0.03;
/** The shadow cast beside a tyre: a column at the car's end whose mask reaches at most this share of the car's height
 * above the ground's line. */
const SHADE_BESIDE = 0.2;
/** At most this share of such a column's run may be other than grey and dark (the shadow's lit rim, a speck). */
const NOT_SHADE = 0.1;
/** The tyre's columns reach within this share of the car's width of its end; the road past the mask's edge there is
 * this many times lighter than the band. */
const TYRE_END = 0.1;
const SHADOW_EDGE = 1.5;
/** Smooth shade: rows whose mean differs by more than STEP from three rows below at most MAX_STEPS of the run (and 2). */
const STEP = 10;
const MAX_STEPS = 0.05;
/** Soft edge left below the cut, px. */
const FEATHER = 2;

/** Pixel `p` of `rgb` is grey (channels within GREY) and no lighter than `limit` (the channels' mean). */
function greyUpTo(rgb: Uint8Array, p: number, limit: number): boolean {
  const r = rgb[3 * p]!, g = rgb[3 * p + 1]!, b = rgb[3 * p + 2]!;
  return Math.max(r, g, b) - Math.min(r, g, b) <= GREY && (r + g + b) / 3 <= limit;
}

/** A row's tone at a column of the box (box-relative): the mean over three columns, for JPEG's noise. */
function toneAt(rgb: Uint8Array, w: number, box: CleanMask['box'], x: number, y: number): number {
  let sum = 0, n = 0;
  for (let X = Math.max(box.left, box.left + x - 1); X <= Math.min(box.right - 1, box.left + x + 1); X++, n++) {
    const p = 3 * (y * w + X);
    sum += rgb[p]! + rgb[p + 1]! + rgb[p + 2]!;
  }
  return sum / (3 * n);
}

/** The lowest solid row of each column of the mask's box (box-relative index; -1 for an empty column). */
function lowestRows({ alpha, width: w, box }: CleanMask): Int32Array {
  const bottom = new Int32Array(box.right - box.left).fill(-1);
  for (let x = 0; x < bottom.length; x++)
    for (let y = box.bottom - 1; y >= box.top; y--)
      if (alpha[y * w + box.left + x]! >= 128) {
        bottom[x] = y;
        break;
      }
  return bottom;
}

export function cutGroundBand(mask: CleanMask, photo: CutoutPhoto): CleanMask {
  const { alpha, width: w, height: h, box } = mask;
  const bw = box.right - box.left, bh = box.bottom - box.top;
  if (bw < 40 || bh < 20 || photo.width !== w || photo.height !== h) return mask;
  // The lowest solid row of each column, and the tyres' contacts: the lowest points in each outer third.
  const bottom = lowestRows(mask);
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
  // The underside lying on the tyres' line across the middle: the shade under the car was filled in solid, its lower
  // edge the shadow's own on the road.
  const flat = Math.abs(gaps[gaps.length >> 1]!) <= bh * FLAT;
  const floor = box.bottom - Math.round(bh * LOWEST);
  const ramp = Math.max(6, Math.round(bh * RAMP));
  const { rgb } = photo;
  const shadowLike = (X: number, y0: number, y1: number) => {
    for (let y = y0; y <= y1; y++) if (!greyUpTo(rgb, y * w + X, DARK)) return false;
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
  } else if (xs.length < (to - from) * MIN_RAMP_ALONE) return flat ? cutSolidShade(mask, photo, bottom, (bottom[b]! - bottom[a]!) / (b - a)) : mask;
  return applyCut(mask, bottom, cut, from);
}

/**
 * The solid-shade cut broken into more than MAX_CUT_RUNS runs (strips wider than FILL left standing between them):
 * what the columns read as shade is the car's own dark or grey lower bumper (close-ups from behind or in front, the
 * tyres under it lost too), whose vents and recesses rise into the body with no lighter step over them; the shade on
 * the road reads alike across the span. Cut, it left the bumper as a comb of strips (5 parking-lot photos: 5 to 12
 * runs; the ground cut elsewhere there: 1 or 2).
 */
function combed(cut: Int32Array): boolean {
  let runs = 0;
  for (let k = 0; k < cut.length; k++) {
    if (cut[k]! < 0) continue;
    runs++;
    // A gap up to FILL wide is bridged by applyCut: the run goes on over it.
    for (let gap = 0; k + 1 < cut.length && gap <= FILL; k++) gap = cut[k + 1]! < 0 ? gap + 1 : 0;
  }
  return runs > MAX_CUT_RUNS;
}

/**
 * Cuts each column of the span starting at `from` (box-relative) below its height in `cut` (-1: left alone); `bottom`:
 * each column's lowest solid row, as cutGroundBand read it.
 */
function applyCut(mask: CleanMask, bottom: Int32Array, cut: Int32Array, from: number): CleanMask {
  const { alpha, width: w, height: h, box } = mask;
  const n = cut.length, to = from + n;
  // Single columns left between cut ones (a pixel of paint-like noise) are cut at their neighbours' height, and the
  // cut line is smoothed (a running median over 7 columns), so no thread of ground is left hanging under the bumper.
  for (let k = 1; k < n - 1; k++) {
    if (cut[k]! >= 0) continue;
    let l = k - 1, r = k + 1;
    while (r < n && r - l <= FILL && cut[r]! < 0) r++;
    if (r >= n || r - l > FILL || cut[l]! < 0) continue;
    for (let j = k; j < r; j++) {
      const between = Math.round(cut[l]! + ((cut[r]! - cut[l]!) * (j - l)) / (r - l));
      if (bottom[from + j]! > between) cut[j] = between;
    }
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

/** The shade under the car filled in solid: the model is sure of it (no slow fade for the cut above to find), and the
 * mask's lower edge is the shadow's edge on the road, level with the tyres (the Lexus ES from behind). The shade's
 * level is read just above that edge across the span; between the tyres (the outer SIDE of the car's width on each
 * side is theirs: only the shade inward of the rubber is cut there, below), a column is cut where, walking up from the mask's lower edge, a run of grey pixels
 * at about that level ends under a lighter body (the bumper's lower edge, even in shade) within the car's lowest
 * SOLID_REACH. A black car's bumper as dark as the road's shade shows no such step and is kept; a light plate above a
 * black bumper is too narrow: most of the span must show the step, or only the shade under the tyres is looked for
 * (`cutShadeUnderTyres`). */
function cutSolidShade(mask: CleanMask, photo: CutoutPhoto, bottom: Int32Array, slope: number): CleanMask {
  const { width: w, box } = mask;
  const bw = box.right - box.left, bh = box.bottom - box.top;
  const { rgb } = photo;
  const mean = (X: number, y: number) => (rgb[3 * (y * w + X)]! + rgb[3 * (y * w + X) + 1]! + rgb[3 * (y * w + X) + 2]!) / 3;
  const from = Math.round(bw * SIDE), to = bw - from;
  const top = box.bottom - Math.round(bh * SOLID_REACH);
  const run = Math.max(6, Math.round(bh * RAMP));
  // The shade's own level: the median of the pixels just above the mask's lower edge across the span (the road in
  // shade, past the shadow's soft rim).
  const levels: number[] = [];
  for (let x = from; x < to; x += 2) if (bottom[x]! - run > top) levels.push(mean(box.left + x, bottom[x]! - (run >> 1)));
  if (!levels.length) return mask;
  levels.sort((p, q) => p - q);
  const level = levels[levels.length >> 1]!;
  if (level > DARK) return mask;
  const shadeMax = Math.max(level * SHADE_STEP, level + 12), lightMin = Math.max(level * LIGHT_STEP, level + 12);
  const shade = (X: number, y: number) => greyUpTo(rgb, y * w + X, shadeMax);
  const cut = new Int32Array(to - from).fill(-1);
  let found = 0;
  for (let x = from; x < to; x++) {
    const X = box.left + x;
    const lo = bottom[x]!;
    if (lo < 0) continue;
    let t = lo;
    while (t > lo - run && !shade(X, t)) t--; // the shadow's soft rim on the road
    while (t > top && shade(X, t)) t--;
    if (t - 6 <= top || lo - t < run) continue;
    // The body just above the run (past the edge's own blur) is lighter than the shade: the bumper.
    let above = 0;
    for (let y = t - 6; y <= t - 2; y++) above += mean(X, y) / 5;
    if (above < lightMin) continue;
    // Shade on the road is smooth: a bumper's slats, grille and lamps, as dark as it, show steps within the run.
    let steps = 0;
    for (let y = t + 3; y + 3 <= lo - 2; y++) if (Math.abs(mean(X, y + 3) - mean(X, y)) > STEP) steps++;
    if (steps > Math.max(2, (lo - t) * MAX_STEPS)) continue;
    cut[x - from] = t;
    found++;
  }
  const alongBumper = found < (to - from) * MIN_SOLID_SHARE;
  if (!alongBumper && combed(cut)) return mask;
  const lined = alongBumper ? cutAlongBumper(cut, from, bottom, slope, run, bh, (x, y) => shade(box.left + x, y)) : { first: from, last: to - 1 };
  if (!lined) return cutShadeUnderTyres(mask, photo, bottom);
  // The tyres' zones: the shade inward of each tyre, under the bumper, stayed as a dark strip the tyre's full height
  // (the car on stilts in a scene, issue 38). Walking out from the span, a column a little lighter over that run than
  // the tyre's own rubber (the darkest third of the zone) is that shade, cut at the bumper's line; the first as dark as
  // the rubber is the tyre, and from there out nothing is cut.
  const all = new Int32Array(bw).fill(-1);
  all.set(cut, from);
  const runMean = (x: number, y0: number) => {
    let sum = 0;
    for (let y = y0 + 1; y <= bottom[x]!; y++) sum += mean(box.left + x, y);
    return sum / Math.max(1, bottom[x]! - y0);
  };
  const edge = (k: number, step: number) => {
    for (let j = k; j >= 0 && j < bw; j += step) if (all[j]! >= 0) return all[j]!;
    return -1;
  };
  const beside: { rubber: number; start: number; step: number }[] = [];
  // From the ends of the bumper's line where it was drawn through only part of the span.
  for (const [start, stop, step] of [[lined.first - 1, -1, -1], [lined.last + 1, bw, 1]] as const) {
    const line = edge(step < 0 ? lined.first : lined.last, -step);
    if (line < 0) continue;
    // Each column's tone under the line, read once for the three uses below.
    const tone = new Float64Array(bw);
    const means: number[] = [];
    for (let x = start; x !== stop; x += step)
      if (bottom[x]! > line) {
        tone[x] = runMean(x, line);
        if (bottom[x]! > line + run) means.push(tone[x]!);
      }
    if (means.length < 3) continue;
    means.sort((p, q) => p - q);
    const rubber = means[Math.floor(means.length / 6)]!;
    for (let x = start; x !== stop; x += step) {
      if (bottom[x]! <= line + run || tone[x]! < rubber * SHADE_OVER_RUBBER) break;
      all[x] = line;
    }
    cutBelowRubber(all, bottom, line, start, stop, step, (x) => tone[x]! < rubber * SHADE_OVER_RUBBER, mean, box.left, bh);
    beside.push({ rubber, start: step < 0 ? 0 : bw - 1, step: -step });
  }
  const out = applyCut(mask, bottom, all, 0);
  if (!alongBumper) return out;
  // The shadow cast out beside a tyre (us-wts-lg-000195's left) is left past the tyre the walk stopped at.
  return dropShadowBeside(mask, out, photo, bottom, groundLine(bottom, bw), beside);
}

/**
 * A pickup or van from behind (us-wts-lg-000169, -000195): its hitch, spare wheel and axle hang dark in the shade under
 * the bumper, so in about half the span the run of shade ends under them, not under the bumper, and the rule above
 * left the whole shade between the tyres as a slab. Where the columns that did find the bumper's step draw one line
 * (parallel to the tyres' line; MIN_LINE_SHARE of the span within LINE_BAND of it), the other columns whose mask runs
 * on below that line through shade (grey, no lighter than the shade's limit: the underside is darker still) are cut
 * there too, between the first and last column on the line. Fills `cut` (indexed from `from`) and gives those two
 * columns (box-relative), or undefined where no line was found.
 */
function cutAlongBumper(cut: Int32Array, from: number, bottom: Int32Array, slope: number, run: number, bh: number, shade: (x: number, y: number) => boolean): { first: number; last: number } | undefined {
  const offsets: number[] = [];
  cut.forEach((t, k) => t >= 0 && offsets.push(t - slope * (from + k)));
  if (offsets.length < cut.length * MIN_LINE_SHARE) return undefined;
  offsets.sort((p, q) => p - q);
  const offset = offsets[offsets.length >> 1]!, band = Math.max(2, bh * LINE_BAND);
  const onLine = (k: number) => cut[k]! >= 0 && Math.abs(cut[k]! - slope * (from + k) - offset) <= band;
  if (offsets.filter((o) => Math.abs(o - offset) <= band).length < cut.length * MIN_LINE_SHARE) return undefined;
  // Only between the first and last column on the line: past them stand the tyres, their rubber as dark as the
  // underside (the walk out over the tyres' zones tells the two apart).
  let first = 0, last = cut.length - 1;
  while (!onLine(first)) first++;
  while (!onLine(last)) last--;
  for (let k = first; k <= last; k++) {
    const x = from + k, line = Math.round(offset + slope * x), lo = bottom[x]!;
    if (cut[k]! >= 0 || lo - line < run) continue;
    let other = 0;
    for (let y = line + 1; y <= lo; y++) if (!shade(x, y)) other++;
    if (other <= (lo - line) * NOT_SHADE) cut[k] = line;
  }
  return { first: from + first, last: from + last };
}

/**
 * Under a tyre in the solid shade (the Lexus ES from behind) the mask goes on 2 to 10 rows past the rubber, down to
 * the shadow's soft edge on the road, and the render drew that as a black slab under the tyre (the car on stilts,
 * issue 38). The rubber is flat in tone down to its contact, where the shade under it starts growing lighter towards
 * the road; the rows' median over the tyre's columns (`isRubber`) tells the two apart where a single column's 3 or 4
 * levels of JPEG cannot. Every column of the side from `start` not already cut is cut at the rubber's last row, so the
 * tyre keeps its bottom and stands flat on it. Nothing is cut when that band is thicker than TYRE_SHADE of the car's
 * height (not the thin shade under a contact) or the rubber's run shows no end.
 */
function cutBelowRubber(
  all: Int32Array,
  bottom: Int32Array,
  line: number,
  start: number,
  stop: number,
  step: number,
  isRubber: (x: number) => boolean,
  mean: (X: number, y: number) => number,
  left: number,
  bh: number,
): void {
  const tyre: number[] = [];
  let low = -1;
  for (let x = start; x !== stop; x += step)
    if (all[x]! < 0 && bottom[x]! > line && isRubber(x)) (tyre.push(x), (low = Math.max(low, bottom[x]!)));
  if (tyre.length < 3) return;
  // Each row's median tone over the tyre's columns still in the mask there.
  const profile: number[] = [];
  for (let y = line + 1; y <= low; y++) {
    const row = tyre.filter((x) => bottom[x]! >= y).map((x) => mean(left + x, y)).sort((p, q) => p - q);
    profile.push(row.length ? row[row.length >> 1]! : 255);
  }
  const upper = profile.slice(0, Math.max(1, profile.length >> 1)).sort((p, q) => p - q);
  const rubber = upper[upper.length >> 1]!;
  const lighter = rubber + Math.max(RUBBER_STEP, rubber * RUBBER_STEP_SHARE);
  let k = profile.length >> 1;
  while (k < profile.length && profile[k]! <= lighter) k++;
  const end = line + k; // the rubber's last row
  if (k >= profile.length || low - end > bh * TYRE_SHADE) return;
  for (let x = start; x !== stop; x += step) if (all[x]! < 0 && bottom[x]! > end + 1) all[x] = end;
}

/**
 * The shade filled in solid under a car seen from above (us-wts-lg-000173, an SUV from behind off a high camera): its
 * underside is as dark as the road's shade, so no bumper step shows, and the mask runs on past the tyres down to the
 * shadow's edge on the road: the car stands on a black mat. The tyres still show as darker blobs at the ends: in a
 * tyre's columns, walking up from the mask's lower edge, a thin band of the road's shade (grey, dark) ends under rubber
 * RUBBER_UNDER_SHADE times darker. The shadow's edge runs parallel to the tyres' line: where an outer third shows
 * that band in TYRE_COLUMNS of the car's width, the edge's line raised by the band's depth (the median over its
 * columns; the mean of both sides when both show it) is the ground, and every column reaching below it is cut there,
 * from edge to edge. A lit tyre or a tyre standing on the mask's edge shows no such band, and nothing is cut.
 */
function cutShadeUnderTyres(mask: CleanMask, photo: CutoutPhoto, bottom: Int32Array): CleanMask {
  const { width: w, box } = mask;
  const bw = box.right - box.left, bh = box.bottom - box.top;
  const { rgb } = photo;
  const run = Math.max(6, Math.round(bh * RAMP)), band = Math.max(BAND_MIN + 3, Math.round(bh * TYRE_SHADE));
  const mid = (v: number[]) => v.sort((p, q) => p - q)[v.length >> 1]!;
  const tone = (x: number, y: number) => toneAt(rgb, w, box, x, y);
  // A tyre's contact in column x: the rubber's tone read over a run above the band the shade can take; walking down,
  // the first row RUBBER_UNDER_SHADE times lighter starts the road's shade, which stays lighter than the rubber (grey,
  // dark) down to the mask's edge (its last two rows are the edge's blur, not read).
  const rubberOf = new Float64Array(bw);
  const contact = (x: number): number => {
    const lo = bottom[x]!;
    if (lo - band - run < box.top) return -1;
    const above: number[] = [];
    for (let y = lo - band - run; y < lo - band; y++) above.push(tone(x, y));
    const rubber = (rubberOf[x] = mid(above));
    let y = lo - band;
    while (y < lo - 1 && tone(x, y) < rubber * RUBBER_UNDER_SHADE) y++;
    if (lo - 1 - y < BAND_MIN) return -1;
    for (let k = y; k < lo - 1; k++) if (tone(x, k) < rubber * SHADE_OVER_RUBBER || !greyUpTo(rgb, k * w + box.left + x, DARK)) return -1;
    return y - 1;
  };
  // The ground's line: through the lowest points in each outer third (the shadow's edge, as cutGroundBand read it);
  // only columns reaching it are read (not a body's side above a wheel arch).
  const third = Math.round(bw / 3), need = Math.max(3, Math.round(bw * TYRE_COLUMNS));
  const ground = groundLine(bottom, bw);
  // Per side, how far above the ground's line the tyre stands (the median over its columns), where its columns reach
  // within TYRE_END of the car's end (the tyres stand at the car's ends: a lighter lip under a dark grille between them
  // does not) and the road just past the mask's edge is SHADOW_EDGE times lighter than the band (the shadow's edge on a
  // lit road, not the bumper's lower edge over its own shadow).
  const depthOn = (from: number, to: number, end: number) => {
    const ds: number[] = [], lifts: number[] = [], rubbers: number[] = [];
    let nearest = bw;
    for (let x = from; x < to; x++) {
      if (bottom[x]! < ground(x) - band || bottom[x]! + 4 >= mask.height) continue;
      const y = contact(x);
      if (y < 0) continue;
      ds.push(ground(x) - y);
      lifts.push(tone(x, bottom[x]! + 4) / Math.max(1, tone(x, bottom[x]! - 3)));
      rubbers.push(rubberOf[x]!);
      nearest = Math.min(nearest, Math.abs(end - x));
    }
    return ds.length >= need && nearest <= bw * TYRE_END && mid(lifts) >= SHADOW_EDGE ? { depth: mid(ds), rubber: mid(rubbers) } : undefined;
  };
  const sides = [
    { seen: depthOn(0, third, 0), start: 0, step: 1 },
    { seen: depthOn(bw - third, bw, bw - 1), start: bw - 1, step: -1 },
  ];
  const depths = sides.flatMap((s) => (s.seen ? [s.seen.depth] : []));
  if (!depths.length) return mask;
  // One side's tyre seen (the other's lit sidewall is no darker than the shade): the shade's band is as deep there.
  const depth = depths.reduce((p, q) => p + q, 0) / depths.length;
  const cut = new Int32Array(bw).fill(-1);
  for (let x = 0; x < bw; x++) {
    const line = Math.round(ground(x) - depth);
    if (bottom[x]! > line + 1) cut[x] = line;
  }
  const beside = sides.flatMap(({ seen, start, step }) => (seen ? [{ rubber: seen.rubber, start, step }] : []));
  return dropShadowBeside(mask, applyCut(mask, bottom, cut, 0), photo, bottom, ground, beside);
}

/**
 * The car's shadow cast beside a tyre it was seen under (us-wts-lg-000195, a pickup from behind, its shadow reaching
 * out past its left tyre): at the car's end, columns whose mask is only a low run over the ground's line, no body
 * above it, in grey shade lighter than that tyre's rubber. Walking in from the end (`start`, box-relative, by `step`),
 * each such column goes whole from `cutMask`; the first that is not (the tyre, the body's side) stops the walk.
 * `mask` and `bottom` are the mask before the cut and its lowest rows.
 */
function dropShadowBeside(mask: CleanMask, cutMask: CleanMask, photo: CutoutPhoto, bottom: Int32Array, ground: (x: number) => number, sides: { rubber: number; start: number; step: number }[]): CleanMask {
  const { width: w, box } = mask;
  const bw = box.right - box.left, bh = box.bottom - box.top;
  const { rgb } = photo;
  let out: Uint8Array | undefined;
  for (const { rubber, start, step } of sides) {
    for (let x = start; x >= 0 && x < bw; x += step) {
      const X = box.left + x, lo = bottom[x]!;
      if (lo < 0) break;
      let top = lo;
      while (top > box.top && mask.alpha[(top - 1) * w + X]! >= 128) top--;
      if (ground(x) - top > bh * SHADE_BESIDE) break;
      let sum = 0, other = 0;
      for (let y = top; y <= lo; y++) (sum += toneAt(rgb, w, box, x, y)), greyUpTo(rgb, y * w + X, DARK) || other++;
      if (other > (lo - top + 1) * NOT_SHADE || sum / (lo - top + 1) < rubber * SHADE_OVER_RUBBER) break;
      out ??= Uint8Array.from(cutMask.alpha);
      // The run and its soft rims (a few rows: the column beside it may be the body's side, fading up its edge).
      for (let y = lo; y >= Math.max(0, top - FEATHER - 1) && mask.alpha[y * w + X]! > 0; y--) out[y * w + X] = 0;
      for (let y = lo + 1; y < mask.height && mask.alpha[y * w + X]! > 0; y++) out[y * w + X] = 0;
    }
  }
  if (!out) return cutMask;
  const { box: nb, area } = solidExtent(out, w, mask.height);
  return { ...cutMask, alpha: out, box: nb, areaFraction: area / (w * mask.height) };
}

/** The ground's line under a car: through the lowest point of its silhouette's bottom in each outer third of its width. */
function groundLine(bottom: ArrayLike<number>, bw: number): (x: number) => number {
  const third = Math.round(bw / 3);
  const lowest = (from: number, to: number) => {
    let best = from;
    for (let x = from; x < to; x++) if (bottom[x]! > bottom[best]!) best = x;
    return best;
  };
  const a = lowest(0, third), b = lowest(bw - third, bw);
  return (x: number) => bottom[a]! + ((bottom[b]! - bottom[a]!) * (x - a)) / Math.max(1, b - a);
}
