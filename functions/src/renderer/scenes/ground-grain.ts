/**
 * Fine grain of the ground near the car, at the output's resolution (issue 38: at full size the ground under and beside
 * the tyres was softer than the car, the 1k panorama's texture enlarged about 8 output pixels a texel, and the car
 * read as pasted). The panorama cannot give the grit of paving or rock at 4 mm a pixel, so it is synthesised: value
 * noise laid on the ground plane in metres (cells of 4 to 32 mm), so it shrinks and flattens with distance as the
 * ground does, and fades where a pixel covers many cells (its average is what a camera records). Its contrast is the
 * ground's own, measured at the finest scale the panorama holds (groundTextureContrast): a rough ground gets a rough
 * grain, an even one a faint one. Laid on the band before the lens's blur (scene-view.ts, sharpenGroundAtCar), so it is
 * sharp only where the ground is in focus.
 */
import type { SceneCamera } from './scene-view';

/** Cell sizes of the grain's octaves, metres: asphalt's and rock's grit to a stone's pits. */
const CELLS = [0.004, 0.008, 0.016, 0.032];
/** The grain's contrast over the ground's own measured one: a little under it (the finer octaves add to the texture the panorama still gives). */
export const GRAIN_OVER_TEXTURE = 0.8;
/** Bounds on the grain's contrast (std over mean): never a flat floor, never a snowstorm. */
export const GRAIN_LEAST = 0.045, GRAIN_MOST = 0.12;

/** A hash of a lattice point to -1..1 (the same every run: no randomness in a render). */
function lattice(ix: number, iy: number, octave: number): number {
  let h = Math.imul(ix, 374761393) ^ Math.imul(iy, 668265263) ^ Math.imul(octave + 1, 2246822519);
  h = Math.imul(h ^ (h >>> 13), 1274126177);
  h ^= h >>> 16;
  return ((h >>> 0) / 4294967296) * 2 - 1;
}

/** Value noise at (u, v) in cells, smoothly interpolated between lattice points. */
function valueNoise(u: number, v: number, octave: number): number {
  const iu = Math.floor(u), iv = Math.floor(v);
  const fu = u - iu, fv = v - iv;
  const su = fu * fu * (3 - 2 * fu), sv = fv * fv * (3 - 2 * fv);
  const a = lattice(iu, iv, octave), b = lattice(iu + 1, iv, octave), c = lattice(iu, iv + 1, octave), d = lattice(iu + 1, iv + 1, octave);
  return (a * (1 - su) + b * su) * (1 - sv) + (c * (1 - su) + d * su) * sv;
}

/**
 * The ground's texture contrast at the finest scale the panorama holds: the spread of its luma around a 13-px box mean,
 * over its mean, on the band's rows [r0, r1) (RGB bytes `width` wide). The ground in focus at the car.
 */
export function groundTextureContrast(rgb: Uint8Array | Buffer, width: number, r0: number, r1: number): number {
  const R = 6;
  let dev = 0, sum = 0, n = 0;
  for (let r = r0; r < r1; r += 2) {
    const row = new Float32Array(width);
    for (let x = 0; x < width; x++) {
      const i = 3 * (r * width + x);
      row[x] = 0.2126 * rgb[i]! + 0.7152 * rgb[i + 1]! + 0.0722 * rgb[i + 2]!;
    }
    let acc = 0;
    for (let x = 0; x < 2 * R + 1; x++) acc += row[x]!;
    for (let x = R; x < width - R - 1; x++) {
      const mean = acc / (2 * R + 1);
      dev += (row[x]! - mean) ** 2;
      sum += row[x]!;
      n++;
      acc += row[x + R + 1]! - row[x - R]!;
    }
  }
  return n > 0 && sum > 0 ? Math.sqrt(dev / n) / (sum / n) : 0;
}

/** The grain's contrast for a ground of that texture contrast. */
export const grainContrast = (texture: number) => Math.max(GRAIN_LEAST, Math.min(GRAIN_MOST, texture * GRAIN_OVER_TEXTURE));

/**
 * Lays the grain on the band's RGB bytes (rows from `y0` of the frame, `width` wide), multiplying each pixel by
 * 1 + contrast x the noise. Each octave's noise is averaged over the pixel's footprint on the ground (horizontally z/f,
 * along the ground z^2/(f hc)): a pixel covering k cells keeps 1/sqrt(k) of it. `weight(r)` (0..1) fades it per row.
 */
export function addGroundGrain(rgb: Buffer, width: number, y0: number, camera: Pick<SceneCamera, 'focalPx' | 'horizonRow' | 'cameraHeight'>, contrast: number, weight: (row: number) => number = () => 1): void {
  const rows = rgb.length / (3 * width);
  const { focalPx: f, horizonRow, cameraHeight: hc } = camera;
  // Octaves of equal contrast (a rough surface is as rough at each scale), normalised to `contrast` overall:
  // smoothstep value noise has a spread of about 0.29 per octave.
  const norm = contrast / (0.29 * Math.sqrt(CELLS.length));
  for (let r = 0; r < rows; r++) {
    const Y = y0 + r + 0.5;
    if (Y <= horizonRow + 1) continue;
    const z = (hc * f) / (Y - horizonRow); // forward distance of this row's ground, metres
    const across = z / f, along = (z * z) / (f * hc); // a pixel's footprint on the ground, metres
    const w = weight(r);
    const keep = CELLS.map((c) => w * Math.sqrt(Math.min(1, c / across) * Math.min(1, c / along)));
    if (keep.every((k) => k < 0.05)) continue;
    for (let x = 0; x < width; x++) {
      const gx = (x + 0.5 - width / 2) * across;
      let n = 0;
      for (let o = 0; o < CELLS.length; o++) if (keep[o]! >= 0.05) n += keep[o]! * valueNoise(gx / CELLS[o]!, z / CELLS[o]!, o);
      const g = 1 + norm * n;
      const i = 3 * (r * width + x);
      for (let k = 0; k < 3; k++) rgb[i + k] = Math.max(0, Math.min(255, Math.round(rgb[i + k]! * g)));
    }
  }
}

/** A patch of the ground near the car brighter than this share over its row's median is a blotch. */
export const BLOTCH_ABOVE = 1.12;
/** The share of a blotch's excess brightness kept. */
export const BLOTCH_KEEP = 0.25;
/** The blotch's scale: a box this many pixels either side across the frame, and a sixth of it up and down. */
const BLOTCH_REACH = 30;

/**
 * Takes the bright blotches out of the ground near the car (issue 38: on the waterfront a pale patch of the panorama's
 * paving, stretched about 8 output pixels a texel, lay beside or in front of the car like a spill). Each pixel's
 * neighbourhood (a box BLOTCH_REACH either side, a sixth of it up and down) brighter than BLOTCH_ABOVE times its row's
 * median keeps only BLOTCH_KEEP of the excess; the pixel's fine detail is kept (the whole neighbourhood is scaled).
 * `weight(r)` (0..1) says how much of it each of the rows gets: the rule fades out toward the band's edges; `reach` in
 * place of BLOTCH_REACH for a smaller image (the backdrop at a quarter size). Dark
 * patches (cracks, shade) are left alone.
 */
export function flattenBrightBlotches(rgb: Buffer, width: number, weight: (row: number) => number, reach = BLOTCH_REACH): void {
  const rows = rgb.length / (3 * width);
  const luma = new Float32Array(width * rows);
  for (let p = 0; p < width * rows; p++) luma[p] = 0.2126 * rgb[3 * p]! + 0.7152 * rgb[3 * p + 1]! + 0.0722 * rgb[3 * p + 2]!;
  const lp = boxMean(luma, width, rows, reach, Math.max(1, Math.round(reach / 6)));
  for (let r = 0; r < rows; r++) {
    const w = weight(r);
    if (w <= 0) continue;
    const line = Array.from(lp.subarray(r * width, (r + 1) * width)).sort((a, b) => a - b);
    const limit = BLOTCH_ABOVE * line[Math.floor(width / 2)]!;
    for (let x = 0; x < width; x++) {
      const v = lp[r * width + x]!;
      if (v <= limit) continue;
      const gain = 1 + w * ((limit + (v - limit) * BLOTCH_KEEP) / v - 1);
      const i = 3 * (r * width + x);
      for (let k = 0; k < 3; k++) rgb[i + k] = Math.round(rgb[i + k]! * gain);
    }
  }
}

/** A box mean of a plane, `rx` either side across and `ry` up and down (edges clamped). */
function boxMean(plane: Float32Array, w: number, h: number, rx: number, ry: number): Float32Array {
  const across = new Float32Array(w * h), out = new Float32Array(w * h);
  for (let y = 0; y < h; y++) {
    let acc = 0;
    for (let x = -rx; x <= rx; x++) acc += plane[y * w + Math.min(w - 1, Math.max(0, x))]!;
    for (let x = 0; x < w; x++) {
      across[y * w + x] = acc / (2 * rx + 1);
      acc += plane[y * w + Math.min(w - 1, x + rx + 1)]! - plane[y * w + Math.max(0, x - rx)]!;
    }
  }
  for (let x = 0; x < w; x++) {
    let acc = 0;
    for (let y = -ry; y <= ry; y++) acc += across[Math.min(h - 1, Math.max(0, y)) * w + x]!;
    for (let y = 0; y < h; y++) {
      out[y * w + x] = acc / (2 * ry + 1);
      acc += across[Math.min(h - 1, y + ry + 1) * w + x]! - across[Math.max(0, y - ry) * w + x]!;
    }
  }
  return out;
}
