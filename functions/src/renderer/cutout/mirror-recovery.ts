/**
 * Door mirrors u2netp barely sees. On parking-lot photos of a car's front the model gives a door mirror only a faint
 * blob or outline (soft 3-60 of 255, where the clean-up keeps about 128 and up, and the background around it 0-2), so
 * the cut-out loses it. What this step sees, row by row down each flank of the kept car in its upper half (below the
 * roof, down to the bonnet's line): how far out from the car's outline the weak mask runs on without a break. Along
 * most of the flank that is the soft mask's fringe, a few pixels; at a mirror the run bulges out, for a stretch of
 * rows about as tall as the bulge is wide, and ends before a car beside, a wall or the frame (a run that does not end
 * within reach is no mirror); row by row it reads above the faint glow u2netp spreads over what stands behind. The
 * largest such bulge of mirror size a flank, where no mirror is kept already, is added to the mask, when the other
 * flank shows a mirror too (kept, or found here). The soft outline is blurred: it runs a few pixels past the mirror
 * over what stands behind, so the bulge's pixels coloured like that background rather than like the mirror's middle,
 * reached from outside through such pixels, are left out (`trimBackground`).
 */
import { chamferWithin, components, type CleanMask } from './mask-cleanup';
import type { CutoutPhoto } from './port';

/** The weak mask: soft at least this (the background around a mirror reads 0-2, a mirror's inside 3 and up). */
const WEAK = 3;
/** The rows searched: from the car's top, 12% to 55% of its height. */
const BAND_TOP = 0.12;
const BAND_BOTTOM = 0.55;
/** How far out from the outline a mirror reaches, as a share of the car's width; a run going further is no mirror. */
const REACH = 0.15;
/** A bulge stands out at least this far past the flank's usual fringe, as a share of the car's width. */
const PROTRUSION = 0.05;
/** A mirror's size as a share of the car's box (0.3-1.5%); wider than tall or roughly square, not a strip. */
const MIN_AREA = 0.003;
const MAX_AREA = 0.015;
const MAX_TALL = 1.5;
const MAX_WIDE = 2;
/** The bulge's mean soft at least this: lifted clearly above the background (0-2), not the faint glow (about 10) that
 * u2netp spreads beside a car's outline over a wall or a car beside. */
const MIN_MEAN_SOFT = 14;
/** And each of its rows' mean soft beyond the fringe at least this. */
const ROW_SOFT = 5;
/** A kept mirror's top edge: the outline jumps out by this share of the car's width within two rows. */
const JUMP = 0.03;
/** A dip of up to this share of the car's height inside a bulge (rows where the faint mask breaks) is bridged. */
const DIP = 0.01;

export function recoverMirrors(mask: CleanMask, soft: Uint8Array, photo: CutoutPhoto): CleanMask {
  const { width: w, height: h, box } = mask;
  const bw = box.right - box.left;
  const bh = box.bottom - box.top;
  if (bw < 50 || bh < 50) return mask;
  const flanks = [-1, 1].map((side) => flankMirror(mask, soft, side));
  // Mirrors come in pairs: one is found back only where the other flank shows one too (kept, or found here). A car
  // turned a little hides its far mirror behind its body, and a mirror added on one side only would make the cut-out
  // lopsided (the white Camry's rear, its right mirror alone, read as a mirror cut off on the left).
  const blobs = flanks.flatMap((flank, k) => (flank.blob && (flanks[1 - k]!.blob || flanks[1 - k]!.kept) ? [trimBackground(flank.blob, mask, photo)] : []));
  if (!blobs.length) return mask;
  // The added pixels all lie outside the kept car: its box grows by theirs, its area by their count.
  const alpha = mask.alpha.slice();
  const grown = { ...box };
  let added = 0;
  for (const blob of blobs)
    for (const i of blob) {
      alpha[i] = 255;
      added++;
      const x = i % w, y = (i - x) / w;
      grown.left = Math.min(grown.left, x);
      grown.right = Math.max(grown.right, x + 1);
      grown.top = Math.min(grown.top, y);
      grown.bottom = Math.max(grown.bottom, y + 1);
    }
  return { ...mask, alpha, box: grown, areaFraction: mask.areaFraction + added / (w * h) };
}

/**
 * The pixels of the largest mirror-like bulge on one flank (side -1: the image's left, 1: its right), or none; and
 * whether the flank keeps a mirror already (its outline jumps out within two rows somewhere in the band).
 */
function flankMirror(mask: CleanMask, soft: Uint8Array, side: number): { blob?: number[]; kept: boolean } {
  const { alpha, width: w, box } = mask;
  const bw = box.right - box.left;
  const bh = box.bottom - box.top;
  const top = box.top + Math.round(BAND_TOP * bh);
  const bottom = box.top + Math.round(BAND_BOTTOM * bh);
  const reach = Math.round(REACH * bw);
  // Per row from the car's top down to the band's end: the outermost kept pixel (-1: none).
  const outermost: number[] = [];
  for (let y = box.top; y < bottom; y++) {
    let x = side < 0 ? box.left : box.right - 1;
    while (x >= box.left && x < box.right && alpha[y * w + x]! < 128) x -= side;
    outermost.push(x >= box.left && x < box.right ? x : -1);
  }
  const edge = (y: number) => outermost[y - box.top]!;
  const kept = jumpsOut(edge, side, top, bottom, bw);
  // Per row of the band: how many pixels past the outline the weak mask runs (reach + 1: it runs on).
  const run: number[] = [];
  for (let y = top; y < bottom; y++) {
    let r = 0;
    for (let x = edge(y) + side; r <= reach; x += side, r++) {
      if (x < 0 || x >= w) r = reach; // at the frame's edge: runs on
      else if (soft[y * w + x]! < WEAK) break;
    }
    run.push(edge(y) < 0 ? reach + 1 : r);
  }
  const dip = Math.max(2, Math.round(DIP * bh));
  bridgeDips(run, dip);
  const fringe = [...run].sort((a, b) => a - b)[run.length >> 1]!;
  const least = fringe + Math.round(PROTRUSION * bw);
  // A row bulges where its run stands out past the fringe, ends within reach, and its piece beyond the fringe reads
  // above the faint glow u2netp spreads over a car behind or the ground (3-6, for a long way); dips are bridged.
  const bulging = run.map((r, j) => {
    if (r < least || r > reach) return 0;
    const y = top + j;
    let sum = 0;
    for (let d = fringe + 1; d <= r; d++) sum += soft[y * w + edge(y) + side * d]!;
    return sum >= ROW_SOFT * (r - fringe) ? 1 : 0;
  });
  bridgeDips(bulging, dip);
  const boxArea = bw * bh;
  let best: number[] | undefined;
  // Each stretch of bulging rows, bounded above and below by rows whose run ends within reach.
  for (let k = 0; k < run.length; ) {
    if (!bulging[k]) { k++; continue; }
    const start = k;
    while (k < run.length && bulging[k]) k++;
    const closed = start > 0 && k < run.length && run[start - 1]! <= reach && run[k]! <= reach;
    const rows = run.slice(start, k);
    const area = rows.reduce((a, r) => a + r, 0);
    const wide = Math.max(...rows);
    const tall = k - start;
    // Not too wide: the part beyond the fringe, where a strip along a bonnet or a sill lies.
    const mirrorShaped = area >= MIN_AREA * boxArea && area <= MAX_AREA * boxArea && tall <= MAX_TALL * wide && wide - fringe <= MAX_WIDE * tall;
    if (!closed || !mirrorShaped || (best && area <= best.length) || keptAlready(edge, side, box.top, top, top + start, top + k, bw)) continue;
    // Soft summed over each row's run; the bulge must read clearly above the background on the whole.
    const sums = rows.map((r, j) => {
      const y = top + start + j;
      let sum = 0;
      for (let d = 1; d <= r; d++) sum += soft[y * w + edge(y) + side * d]!;
      return sum;
    });
    const mean = sums.reduce((a, b) => a + b, 0) / area;
    if (mean < MIN_MEAN_SOFT) continue;
    // Its first and last rows reading under half its mean are the glow over what stands behind the mirror: left out.
    let first = 0, last = rows.length - 1;
    while (first < last && sums[first]! < (mean / 2) * rows[first]!) first++;
    while (last > first && sums[last]! < (mean / 2) * rows[last]!) last--;
    best = [];
    for (let j = first; j <= last; j++) {
      const y = top + start + j;
      for (let d = 1; d <= rows[j]!; d++) best.push(y * w + edge(y) + side * d);
    }
  }
  return { ...(best ? { blob: best } : {}), kept };
}

/** A blob pixel is the background's colour when its nearest background sample is this many times nearer than its nearest sample of the mirror's middle. */
const NEARER = 2;
/** The background is sampled this far (px) around the bulge, outside the car; the mirror's middle is its pixels at least half as deep inside as its deepest. */
const AROUND = 4;
/** At most this many samples of each (every n-th pixel). */
const SAMPLES = 256;
/** Notches up to twice this wide (px) left in the mirror are closed. */
const CLOSE = 4;

/**
 * The bulge without the pixels of what stands behind it: u2netp's blurred outline runs past the mirror's top and sides
 * over the wall or car behind (br-OKP7250's left mirror came with a band of the yellow wall above it). A pixel whose
 * colour is much nearer the background sampled just around the bulge than the bulge's middle, and that is reached from
 * the bulge's outside through such pixels, is left out; a highlight inside the mirror is kept.
 */
function trimBackground(blob: number[], mask: CleanMask, photo: CutoutPhoto): number[] {
  const { alpha, width: w, height: h } = mask;
  if (photo.width !== w || photo.height !== h) return blob;
  let left = w, top = h, right = 0, bottom = 0;
  for (const i of blob) {
    const x = i % w, y = (i - x) / w;
    (left = Math.min(left, x)), (right = Math.max(right, x + 1)), (top = Math.min(top, y)), (bottom = Math.max(bottom, y + 1));
  }
  // A local grid over the bulge and AROUND + 1 pixels about it (cut by the frame).
  const gl = Math.max(0, left - AROUND - 1), gt = Math.max(0, top - AROUND - 1);
  const gw = Math.min(w, right + AROUND + 1) - gl, gh = Math.min(h, bottom + AROUND + 1) - gt;
  const toPhoto = (g: number) => (gt + Math.floor(g / gw)) * w + gl + (g % gw);
  const inBlob = new Uint8Array(gw * gh);
  for (const i of blob) inBlob[(Math.floor(i / w) - gt) * gw + (i % w) - gl] = 1;
  const depth = chamferWithin(inBlob, 0, gw, gh, 3 * (gw + gh), () => false);
  const near = chamferWithin(inBlob, 1, gw, gh, 3 * AROUND + 1, () => false);
  let deepest = 0;
  for (let g = 0; g < inBlob.length; g++) if (inBlob[g]) deepest = Math.max(deepest, depth[g]!);
  const middle: number[] = [], around: number[] = [];
  for (let g = 0; g < inBlob.length; g++) {
    if (inBlob[g] && 2 * depth[g]! >= deepest) middle.push(toPhoto(g));
    else if (!inBlob[g] && near[g]! <= 3 * AROUND && alpha[toPhoto(g)]! < 128) around.push(toPhoto(g));
  }
  if (!middle.length || !around.length) return blob;
  // Colours to 5 bits a channel: a mirror and a wall show few distinct ones, so samples and answers are shared.
  const key = (p: number) => ((photo.rgb[3 * p]! >> 3) << 10) | ((photo.rgb[3 * p + 1]! >> 3) << 5) | (photo.rgb[3 * p + 2]! >> 3);
  const colours = (list: number[]) => {
    const step = Math.max(1, Math.ceil(list.length / SAMPLES));
    const seen = new Set<number>();
    const out: number[] = [];
    for (let k = 0; k < list.length; k += step) {
      const p = list[k]!;
      if (seen.has(key(p))) continue;
      seen.add(key(p));
      out.push(photo.rgb[3 * p]!, photo.rgb[3 * p + 1]!, photo.rgb[3 * p + 2]!);
    }
    return out;
  };
  const mirrorColours = colours(middle), behindColours = colours(around);
  const nearest = (p: number, samples: number[]) => {
    const r = photo.rgb[3 * p]!, g = photo.rgb[3 * p + 1]!, b = photo.rgb[3 * p + 2]!;
    let best = Infinity;
    for (let k = 0; k < samples.length; k += 3) best = Math.min(best, (r - samples[k]!) ** 2 + (g - samples[k + 1]!) ** 2 + (b - samples[k + 2]!) ** 2);
    return best;
  };
  // Squared distances: NEARER times nearer is NEARER² in squares.
  const behind = new Uint8Array(gw * gh);
  const answers = new Map<number, number>();
  for (let g = 0; g < inBlob.length; g++) {
    if (!inBlob[g]) continue;
    const p = toPhoto(g);
    let answer = answers.get(key(p));
    if (answer === undefined) answers.set(key(p), (answer = NEARER * NEARER * nearest(p, behindColours) < nearest(p, mirrorColours) ? 1 : 0));
    behind[g] = answer;
  }
  // Flood from the background-coloured pixels on the bulge's outline that touch the background (not the car).
  const out = new Uint8Array(gw * gh);
  const stack: number[] = [];
  for (let g = 0; g < inBlob.length; g++) {
    if (!behind[g]) continue;
    const x = g % gw, y = (g - x) / gw;
    const touches = [[x - 1, y], [x + 1, y], [x, y - 1], [x, y + 1]].some(([u, v]) => u! >= 0 && u! < gw && v! >= 0 && v! < gh && !inBlob[v! * gw + u!] && alpha[toPhoto(v! * gw + u!)]! < 128);
    if (touches) (out[g] = 1), stack.push(g);
  }
  while (stack.length) {
    const g = stack.pop()!;
    const x = g % gw, y = (g - x) / gw;
    for (const n of [x > 0 ? g - 1 : -1, x < gw - 1 ? g + 1 : -1, y > 0 ? g - gw : -1, y < gh - 1 ? g + gw : -1]) if (n >= 0 && behind[n] && !out[n]) (out[n] = 1), stack.push(n);
  }
  // What is left, without specks cut off from the mirror, its notches closed (a white highlight at the mirror's edge
  // reads like a pale wall): a closing of CLOSE px within the bulge.
  const rest = new Uint8Array(gw * gh);
  for (let g = 0; g < inBlob.length; g++) rest[g] = inBlob[g]! & (1 - out[g]!);
  const { labels, list } = components(rest, gw, gh);
  if (!list.length) return [];
  const largest = list.reduce((a, b) => (b.area > a.area ? b : a)).label;
  const kept = new Uint8Array(gw * gh);
  for (let g = 0; g < kept.length; g++) kept[g] = labels[g] === largest ? 1 : 0;
  const toKept = chamferWithin(kept, 1, gw, gh, 3 * CLOSE + 1, () => false);
  const grown = new Uint8Array(gw * gh);
  for (let g = 0; g < grown.length; g++) grown[g] = toKept[g]! <= 3 * CLOSE ? 1 : 0;
  const toOutside = chamferWithin(grown, 0, gw, gh, 3 * CLOSE + 1);
  const filled = new Uint8Array(gw * gh);
  for (let g = 0; g < filled.length; g++) filled[g] = inBlob[g] && toOutside[g]! > 3 * CLOSE ? 1 : 0;
  return blob.filter((i) => filled[(Math.floor(i / w) - gt) * gw + (i % w) - gl]);
}

/**
 * Whether the flank's mirror is kept already and the bulge (rows `from` to `to`) is what hangs below or beside it: a
 * kept row above the bulge stands further out than the bulge's outline, or down the band to the bulge's last row
 * the outline jumps out within two rows (a kept mirror's top edge; an A-pillar slants a few pixels a row).
 */
function keptAlready(edge: (y: number) => number, side: number, carTop: number, bandTop: number, from: number, to: number, bw: number): boolean {
  const outline = Math.min(side * edge(from), side * edge(to - 1));
  for (let y = carTop; y < from; y++) if (edge(y) >= 0 && side * edge(y) > outline + Math.round(0.01 * bw)) return true;
  return jumpsOut(edge, side, Math.max(bandTop, carTop + 2), to, bw);
}

/** Whether the outline jumps out within two rows somewhere from row `from` to `to` (a kept mirror's top edge). */
function jumpsOut(edge: (y: number) => number, side: number, from: number, to: number, bw: number): boolean {
  for (let y = from; y < to; y++) if (edge(y) >= 0 && edge(y - 2) >= 0 && side * (edge(y) - edge(y - 2)) > JUMP * bw) return true;
  return false;
}

/**
 * Closes dips of up to `rows` rows in a profile (a closing: the largest value within half of that either side, then
 * the least of those): a dip is filled whole or, when longer, left as it is.
 */
function bridgeDips(values: number[], rows: number) {
  const half = Math.ceil(rows / 2);
  const around = (a: number[], j: number) => a.slice(Math.max(0, j - half), j + half + 1);
  const dilated = values.map((_, j) => Math.max(...around(values, j)));
  dilated.forEach((_, j) => (values[j] = Math.max(values[j]!, Math.min(...around(dilated, j)))));
}
