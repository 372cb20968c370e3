/**
 * "The car stays the car": compares the car in a rendered image with the car in its source photo.
 *
 * Alignment: the source car's box is scaled so its long side is ALIGNED_SIDE (mirrored when the angle
 * was derived by mirroring). The output car is brought onto it by its mask's moments (centroid, and its
 * spread along each axis, which a stray shadow or antenna barely moves, unlike a bounding box) and by
 * the small rotation (up to 4 degrees: a tilted phone) that best overlaps the silhouettes. Then the scene's light
 * colour on the output car is fitted and taken out (light-fit.ts: a warm low sun is not a repaint), and masked
 * SSIM with a colour term (masked-ssim.ts) is taken over the pixels both masks call car: its mean, or less when
 * one part of the car scores far below it (worstPart: a repainted door), and the IoU of the aligned silhouettes.
 * At 128 px a re-rendered car need not match pixel for pixel, while another car, bent body lines or a new paint
 * colour still show.
 * Pure: no model, no cloud SDK; masks come from a CarMasker.
 */
import sharp, { type Sharp } from 'sharp';
import type { CarMask, RgbImage } from './car-masker';
import { maskedSsimMap, type LumaChroma } from './masked-ssim';
import { fitLightColour, lightGain, toLinear, type LightColour } from './light-fit';

/**
 * Below this score a rendered car counts as changed. Measured with `npx tsx
 * functions/src/renderer/fidelity/calibrate.ts` on the five committed car photos (155 comparisons):
 * - faithful, 100: local renders on every background and mirrored 0.93-0.99; the output mask measured by
 *   ISNet, relit x0.8 / x1.2, softened, JPEG q40, turned 1-4 degrees, rescaled, and several of these at
 *   once (a re-rendered car) 0.79-0.96;
 * - changed, 45: another photo's car or an unannounced mirror image 0.05-0.13, body lines bent by a
 *   12-24 px wave 0.22-0.57, the paint darkened (x0.45) or lightened (x1.6 +40) 0.54-0.72.
 * 0.75 lies between the lowest faithful (0.79) and the highest changed (0.72). Not yet measured on real
 * image-model output (no network here): RENDER_FIDELITY_THRESHOLD overrides it for the OpenAI renderer.
 * Re-measured with the light's colour fitted and the worst part (2026-12-02, 175 comparisons, u2netp masks): a warm
 * low sun toward one end (R x1.12, B x0.88 there) 0.83-0.94 (0.67-0.82 before), a cool shade 0.84-0.96; one door
 * repainted red or blue 0.51-0.63 but the Cupra's dark grey door in dark blue 0.84 (before: all 0.84-0.89, passed);
 * the faithful lowest is the E30 relit x1.2 +10 at 0.745, as before.
 */
export const FIDELITY_THRESHOLD = 0.75;

/** Long side of the aligned car in pixels. */
export const ALIGNED_SIDE = 128;
const MAX_ROTATION_DEG = 4;
const pick = <T extends { iou: number }>(a: T, b: T) => (b.iou > a.iou ? b : a);

export interface CarFidelity {
  /** Masked SSIM (with colour term) of the aligned cars, 0..1 (1 = identical). */
  score: number;
  /** Overlap (intersection over union) of the aligned car silhouettes. */
  maskIoU: number;
}

export interface FidelityInput {
  source: RgbImage;
  sourceMask: CarMask;
  output: RgbImage;
  outputMask: CarMask;
  /** The output shows the source mirrored (an angle derived from the opposite one). */
  mirrored: boolean;
}

export interface Box {
  left: number;
  top: number;
  width: number;
  height: number;
}

/** Bounding box of the pixels the mask calls car (alpha >= 128); undefined when there are none. */
export function carBox(mask: CarMask): Box | undefined {
  const { alpha, width, height } = mask;
  // Four pixels a compare where the rows are whole words: a word none of whose bytes has its top bit set holds no car
  // pixel (alpha >= 128 is that bit). Most of an output image's rows hold no car: this was 2/3 of the check's time.
  const words = width % 4 === 0 && alpha.byteOffset % 4 === 0 ? new Uint32Array(alpha.buffer, alpha.byteOffset, (width * height) / 4) : undefined;
  let left = width, top = -1, right = -1, bottom = -1;
  for (let y = 0; y < height; y++) {
    const row = y * width;
    let x = words ? firstWordWithCar(words, row / 4, (row + width) / 4) * 4 - row : 0;
    while (x < width && alpha[row + x]! < 128) x++;
    if (x === width) continue;
    if (x < left) left = x;
    let r = words ? lastWordWithCar(words, row / 4, (row + width) / 4) * 4 + 3 - row : width - 1;
    while (alpha[row + r]! < 128) r--;
    if (r > right) right = r;
    if (top < 0) top = y;
    bottom = y;
  }
  return top < 0 ? undefined : { left, top, width: right - left + 1, height: bottom - top + 1 };
}

const TOP_BITS = 0x80808080;

/** The first word in [from, to) with a byte >= 128, or `to`. */
function firstWordWithCar(words: Uint32Array, from: number, to: number): number {
  let k = from;
  while (k < to && (words[k]! & TOP_BITS) === 0) k++;
  return k;
}

/** The last word in [from, to) with a byte >= 128 (the row has one: its first was found). */
function lastWordWithCar(words: Uint32Array, from: number, to: number): number {
  let k = to - 1;
  while (k > from && (words[k]! & TOP_BITS) === 0) k--;
  return k;
}

/** Centroid and covariance of the pixels a mask calls car. */
interface Spread {
  cx: number;
  cy: number;
  xx: number;
  yy: number;
  xy: number;
}

/**
 * Summed a row at a time: on Node 24 (V8 13.6) the single double loop this replaced was compiled mid-loop (on-stack
 * replacement) and deoptimised at its end while a second compile of it ran, and about one fresh process in forty
 * answered the second call's moments for the first call (the fidelity of a faithful render measured 0.076 instead
 * of 0.93). A short function called once per row gets its type feedback before it is optimised, and the moments
 * travel in a typed array, not in half a dozen loop variables that a deoptimisation has to carry over.
 */
function spread(alpha: Uint8Array, width: number, height: number): Spread | undefined {
  const sums = new Float64Array(6); // n, Σx, Σy, Σx², Σy², Σxy
  for (let y = 0; y < height; y++) addRow(alpha, y * width, width, y, sums);
  const n = sums[0]!;
  if (!n) return undefined;
  const cx = sums[1]! / n, cy = sums[2]! / n;
  const xx = sums[3]! / n - cx * cx, yy = sums[4]! / n - cy * cy;
  return { cx, cy, xx: xx > 1e-6 ? xx : 1e-6, yy: yy > 1e-6 ? yy : 1e-6, xy: sums[5]! / n - cx * cy };
}

function addRow(alpha: Uint8Array, offset: number, width: number, y: number, sums: Float64Array): void {
  let n = 0, sx = 0, sxx = 0;
  for (let x = 0; x < width; x++)
    if (alpha[offset + x]! >= 128) {
      n++;
      sx += x;
      sxx += x * x;
    }
  sums[0]! += n;
  sums[1]! += sx;
  sums[2]! += n * y;
  sums[3]! += sxx;
  sums[4]! += n * y * y;
  sums[5]! += sx * y;
}

interface Raster {
  rgb: Buffer;
  /** 0..255 */
  alpha: Buffer;
  width: number;
  height: number;
}

/** `box` of the image and its mask, scaled to width x height (antialiased by sharp). */
async function resample(image: RgbImage, mask: CarMask, box: Box, width: number, height: number, mirror: boolean): Promise<Raster> {
  const fit = (s: Sharp) => {
    const r = s.extract(box).resize(width, height, { fit: 'fill' });
    return mirror ? r.flop() : r;
  };
  const [rgb, alpha] = await Promise.all([
    fit(sharp(image.rgb, { raw: { width: image.width, height: image.height, channels: 3 } })).raw().toBuffer(),
    // extractChannel: sharp widens 1-channel raw input to sRGB otherwise.
    fit(sharp(Buffer.from(mask.alpha.buffer, mask.alpha.byteOffset, mask.alpha.length), { raw: { width: mask.width, height: mask.height, channels: 1 } }))
      .extractChannel(0)
      .raw()
      .toBuffer(),
  ]);
  return { rgb, alpha, width, height };
}

/** Bilinear sample of channel `c` of an interleaved raster at (u, v); 0 outside. */
function sample(data: Buffer, width: number, height: number, channels: number, c: number, u: number, v: number): number {
  const x0 = Math.floor(u), y0 = Math.floor(v);
  if (x0 < 0 || y0 < 0 || x0 + 1 >= width || y0 + 1 >= height) return 0;
  const fx = u - x0, fy = v - y0;
  const i = (y0 * width + x0) * channels + c, j = i + width * channels;
  return (data[i]! * (1 - fx) + data[i + channels]! * fx) * (1 - fy) + (data[j]! * (1 - fx) + data[j + channels]! * fx) * fy;
}

const labF = (t: number) => (t > 216 / 24389 ? Math.cbrt(t) : ((24389 / 27) * t + 16) / 116);

/**
 * Luma (of the sRGB levels) and CIELAB chroma (sRGB, D65) of aligned pixels; with `light`, the output's chroma is read
 * with the fitted light's colour taken out (its luma is left as it is: brightness is the structural term's).
 */
function lumaChroma(rgb: Float32Array, W: number, H: number, only: Uint8Array, light?: LightColour): LumaChroma {
  const out = { luma: new Float32Array(W * H), a: new Float32Array(W * H), b: new Float32Array(W * H) };
  for (let i = 0; i < W * H; i++) {
    if (!only[i]) continue;
    const R = rgb[3 * i]!, G = rgb[3 * i + 1]!, B = rgb[3 * i + 2]!;
    out.luma[i] = 0.2126 * R + 0.7152 * G + 0.0722 * B;
    let r = toLinear(R), g = toLinear(G), b = toLinear(B);
    if (light) {
      const x = i % W, y = (i - x) / W;
      (r /= lightGain(light, 0, x, y, W, H)), (g /= lightGain(light, 1, x, y, W, H)), (b /= lightGain(light, 2, x, y, W, H));
    }
    const fx = labF((0.4124 * r + 0.3576 * g + 0.1805 * b) / 0.95047);
    const fy = labF(0.2126 * r + 0.7152 * g + 0.0722 * b);
    const fz = labF((0.0193 * r + 0.1192 * g + 0.9505 * b) / 1.08883);
    out.a[i] = 500 * (fx - fy);
    out.b[i] = 200 * (fy - fz);
  }
  return out;
}

/**
 * Both cars are resampled by sharp at twice the aligned scale, then read through the same transform
 * (identity for the source, centroid-to-centroid with a rotation for the output) as the mean of four
 * bilinear samples per aligned pixel, so the two go through the same filtering.
 */
const SUPER = 2;
const TAPS = [-0.5, 0.5];

interface Placement {
  raster: Raster;
  /** Aligned pixel (x, y) -> raster: centroid + rotation(scale_x * dx, scale_y * dy), d = offset from the aligned centroid. */
  cx: number;
  cy: number;
  ax: number;
  ay: number;
  cos: number;
  sin: number;
  mx: number;
  my: number;
}

function readCar(p: Placement, W: number, H: number): Uint8Array {
  const car = new Uint8Array(W * H);
  const { raster: r, cos, sin } = p;
  for (let y = 0; y < H; y++)
    for (let x = 0; x < W; x++) {
      const dx = SUPER * p.mx * (x - p.ax), dy = SUPER * p.my * (y - p.ay);
      car[y * W + x] = sample(r.alpha, r.width, r.height, 1, 0, p.cx + cos * dx - sin * dy, p.cy + sin * dx + cos * dy) >= 128 ? 1 : 0;
    }
  return car;
}

/** The car's colour at each aligned pixel `only` sets: sRGB levels, interleaved, the mean of four bilinear samples. */
function readColour(p: Placement, W: number, H: number, only: Uint8Array): Float32Array {
  const out = new Float32Array(3 * W * H);
  const { raster: r, cos, sin } = p;
  for (let y = 0; y < H; y++)
    for (let x = 0; x < W; x++) {
      if (!only[y * W + x]) continue;
      let R = 0, G = 0, B = 0;
      for (const ty of TAPS)
        for (const tx of TAPS) {
          const dx = p.mx * (SUPER * (x - p.ax) + tx), dy = p.my * (SUPER * (y - p.ay) + ty);
          const u = p.cx + cos * dx - sin * dy, v = p.cy + sin * dx + cos * dy;
          R += sample(r.rgb, r.width, r.height, 3, 0, u, v);
          G += sample(r.rgb, r.width, r.height, 3, 1, u, v);
          B += sample(r.rgb, r.width, r.height, 3, 2, u, v);
        }
      const i = 3 * (y * W + x);
      out[i] = R / 4;
      out[i + 1] = G / 4;
      out[i + 2] = B / 4;
    }
  return out;
}

/** The car's box with a margin (so a rotated read stays inside), within the image. */
function aroundCar(box: Box, image: RgbImage): Box {
  const margin = Math.round(0.1 * Math.max(box.width, box.height));
  const left = Math.max(0, box.left - margin), top = Math.max(0, box.top - margin);
  return { left, top, width: Math.min(image.width, box.left + box.width + margin) - left, height: Math.min(image.height, box.top + box.height + margin) - top };
}

export async function measureCarFidelity(input: FidelityInput): Promise<CarFidelity> {
  const sourceBox = carBox(input.sourceMask);
  const outputBox = carBox(input.outputMask);
  // No car on either side: nothing of the source car survived.
  if (!sourceBox || !outputBox) return { score: 0, maskIoU: 0 };
  const landscape = sourceBox.width >= sourceBox.height;
  const W = landscape ? ALIGNED_SIDE : Math.max(16, Math.round((ALIGNED_SIDE * sourceBox.width) / sourceBox.height));
  const H = landscape ? Math.max(16, Math.round((ALIGNED_SIDE * sourceBox.height) / sourceBox.width)) : ALIGNED_SIDE;
  // Both cars go through the same steps: the region around the car, scaled by one factor so the car's
  // long side is SUPER times the aligned one, then read through a placement (which fits the rest).
  const ks = (SUPER * ALIGNED_SIDE) / Math.max(sourceBox.width, sourceBox.height);
  const ko = (SUPER * ALIGNED_SIDE) / Math.max(outputBox.width, outputBox.height);
  const rasterOf = (image: RgbImage, mask: CarMask, box: Box, k: number, mirror: boolean) => {
    const region = aroundCar(box, image);
    return resample(image, mask, region, Math.max(2, Math.round(region.width * k)), Math.max(2, Math.round(region.height * k)), mirror);
  };
  const [sourceRaster, outputRaster] = await Promise.all([
    rasterOf(input.source, input.sourceMask, sourceBox, ks, input.mirrored),
    rasterOf(input.output, input.outputMask, outputBox, ko, false),
  ]);
  const s = spread(sourceRaster.alpha, sourceRaster.width, sourceRaster.height);
  const o = spread(outputRaster.alpha, outputRaster.width, outputRaster.height);
  if (!s || !o) return { score: 0, maskIoU: 0 };
  // Aligned pixel (x, y) reads the source raster's 2x2 block at its place in the source car's box; the
  // source centroid, at aligned (ax, ay), anchors both placements.
  const region = aroundCar(sourceBox, input.source);
  const boxLeft = input.mirrored ? region.left + region.width - (sourceBox.left + sourceBox.width) : sourceBox.left - region.left;
  const ax = (s.cx - boxLeft * ks - (SUPER - 1) / 2) / SUPER, ay = (s.cy - (sourceBox.top - region.top) * ks - (SUPER - 1) / 2) / SUPER;
  const source: Placement = { raster: sourceRaster, cx: s.cx, cy: s.cy, ax, ay, cos: 1, sin: 0, mx: 1, my: 1 };
  const sourceCar = readCar(source, W, H);
  const overlap = (deg: number) => {
    const cos = Math.cos((deg * Math.PI) / 180), sin = Math.sin((deg * Math.PI) / 180);
    // The output's spread along the rotated axes gives the stretch along each (a car drawn a little
    // longer or lower still lines up).
    const along = cos * cos * o.xx + 2 * sin * cos * o.xy + sin * sin * o.yy;
    const across = sin * sin * o.xx - 2 * sin * cos * o.xy + cos * cos * o.yy;
    const placement: Placement = { raster: outputRaster, cx: o.cx, cy: o.cy, ax, ay, cos, sin, mx: Math.sqrt(along / s.xx), my: Math.sqrt(across / s.yy) };
    const car = readCar(placement, W, H);
    let intersection = 0, union = 0;
    for (let i = 0; i < car.length; i++) {
      if (car[i] && sourceCar[i]) intersection++;
      if (car[i] || sourceCar[i]) union++;
    }
    return { deg, iou: union ? intersection / union : 0, intersection, car, placement };
  };
  // The rotation that best overlaps the silhouettes: whole degrees, then refined to a quarter degree.
  let best = overlap(0);
  for (let deg = -MAX_ROTATION_DEG; deg <= MAX_ROTATION_DEG; deg++) if (deg !== 0) best = pick(best, overlap(deg));
  for (const step of [0.5, 0.25]) {
    const centre = best.deg;
    best = pick(pick(best, overlap(centre - step)), overlap(centre + step));
  }
  if (!best.intersection) return { score: 0, maskIoU: 0 };
  const both = new Uint8Array(W * H);
  for (let i = 0; i < both.length; i++) both[i] = best.car[i]! & sourceCar[i]!;
  const sourceRgb = readColour(source, W, H, both), outputRgb = readColour(best.placement, W, H, both);
  // The scene's light on the output car (a warm low sun, a cool shade), fitted and taken out of its colour first.
  const light = fitLightColour(sourceRgb, outputRgb, both, W, H);
  const map = maskedSsimMap(lumaChroma(sourceRgb, W, H, both), lumaChroma(outputRgb, W, H, both, light), both, W, H);
  // The whole car's mean, unless one part of it (a repainted door, a sticker gone) scores far below the rest.
  const score = Math.min(meanOf(map), worstPart(map, W, H) + PART_ALLOWANCE);
  return { score: Number.isNaN(score) ? 0 : Math.min(1, Math.max(0, score)), maskIoU: best.iou };
}

function meanOf(map: Float32Array): number {
  let sum = 0, count = 0;
  for (const v of map) if (!Number.isNaN(v)) (sum += v), count++;
  return count ? sum / count : Number.NaN;
}

/**
 * A part of the car: PART x PART aligned pixels (an eighth of its length), every PART / 2 along and down. A door
 * repainted in another colour scores 0.01-0.13 there while the whole car's mean stays 0.85-0.88 (above the threshold);
 * the lowest part of a faithful render scores 0.36 or more (calibrate.ts: relit, re-sharpened, rescaled). So the score
 * is at most the worst part's plus PART_ALLOWANCE: a part under 0.25 fails the car, and no faithful render's score moves.
 */
const PART = 16;
const PART_ALLOWANCE = 0.5;

/** The lowest mean score over the parts with at least half of their pixels scored (1 when there are none). */
function worstPart(map: Float32Array, W: number, H: number): number {
  let worst = 1;
  for (let y0 = 0; y0 < H; y0 += PART / 2)
    for (let x0 = 0; x0 < W; x0 += PART / 2) {
      let sum = 0, count = 0;
      for (let y = y0; y < Math.min(H, y0 + PART); y++)
        for (let x = x0; x < Math.min(W, x0 + PART); x++) {
          const v = map[y * W + x]!;
          if (!Number.isNaN(v)) (sum += v), count++;
        }
      if (count >= (PART * PART) / 2) worst = Math.min(worst, sum / count);
    }
  return worst;
}

/** True when a rendered car differs too much from the photo to be delivered as the dealer's car. */
export function carChanged(fidelity: CarFidelity, threshold = FIDELITY_THRESHOLD): boolean {
  return fidelity.score < threshold;
}

/** The measured fidelity as render metadata (three decimals are all a reader or a threshold needs). */
export function fidelityMetadata(fidelity: CarFidelity): { fidelity: number; carMaskIoU: number } {
  const round3 = (x: number) => Math.round(x * 1000) / 1000;
  return { fidelity: round3(fidelity.score), carMaskIoU: round3(fidelity.maskIoU) };
}
