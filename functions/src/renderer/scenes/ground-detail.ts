/**
 * The ground's own texture at the output's resolution, synthesised from the panorama (issue 38: at full size Sunset's
 * and Coast's ground in front of and beside the car was a smear: the car stands metres from where the 1k panorama was
 * shot, and the ground nearer our camera further still, where a texel covers 8-25 cm of the path, so the view drew
 * the panorama's coarse texels stretched into sideways streaks under a sharp car).
 *
 * The panorama sees the same ground sharper where it is near its own camera (a texel about 1.5 cm there). Patches of
 * that ground, of the material the car stands on (the same low-frequency colour), become a relative detail map (luma
 * over its own 15 cm mean), which is laid on the ground plane in metres: tiled on a lattice with a random patch,
 * offset, turn and mirror per lattice point, blended between neighbours, so no repeat shows. The view multiplies the
 * panorama's own colour by 1 + the detail, so the colour and light stay the panorama's and only the texture is new. A
 * pixel covering much ground reads a coarser level of the detail (its average), so the texture is fine toward the
 * horizon and coarse near the camera, as the ground is; the lens's blur then softens it as it does the rest.
 */
import type { Panorama } from './scene-library';

/** Metres a texel of the detail map at its finest level. */
export const DETAIL_TEXEL = 0.01;
/** A patch's side, metres (and texels at the finest level). */
const PATCH_METRES = 1;
const PATCH_PX = Math.round(PATCH_METRES / DETAIL_TEXEL);
/** Coarser levels of the map (each the 2x2 mean of the one before): 1 to 32 cm a texel. */
const LEVELS = 6;
/** The scale the detail is measured against (gaussian sigma, metres): the grit, the stones and the small patches of wear. */
const DETAIL_SCALE = 0.15;
/** The detail's bound: a speck brighter or darker than this share is a pebble or a leaf, not the ground's grain. */
const DETAIL_MOST = 0.25;
/** Lattice spacing of the tiling, metres: each lattice point's patch covers two spacings (the tent of its weight). */
export const LATTICE = 0.42;
/** A patch's colour within this share of the car's ground (each channel) is the same material. */
const SAME_MATERIAL = 0.12;
/** A patch whose DETAIL_SCALE means stray more than this share from its own mean holds an edge (a kerb, a line): not used. */
const PATCH_EVEN = 0.15;
/** At most this many patches (the least enlarged of the material). */
const MOST_PATCHES = 6;

export interface GroundDetail {
  /** Per patch, per level (finest first): the relative detail, `PATCH_PX >> level` texels a side. */
  patches: Float32Array[][];
  /** Where each patch lies on the panorama's ground (x, z metres from its camera): for the record and the tests. */
  centres: Array<[number, number]>;
}

/** The panorama's ground at (x, z) metres from its camera (bilinear, RGB 0..255). */
function groundAt(p: Panorama, panoHeight: number, x: number, z: number, out: Float32Array, o = 0): void {
  let yaw = Math.atan2(x, z);
  if (yaw < 0) yaw += 2 * Math.PI;
  const elevation = -Math.atan2(panoHeight, Math.hypot(x, z));
  const u = (yaw * p.width) / (2 * Math.PI) - 0.5, v = ((Math.PI / 2 - elevation) * p.height) / Math.PI - 0.5;
  const x0f = Math.floor(u), y0f = Math.floor(v), fx = u - x0f, fy = v - y0f;
  const x0 = ((x0f % p.width) + p.width) % p.width, x1 = (x0 + 1) % p.width;
  const y0 = Math.max(0, Math.min(p.height - 1, y0f)), y1 = Math.max(0, Math.min(p.height - 1, y0f + 1));
  const s = p.srgb, W = p.width;
  for (let k = 0; k < 3; k++) {
    const a = s[3 * (y0 * W + x0) + k]!, b = s[3 * (y0 * W + x1) + k]!, c = s[3 * (y1 * W + x0) + k]!, d = s[3 * (y1 * W + x1) + k]!;
    out[o + k] = (a * (1 - fx) + b * fx) * (1 - fy) + (c * (1 - fx) + d * fx) * fy;
  }
}

/** Mean RGB of a square of ground `side` metres centred on (x, z), sampled on an n x n grid. */
function meanColour(p: Panorama, panoHeight: number, x: number, z: number, side: number, n = 8): [number, number, number] {
  const c = new Float32Array(3), acc = new Float64Array(3);
  for (let j = 0; j < n; j++)
    for (let i = 0; i < n; i++) {
      groundAt(p, panoHeight, x + ((i + 0.5) / n - 0.5) * side, z + ((j + 0.5) / n - 0.5) * side, c);
      for (let k = 0; k < 3; k++) acc[k]! += c[k]!;
    }
  return [acc[0]! / (n * n), acc[1]! / (n * n), acc[2]! / (n * n)];
}

/** A separable gaussian-like blur (three box passes each way) of a square plane `n` a side, edges clamped. */
function smooth(plane: Float32Array, n: number, sigma: number): Float32Array {
  const r = Math.max(1, Math.round(Math.sqrt((12 * sigma * sigma) / 3 + 1) / 2 - 0.5));
  let a = Float32Array.from(plane), b = new Float32Array(n * n);
  for (let pass = 0; pass < 6; pass++) {
    const across = pass % 2 === 0;
    for (let line = 0; line < n; line++) {
      const at = (i: number) => (across ? line * n + Math.max(0, Math.min(n - 1, i)) : Math.max(0, Math.min(n - 1, i)) * n + line);
      let acc = 0;
      for (let i = -r; i <= r; i++) acc += a[at(i)]!;
      for (let i = 0; i < n; i++) {
        b[at(i)] = acc / (2 * r + 1);
        acc += a[at(i + r + 1)]! - a[at(i - r)]!;
      }
    }
    [a, b] = [b, a];
  }
  return a;
}

/**
 * The relative detail of a patch of the panorama's ground centred on (x, z): luma over its DETAIL_SCALE mean, minus
 * one, bounded; undefined when the patch holds an edge (its means stray more than PATCH_EVEN).
 */
function patchDetail(p: Panorama, panoHeight: number, x: number, z: number): Float32Array | undefined {
  const n = PATCH_PX, rgb = new Float32Array(3), luma = new Float32Array(n * n);
  for (let j = 0; j < n; j++)
    for (let i = 0; i < n; i++) {
      groundAt(p, panoHeight, x + ((i + 0.5) / n - 0.5) * PATCH_METRES, z + ((j + 0.5) / n - 0.5) * PATCH_METRES, rgb);
      luma[j * n + i] = 0.2126 * rgb[0]! + 0.7152 * rgb[1]! + 0.0722 * rgb[2]!;
    }
  const low = smooth(luma, n, DETAIL_SCALE / DETAIL_TEXEL);
  let mean = 0;
  for (const v of low) mean += v / (n * n);
  if (mean <= 1) return undefined;
  const detail = new Float32Array(n * n);
  for (let i = 0; i < n * n; i++) {
    if (Math.abs(low[i]! / mean - 1) > PATCH_EVEN) return undefined;
    detail[i] = Math.max(-DETAIL_MOST, Math.min(DETAIL_MOST, luma[i]! / Math.max(1, low[i]!) - 1));
  }
  return detail;
}

/** The coarser levels of a square map: each the 2x2 mean of the one before. */
function pyramid(fine: Float32Array): Float32Array[] {
  const levels = [fine];
  for (let l = 1, n = PATCH_PX; l < LEVELS; l++) {
    const m = n >> 1, prev = levels[l - 1]!, next = new Float32Array(m * m);
    for (let j = 0; j < m; j++) for (let i = 0; i < m; i++) next[j * m + i] = (prev[2 * j * n + 2 * i]! + prev[2 * j * n + 2 * i + 1]! + prev[(2 * j + 1) * n + 2 * i]! + prev[(2 * j + 1) * n + 2 * i + 1]!) / 4;
    levels.push(next);
    n = m;
  }
  return levels;
}

const made = new WeakMap<Panorama, Map<string, GroundDetail | undefined>>();

/**
 * The detail of the ground the car stands on at `spot` (metres from the panorama's camera), from the panorama's least
 * enlarged patches of the same material: nearest its camera, where a texel covers the least ground. Made once per
 * panorama and spot. Undefined when no patch of that material is near enough to be sharper than the ground at the car.
 */
export function groundDetailFor(p: Panorama, panoHeight: number, spot: readonly [number, number]): GroundDetail | undefined {
  const key = `${panoHeight}:${spot[0]}:${spot[1]}`;
  let byKey = made.get(p);
  if (!byKey) made.set(p, (byKey = new Map()));
  if (byKey.has(key)) return byKey.get(key);
  const reference = meanColour(p, panoHeight, spot[0], spot[1], PATCH_METRES);
  const far = Math.hypot(spot[0], spot[1]);
  // Candidates on rings around the panorama's camera, nearest (least enlarged) first, out to the car's own distance
  // (or 3 m when the car stands where the panorama was shot): beyond it a patch is no sharper than the car's ground.
  const candidates: Array<[number, number]> = [];
  for (let rho = 0.9; rho <= Math.max(3, far) + 1e-6; rho += 0.25)
    for (let a = 0; a < 360; a += 8) candidates.push([rho * Math.sin((a * Math.PI) / 180), rho * Math.cos((a * Math.PI) / 180)]);
  const patches: Float32Array[][] = [];
  const centres: Array<[number, number]> = [];
  for (const [x, z] of candidates) {
    if (patches.length >= MOST_PATCHES) break;
    if (centres.some(([cx, cz]) => Math.hypot(cx - x, cz - z) < PATCH_METRES)) continue;
    const colour = meanColour(p, panoHeight, x, z, PATCH_METRES, 6);
    if (colour.some((c, k) => Math.abs(c / Math.max(1, reference[k]!) - 1) > SAME_MATERIAL)) continue;
    const detail = patchDetail(p, panoHeight, x, z);
    if (!detail) continue;
    patches.push(pyramid(detail));
    centres.push([x, z]);
  }
  const result = patches.length > 0 ? { patches, centres } : undefined;
  byKey.set(key, result);
  return result;
}

/** A hash of a lattice point to 0..1 (the same every render). */
function hash(i: number, j: number, salt: number): number {
  let h = Math.imul(i, 374761393) ^ Math.imul(j, 668265263) ^ Math.imul(salt + 7, 2246822519);
  h = Math.imul(h ^ (h >>> 13), 1274126177);
  h ^= h >>> 16;
  return (h >>> 0) / 4294967296;
}

/** Bilinear read of a level `n` texels a side at (u, v) in texels, clamped at the edges. */
function read(level: Float32Array, n: number, u: number, v: number): number {
  const x = Math.max(0, Math.min(n - 1.001, u - 0.5)), y = Math.max(0, Math.min(n - 1.001, v - 0.5));
  const i = Math.floor(x), j = Math.floor(y), fx = x - i, fy = y - j;
  return (level[j * n + i]! * (1 - fx) + level[j * n + i + 1]! * fx) * (1 - fy) + (level[(j + 1) * n + i]! * (1 - fx) + level[(j + 1) * n + i + 1]! * fx) * fy;
}

/**
 * The detail at ground point (x, z) metres for a pixel whose footprint on the ground is `footprint` metres (its longer
 * side): the four lattice points around it each give their patch (random, offset, turned and mirrored) at the level
 * whose texel matches the footprint, weighted by a tent and normalised so the blend keeps the patches' contrast.
 */
export function detailAt(d: GroundDetail, x: number, z: number, footprint: number): number {
  const lod = Math.max(0, Math.log2(footprint / DETAIL_TEXEL));
  if (lod >= LEVELS - 1) return 0;
  const l0 = Math.floor(lod), lm = lod - l0;
  const gi = x / LATTICE, gj = z / LATTICE;
  const i0 = Math.floor(gi), j0 = Math.floor(gj);
  let sum = 0, w2 = 0;
  for (let dj = 0; dj <= 1; dj++)
    for (let di = 0; di <= 1; di++) {
      const i = i0 + di, j = j0 + dj;
      const w = (1 - Math.abs(gi - i)) * (1 - Math.abs(gj - j));
      if (w <= 0) continue;
      const patch = d.patches[Math.floor(hash(i, j, 0) * d.patches.length)]!;
      const turn = Math.floor(hash(i, j, 1) * 8);
      const slack = PATCH_METRES - 2 * LATTICE;
      // Where in the patch, metres from its corner: the tent's two spacings plus a random offset in the slack.
      let a = x - (i - 1) * LATTICE + hash(i, j, 2) * slack, b = z - (j - 1) * LATTICE + hash(i, j, 3) * slack;
      if (turn & 1) a = PATCH_METRES - a;
      if (turn & 2) b = PATCH_METRES - b;
      if (turn & 4) [a, b] = [b, a];
      let v = 0;
      for (let l = l0; l <= Math.min(LEVELS - 1, l0 + 1); l++) {
        const n = PATCH_PX >> l, texel = PATCH_METRES / n;
        v += (l === l0 ? 1 - lm : lm) * read(patch[l]!, n, a / texel, b / texel);
      }
      sum += w * v;
      w2 += w * w;
    }
  return w2 > 0 ? sum / Math.sqrt(w2) : 0;
}
