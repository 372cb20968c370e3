/**
 * Pieces of the background glued on the main car's roof: a saliency cut-out can keep a house's gable, a chimney or a
 * piece of wall standing behind the roof when they touch its outline. Such a piece shows itself where the mask's
 * edge cuts through it: the colour just inside the mask goes on just outside (the house continues beyond the edge),
 * while along the car's own outline the colour changes. Mask pixels at such edges over the upper part of the car
 * seed the piece, the car's body below seeds the car, and the mask is split between them along the photo's edges
 * (geodesic-split.ts). What the split gives the piece goes when it rises over the car's box top and its colours are
 * the background's, not the car's (roof bars, antennas and spoilers are the car's paint or its dark trim). Where the
 * split gave a piece the roof's top edge too, the roof line is closed again over the notch it left. A piece standing
 * on the outline under the box's top is found as a bump of the outline instead (removeBumps).
 */
import { solidExtent, within, type CleanMask } from '../../renderer/cutout/mask-cleanup';
import type { NormBox } from '../port';
import { MAIN, OPEN, OTHER, splitAlongEdges } from './geodesic-split';

/**
 * From this share of the box height under its top down, the mask is the car's (a piece of a house reaches from over
 * the roof down the pillars at most this far); above it is what is looked at.
 */
export const ROOF_BAND = 0.2;
/** Beside the columns where the mask rises over the box, this share of the box's width is looked at too. */
export const BESIDE = 0.1;
/** How far inside and outside the mask's edge the two colours are read (pixels). */
const ACROSS = 6;
/** Colours this close (largest channel difference) on both sides of the edge: the edge cuts through one thing. */
const CONTINUES = 18;
/** A piece must reach this share of the box height above the box's top: a piece within the roof's edge is the car's. */
export const RISES = 0.02;
/** Away from the box's top, a piece's pixels this share of the box height above the car under them go too. */
export const ROOF_EDGE = 0.03;
/** At least this share of a piece's pixels are of the background's colours rather than the car's. */
export const BACKGROUND_SHARE = 0.5;
/** A piece is at most this share of the mask (more is the car mis-read, not a piece of a house). */
const PIECE_MAX = 0.1;
/** A colour is the car's (or the background's) when it is this many times as frequent there as in the other. */
const LIKELIER = 2;
/** The roof line is closed over dips up to this share of the box's width (the notch a removed piece leaves). */
const NOTCH = 0.05;
/** A removed piece's foot is judged against its pixels this many rows over the new top and columns either side. */
const FOOT_UP = 8;
const FOOT_BESIDE = 2;
/** A removed piece's soft rim: this many pixels round its solid pixels. */
const REMAINS = 2;
/** The four steps to a pixel's neighbours. */
const DX = [1, -1, 0, 0];
const DY = [0, 0, 1, -1];

/**
 * For a solid pixel on the mask's outline where the mask's edge cuts through one thing: the direction (index into
 * DX/DY) out of the mask whose pixel ACROSS inside has the colour of the pixel ACROSS + 1 outside (`accept` may refuse
 * the inside pixel's colour, an index into `rgb`), or -1.
 */
function edgeCutAt(alpha: Uint8Array, rgb: Uint8Array, w: number, h: number, x: number, y: number, accept: (inside: number) => boolean = () => true): number {
  const solid = (sx: number, sy: number) => sx >= 0 && sy >= 0 && sx < w && sy < h && alpha[sy * w + sx]! >= 128;
  for (let d = 0; d < 4; d++) {
    const dx = DX[d]!;
    const dy = DY[d]!;
    if (solid(x + dx, y + dy)) continue;
    const ix = x - ACROSS * dx;
    const iy = y - ACROSS * dy;
    const ox = x + (ACROSS + 1) * dx;
    const oy = y + (ACROSS + 1) * dy;
    if (!solid(ix, iy) || ox < 0 || oy < 0 || ox >= w || oy >= h || alpha[oy * w + ox]! > 0) continue;
    const a = 3 * (iy * w + ix);
    const b = 3 * (oy * w + ox);
    if (accept(a) && Math.max(Math.abs(rgb[a]! - rgb[b]!), Math.abs(rgb[a + 1]! - rgb[b + 1]!), Math.abs(rgb[a + 2]! - rgb[b + 2]!)) <= CONTINUES) return d;
  }
  return -1;
}
/** A pixel's cell of the colour histograms: 16 levels a channel. */
const bin = (rgb: Uint8Array, p: number) => ((rgb[p]! >> 4) << 8) | ((rgb[p + 1]! >> 4) << 4) | (rgb[p + 2]! >> 4);

type Photo = { rgb: Uint8Array; width: number; height: number };

export function removeRoofPieces(mask: CleanMask, main: NormBox, photo: Photo): CleanMask {
  if (photo.width !== mask.width || photo.height !== mask.height || mask.box.right <= mask.box.left) return mask;
  const out = removeBumps(removeRisingPieces(mask, main, photo), main, photo);
  return out === mask ? mask : clearRemains(mask, out);
}

/**
 * What a removed piece leaves: only its solid pixels went, so its soft rim (a halo of the house against the sky) and
 * bits of it in the car's own colours (a dark eave, bare branches) stay as faint lines beside the roof. Soft pixels
 * within REMAINS of a removed pixel go, and so do solid bits no longer joined to the car (within the removed pieces'
 * extent and not reaching beyond it) with the soft pixels round them.
 */
function clearRemains(before: CleanMask, after: CleanMask): CleanMask {
  const { width: w, height: h } = before;
  const was = before.alpha;
  const out = after.alpha;
  // The removed pieces' extent, and REMAINS round it.
  let l = w;
  let t = h;
  let r = -1;
  let b = -1;
  for (let y = 0; y < h; y++)
    for (let x = 0; x < w; x++) {
      const i = y * w + x;
      if (was[i]! >= 128 && out[i] === 0) (l = Math.min(l, x)), (r = Math.max(r, x)), (t = Math.min(t, y)), (b = Math.max(b, y));
    }
  if (r < 0) return after;
  l = Math.max(0, l - REMAINS);
  t = Math.max(0, t - REMAINS);
  r = Math.min(w - 1, r + REMAINS);
  b = Math.min(h - 1, b + REMAINS);
  const ww = r - l + 1;
  const wh = b - t + 1;
  // Near a removed pixel (within REMAINS), over the window.
  const near = new Uint8Array(ww * wh);
  for (let y = t; y <= b; y++)
    for (let x = l; x <= r; x++) {
      const i = y * w + x;
      if (!(was[i]! >= 128 && out[i] === 0)) continue;
      for (let dy = -REMAINS; dy <= REMAINS; dy++)
        for (let dx = -REMAINS; dx <= REMAINS; dx++) {
          const nx = x + dx;
          const ny = y + dy;
          if (nx >= l && nx <= r && ny >= t && ny <= b) near[(ny - t) * ww + nx - l] = 1;
        }
    }
  // Solid bits inside the window not reaching its border: no longer the car's.
  const island = new Uint8Array(ww * wh);
  const seen = new Uint8Array(ww * wh);
  const queue = new Int32Array(ww * wh);
  for (let s0 = 0; s0 < ww * wh; s0++) {
    if (seen[s0] || out[((s0 / ww) | 0) * w + t * w + (s0 % ww) + l]! < 128) continue;
    let tail = 0;
    queue[tail++] = s0;
    seen[s0] = 1;
    let border = false;
    for (let head = 0; head < tail; head++) {
      const c = queue[head]!;
      const x = c % ww;
      const y = (c / ww) | 0;
      if (x === 0 || y === 0 || x === ww - 1 || y === wh - 1) border = true;
      for (let dy = -1; dy <= 1; dy++)
        for (let dx = -1; dx <= 1; dx++) {
          const nx = x + dx;
          const ny = y + dy;
          if (nx < 0 || ny < 0 || nx >= ww || ny >= wh) continue;
          const n = ny * ww + nx;
          if (!seen[n] && out[(ny + t) * w + nx + l]! >= 128) (seen[n] = 1), (queue[tail++] = n);
        }
    }
    if (!border) for (let k = 0; k < tail; k++) island[queue[k]!] = 1;
  }
  const alpha = out.slice();
  let cleared = 0;
  for (let y = 0; y < wh; y++)
    for (let x = 0; x < ww; x++) {
      const c = y * ww + x;
      const i = (y + t) * w + x + l;
      if (alpha[i] === 0) continue;
      let go = island[c] === 1 || (near[c] === 1 && alpha[i]! < 128);
      // The soft pixels round a bit that goes.
      for (let dy = -1; dy <= 1 && !go && alpha[i]! < 128; dy++)
        for (let dx = -1; dx <= 1 && !go; dx++) {
          const nx = x + dx;
          const ny = y + dy;
          if (nx >= 0 && ny >= 0 && nx < ww && ny < wh && island[ny * ww + nx]) go = true;
        }
      if (!go) continue;
      if (alpha[i]! >= 128) cleared++;
      alpha[i] = 0;
    }
  const { box, area } = solidExtent(alpha, w, h);
  return { alpha, width: w, height: h, box, areaFraction: area / (w * h), removedFraction: after.removedFraction + cleared / (w * h) };
}

/** The pieces rising over the box's top, split from the car along the photo's edges. */
function removeRisingPieces(mask: CleanMask, main: NormBox, photo: Photo): CleanMask {
  const { width: w, height: h, alpha } = mask;
  const rgb = photo.rgb;
  const bh = (main.bottom - main.top) * h;
  const boxTop = Math.floor(main.top * h);
  // Only a mask rising over the box's top can hold such a piece.
  if (mask.box.top > boxTop - RISES * bh) return mask;
  // The columns where it does, and a margin beside them, are all that is looked at (the split costs by the pixel).
  const rise = Math.floor(boxTop - RISES * bh);
  let l = w;
  let r = -1;
  for (let y = mask.box.top; y < rise; y++)
    for (let x = mask.box.left; x < mask.box.right; x++) if (alpha[y * w + x]! >= 128) (l = Math.min(l, x)), (r = Math.max(r, x));
  if (r < 0) return mask;
  const side = Math.round(BESIDE * (main.right - main.left) * w);
  const win = { l: Math.max(mask.box.left, l - side), t: mask.box.top, r: Math.min(mask.box.right, r + 1 + side), b: Math.min(h, Math.floor(boxTop + ROOF_BAND * bh) + 1) };
  const ww = win.r - win.l;
  const wh = win.b - win.t;
  if (wh <= 2 * ACROSS) return mask;
  // The car's colours (its mask under the roof band) and the background's (outside the mask over it).
  const backLike = backgroundColours(mask, main, rgb, win.t, win.b);
  if (!backLike) return mask;
  // The car: its mask under the roof's band. (Seeding the car's colours over it too split a dark gable on a black
  // car into pieces too small to judge.)
  const state = new Uint8Array(ww * wh);
  // Its last row seeds the car.
  const carBand = win.b - 1;
  for (let y = win.t; y < win.b; y++)
    for (let x = win.l; x < win.r; x++) if (alpha[y * w + x]! > 0) state[(y - win.t) * ww + (x - win.l)] = y >= carBand ? MAIN : OPEN;
  // Seeds of a piece: where the mask's edge cuts through one thing, the pixels from the edge to ACROSS inside.
  let seeds = 0;
  for (let y = win.t; y < carBand; y++)
    for (let x = win.l; x < win.r; x++) {
      const d = alpha[y * w + x]! < 128 ? -1 : edgeCutAt(alpha, rgb, w, h, x, y, backLike);
      if (d < 0) continue;
      for (let k = 0; k <= ACROSS; k++) {
        const sx = x - k * DX[d]!;
        const sy = y - k * DY[d]!;
        if (sy < win.t || sy >= carBand || sx < win.l || sx >= win.r) continue;
        const s = (sy - win.t) * ww + (sx - win.l);
        if (state[s] === OPEN) (state[s] = OTHER), seeds++;
      }
    }
  if (seeds === 0 || !splitAlongEdges(state, rgb, w, win)) return mask;
  // Per pixel, the row of the car's nearest part under it in its column (the window's bottom when there is none).
  const carTop = new Int32Array(ww * wh);
  for (let x = 0; x < ww; x++) {
    let below = 2 * wh;
    for (let y = wh - 1; y >= 0; y--) {
      const c = y * ww + x;
      if (state[c] === MAIN) below = y;
      carTop[c] = below;
    }
  }
  // The pieces the split made, each judged on its own.
  const out = alpha.slice();
  const label = new Int32Array(ww * wh).fill(-1);
  const queue = new Int32Array(ww * wh);
  const area = mask.areaFraction * w * h;
  let removed = 0;
  for (let s0 = 0; s0 < ww * wh; s0++) {
    if (state[s0] !== OTHER || label[s0]! >= 0) continue;
    let tail = 0;
    queue[tail++] = s0;
    label[s0] = s0;
    let top = wh;
    let count = 0;
    let background = 0;
    for (let head = 0; head < tail; head++) {
      const c = queue[head]!;
      const x = c % ww;
      const y = (c / ww) | 0;
      if (y < top) top = y;
      const p = 3 * ((y + win.t) * w + x + win.l);
      if (alpha[(y + win.t) * w + x + win.l]! >= 128) {
        count++;
        if (backLike(p)) background++;
      }
      for (const n of [x > 0 ? c - 1 : -1, x < ww - 1 ? c + 1 : -1, y > 0 ? c - ww : -1, y < wh - 1 ? c + ww : -1])
        if (n >= 0 && state[n] === OTHER && label[n]! < 0) (label[n] = s0), (queue[tail++] = n);
    }
    const rises = boxTop - (top + win.t) >= RISES * bh && risesBeside(alpha, w, win, queue, tail, top + win.t, RISES * bh);
    if (!rises || count === 0 || count > PIECE_MAX * area || background < BACKGROUND_SHARE * count) continue;
    // Only in the columns where the piece stands over the box's top, or well above the car's part under it: beside
    // them, near the car, the piece's pixels may be the car's roof seen against the sky (a roof reflecting a grey
    // sky, its rails), which only the box's top tells apart.
    const over = new Uint8Array(ww);
    for (let k = 0; k < tail; k++) if (((queue[k]! / ww) | 0) + win.t < boxTop) over[queue[k]! % ww] = 1;
    for (let k = 0; k < tail; k++) {
      const c = queue[k]!;
      if (!over[c % ww] && ((c / ww) | 0) + ROOF_EDGE * bh > carTop[c]!) continue;
      const i = (((c / ww) | 0) + win.t) * w + (c % ww) + win.l;
      if (out[i]! >= 128) removed++;
      out[i] = 0;
    }
  }
  if (removed === 0) return mask;
  const taken = new Uint8Array(ww);
  for (let x = 0; x < ww; x++)
    for (let y = win.t; y < win.b && !taken[x]; y++) if (alpha[y * w + x + win.l]! >= 128 && out[y * w + x + win.l] === 0) taken[x] = 1;
  // First the piece's foot the split left on the roof (its tops would hold the closed line below up at the wall).
  removed += trimFoot(alpha, out, rgb, w, win, taken, backLike, Math.round(RISES * bh));
  // The roof line under a removed piece: where the split gave the piece the roof's top edge too, the mask's top dips
  // there. Over the columns the piece was taken from, the car's top outline is closed over dips narrower than a
  // piece (a 1-D opening of its top row), and the raw mask's pixels under the closed line come back.
  const edge = new Float64Array(ww);
  for (let x = 0; x < ww; x++) {
    let y = win.t;
    while (y < win.b && out[y * w + x + win.l]! < 128) y++;
    edge[x] = y;
  }
  const k = Math.max(1, Math.round(NOTCH * (main.right - main.left) * w));
  const closed = within(within(edge, k, Math.min), k, Math.max);
  for (let x = 0; x < ww; x++) {
    if (!taken[x]) continue;
    for (let y = Math.ceil(closed[x]!); y < edge[x]!; y++) {
      const i = y * w + x + win.l;
      if (alpha[i]! >= 128) (out[i] = alpha[i]!), removed--;
    }
  }
  const { box, area: left } = solidExtent(out, w, h);
  return { alpha: out, width: w, height: h, box, areaFraction: left / (w * h), removedFraction: mask.removedFraction + removed / (w * h) };
}

/**
 * Whether a piece (its `n` cells in `cells`, window coordinates; its top row `top`) rises `by` over the mask's top just
 * beside it, on each side where the mask goes on: a piece of a house stands up out of the roof line, while a strip of
 * the roof's own top edge (lit like the ceiling over it, with the cut-out's halo) lies level with the roof beside it (a
 * black Fiesta's roof, under a box 10 px tight, was cut square over 190 px). With no mask on either side, it does.
 */
function risesBeside(alpha: Uint8Array, w: number, win: { l: number; r: number; b: number }, cells: Int32Array, n: number, top: number, by: number): boolean {
  const ww = win.r - win.l;
  let lo = ww;
  let hi = -1;
  for (let k = 0; k < n; k++) (lo = Math.min(lo, cells[k]! % ww)), (hi = Math.max(hi, cells[k]! % ww));
  const topAt = (x: number) => {
    if (x < 0 || x >= w) return -1;
    for (let y = 0; y < win.b; y++) if (alpha[y * w + x]! >= 128) return y;
    return -1;
  };
  const sides = [topAt(win.l + lo - 1), topAt(win.l + hi + 1)].filter((y) => y >= 0);
  return sides.every((y) => y - top >= by);
}

/**
 * A removed piece's foot: the split follows the photo's edges, but it may leave the foot of a wall standing right
 * behind the roof to the car (a gutter or a shadow line over it, the JPEG's blur), and the roof line closed over it
 * then brings back a strip of the wall along the roof (the S-Max's orange wall along the rear of its roof). In each
 * column a piece was taken from, the pixels under the new top go too while they are of the background's colours and
 * of the colour of one of the removed pixels close over them (FOOT_UP rows, FOOT_BESIDE columns either side), down
 * to `depth`. Returns how many solid pixels went.
 */
function trimFoot(alpha: Uint8Array, out: Uint8Array, rgb: Uint8Array, w: number, win: { l: number; t: number; b: number }, taken: Uint8Array, backLike: (p: number) => boolean, depth: number): number {
  const ww = taken.length;
  const top = new Int32Array(ww);
  for (let x = 0; x < ww; x++) {
    let y = win.t;
    while (y < win.b && out[y * w + x + win.l]! < 128) y++;
    top[x] = y;
  }
  const removedAt = (x: number, y: number) => alpha[y * w + x + win.l]! >= 128 && out[y * w + x + win.l] === 0;
  // Whether the colour at p is that of a removed pixel over the new top near column x.
  const ofThePiece = (p: number, x: number) => {
    for (let k = Math.max(0, x - FOOT_BESIDE); k <= Math.min(ww - 1, x + FOOT_BESIDE); k++)
      for (let y = Math.max(win.t, top[k]! - FOOT_UP); y < top[k]!; y++) {
        if (!removedAt(k, y)) continue;
        const q = 3 * (y * w + k + win.l);
        if (Math.max(Math.abs(rgb[p]! - rgb[q]!), Math.abs(rgb[p + 1]! - rgb[q + 1]!), Math.abs(rgb[p + 2]! - rgb[q + 2]!)) <= CONTINUES) return true;
      }
    return false;
  };
  const gone: number[] = [];
  for (let x = 0; x < ww; x++) {
    if (!taken[x]) continue;
    for (let y = top[x]!; y < Math.min(win.b, top[x]! + depth); y++) {
      const i = y * w + x + win.l;
      if (alpha[i]! < 128 || !backLike(3 * i) || !ofThePiece(3 * i, x)) break;
      gone.push(i);
    }
  }
  // Taken only now: each column is judged against the piece as it was removed.
  for (const i of gone) out[i] = 0;
  return gone.length;
}

/**
 * Whether a colour (at `p` of the photo's pixels) is the background's rather than the car's: the car's colours are
 * its mask's under the rows `top` to `bottom`, the background's are outside the mask in those rows. Null when either
 * is empty.
 */
function backgroundColours(mask: CleanMask, main: NormBox, rgb: Uint8Array, top: number, bottom: number) {
  const { width: w, height: h, alpha } = mask;
  const car = new Float32Array(4096);
  const back = new Float32Array(4096);
  let nCar = 0;
  let nBack = 0;
  const end = Math.min(h, Math.ceil(main.bottom * h));
  // Across the whole mask's width (what stands beside the piece tells the background's colours best), every other
  // pixel of every other row (the whole would cost more than the rest of the step).
  for (let y = bottom; y < end; y += 2)
    for (let x = mask.box.left; x < mask.box.right; x += 2) if (alpha[y * w + x]! >= 128) car[bin(rgb, 3 * (y * w + x))]!++, nCar++;
  for (let y = top; y < bottom; y += 2)
    for (let x = mask.box.left; x < mask.box.right; x += 2) if (alpha[y * w + x] === 0) back[bin(rgb, 3 * (y * w + x))]!++, nBack++;
  if (!nCar || !nBack) return null;
  return (p: number) => {
    const k = bin(rgb, p);
    return (back[k]! + 0.5) / nBack > LIKELIER * ((car[k]! + 0.5) / nCar);
  };
}

/**
 * A piece of the background standing on the car's top outline under the box's top (a piece of a house's wall beside
 * the A-pillar, higher than the roof beside it, where the detector's box stands well over the roof). The outline's top
 * row over the roof band is opened over bumps narrower than a tenth of the box's width (`NOTCH` either side): a roof,
 * a windscreen's slope and a tailgate stay under the opened line, a bump stands over it. Of a bump rising `RISES` over
 * the line, what goes is what joins the outside across the outline in one colour (the edge test of the pieces above)
 * through the background's colours, and under the line only the same surface on (a flat opening leaves a bump's foot
 * on a slope). Colour alone never cuts: a window mirroring the scene lies inside the outline, under the line, and a
 * mirror, a roof bar or an antenna is a bump of the car's own colours.
 */
function removeBumps(mask: CleanMask, main: NormBox, photo: Photo): CleanMask {
  const { width: w, height: h, alpha } = mask;
  const rgb = photo.rgb;
  const bh = (main.bottom - main.top) * h;
  const band = Math.min(h, Math.floor(main.top * h + ROOF_BAND * bh) + 1);
  const { left, right, top } = mask.box;
  if (top >= band || right <= left) return mask;
  const ww = right - left;
  const edge = new Int32Array(ww);
  for (let x = 0; x < ww; x++) {
    let y = top;
    while (y < band && alpha[y * w + x + left]! < 128) y++;
    edge[x] = y;
  }
  // The opened outline: the lowest top within k, then the highest of those within k.
  const k = Math.max(1, Math.round(NOTCH * (main.right - main.left) * w));
  const line = within(within(edge, k, Math.max), k, Math.min);
  let bump = 0;
  for (let x = 0; x < ww; x++) bump = Math.max(bump, line[x]! - edge[x]!);
  // No bump as high as a piece must rise: nothing to look at (most photos).
  if (bump < RISES * bh) return mask;
  const alike = (a: number, b: number) => Math.max(Math.abs(rgb[a]! - rgb[b]!), Math.abs(rgb[a + 1]! - rgb[b + 1]!), Math.abs(rgb[a + 2]! - rgb[b + 2]!)) <= CONTINUES;
  // Seeds: bump pixels on the outline where the colour ACROSS inside goes on ACROSS + 1 outside.
  const seeds: number[] = [];
  const inside: number[] = [];
  for (let x = left; x < right; x++)
    for (let y = top; y < line[x - left]!; y++) {
      const d = alpha[y * w + x]! < 128 ? -1 : edgeCutAt(alpha, rgb, w, h, x, y);
      if (d < 0) continue;
      seeds.push(y * w + x);
      inside.push(3 * ((y - ACROSS * DY[d]!) * w + x - ACROSS * DX[d]!));
    }
  if (seeds.length === 0) return mask;
  const backLike = backgroundColours(mask, main, rgb, top, band);
  if (!backLike) return mask;
  // From each seed through the bump's pixels of the background's colours: a piece, judged on its own.
  const out = alpha.slice();
  // Looked at already, over the band's window.
  const seen = new Uint8Array((band - top) * ww);
  const at = (i: number) => (((i / w) | 0) - top) * ww + (i % w) - left;
  const queue: number[] = [];
  let removed = 0;
  for (let s = 0; s < seeds.length; s++) {
    const s0 = seeds[s]!;
    if (seen[at(s0)] || !backLike(inside[s]!) || !backLike(3 * s0)) continue;
    queue.length = 0;
    queue.push(s0);
    seen[at(s0)] = 1;
    let rise = 0;
    for (let head = 0; head < queue.length; head++) {
      const i = queue[head]!;
      const x = i % w;
      const y = (i / w) | 0;
      rise = Math.max(rise, line[x - left]! - y);
      for (let d = 0; d < 4; d++) {
        const nx = x + DX[d]!;
        const ny = y + DY[d]!;
        const n = ny * w + nx;
        if (nx < left || nx >= right || ny < top || ny >= band || seen[(ny - top) * ww + nx - left] || alpha[n]! < 128 || !backLike(3 * n)) continue;
        // Under the opened line only the same surface goes on (a flat opening leaves a bump's foot on a slope).
        if (ny >= line[nx - left]! && !alike(3 * i, 3 * n)) continue;
        seen[(ny - top) * ww + nx - left] = 1;
        queue.push(n);
      }
    }
    if (rise < RISES * bh) continue;
    for (const i of queue) out[i] = 0;
    removed += queue.length;
  }
  if (removed === 0) return mask;
  const { box, area } = solidExtent(out, w, h);
  return { alpha: out, width: w, height: h, box, areaFraction: area / (w * h), removedFraction: mask.removedFraction + removed / (w * h) };
}
