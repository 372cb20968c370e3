/**
 * The light's colour between the source car and the output car, fitted and taken out before the cars are compared
 * (car-fidelity.ts), so a scene's warm light on the car (Sunset's low sun) is not read as a repaint.
 *
 * A light changes every paint on the car by the same per-channel gain in linear light, varying smoothly across the car
 * (warmer toward a low sun). So per pixel, in linear RGB, the log of each channel's output/source ratio less the log of
 * the luminance's ratio (the light's colour, not its brightness, which the structural term already tolerates) is fitted
 * as a plane over the car (three numbers a channel), robustly: pixels a plane does not explain (a repainted panel, a
 * changed badge) are left out of a second fit. The fitted gains are bounded (MAX_LIGHT_COLOUR): a light may warm or cool
 * a car, but the large per-channel gains of a new hue (a red body turned blue or green) stay in what is scored.
 */

/**
 * The most a light's colour may move one channel against the luminance, as a natural log (0.22: x1.25 in linear light,
 * about x1.1 in sRGB levels): the compositor's own white balance (at most 8% a channel in levels, half-strength gray
 * world) and Sunset's warm light stay inside it, while a hue change of a coloured body needs gains of x3 and more.
 */
export const MAX_LIGHT_COLOUR = 0.22;

/** Channels darker than this in linear light (about 28 levels) carry too little of the light's colour to read it. */
const MIN_LINEAR = 0.011;
/** Channels this bright or brighter (levels) may be clipped: their ratio says nothing of the light. */
const MAX_LEVEL = 250;
/** A pixel whose colour the first plane misses by more than this (log units, on any channel) is left out of the second. */
const OUTLIER = 0.12;

const LINEAR = Float64Array.from({ length: 256 }, (_, v) => {
  const c = v / 255;
  return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
});

/** sRGB level (0..255, fractional) to linear light. */
export function toLinear(level: number): number {
  const i = Math.max(0, Math.min(254, Math.floor(level))), f = Math.max(0, Math.min(255, level)) - i;
  return LINEAR[i]! * (1 - f) + LINEAR[i + 1]! * f;
}

/** Per channel, the light's colour as a plane: log gain = c0 + c1 * u + c2 * v, u and v from -1 to 1 across the car. */
export type LightColour = [Float64Array, Float64Array, Float64Array];

/** The gain (linear light) the fitted light gives channel `c` at aligned pixel (x, y), within MAX_LIGHT_COLOUR. */
export function lightGain(light: LightColour, c: number, x: number, y: number, W: number, H: number): number {
  const p = light[c]!;
  const u = W > 1 ? (2 * x) / (W - 1) - 1 : 0, v = H > 1 ? (2 * y) / (H - 1) - 1 : 0;
  return Math.exp(Math.max(-MAX_LIGHT_COLOUR, Math.min(MAX_LIGHT_COLOUR, p[0]! + p[1]! * u + p[2]! * v)));
}

/**
 * Fits the light's colour that takes `source` to `output` (interleaved sRGB levels, aligned, W x H) over the pixels
 * `mask` sets. No light (all gains 1) when too few pixels are readable.
 */
export function fitLightColour(source: Float32Array, output: Float32Array, mask: Uint8Array, W: number, H: number): LightColour {
  const n = W * H;
  // Per pixel: the three channels' log ratios less the luminance's; NaN where unreadable. Plain loops: this runs for
  // every image rendered.
  const d = new Float64Array(3 * n).fill(Number.NaN);
  for (let i = 0; i < n; i++) {
    if (!mask[i]) continue;
    const k = 3 * i;
    const s0 = source[k]!, s1 = source[k + 1]!, s2 = source[k + 2]!, o0 = output[k]!, o1 = output[k + 1]!, o2 = output[k + 2]!;
    if (s0 >= MAX_LEVEL || s1 >= MAX_LEVEL || s2 >= MAX_LEVEL || o0 >= MAX_LEVEL || o1 >= MAX_LEVEL || o2 >= MAX_LEVEL) continue;
    const a0 = toLinear(s0), a1 = toLinear(s1), a2 = toLinear(s2), b0 = toLinear(o0), b1 = toLinear(o1), b2 = toLinear(o2);
    if (a0 < MIN_LINEAR || a1 < MIN_LINEAR || a2 < MIN_LINEAR || b0 < MIN_LINEAR || b1 < MIN_LINEAR || b2 < MIN_LINEAR) continue;
    const dy = Math.log((0.2126 * b0 + 0.7152 * b1 + 0.0722 * b2) / (0.2126 * a0 + 0.7152 * a1 + 0.0722 * a2));
    d[k] = Math.log(b0 / a0) - dy;
    d[k + 1] = Math.log(b1 / a1) - dy;
    d[k + 2] = Math.log(b2 / a2) - dy;
  }
  let light = fitPlanes(d, W, H);
  // Once more without the pixels the first plane misses: a repainted panel must not pull the light toward its colour.
  const kept = new Float64Array(d);
  for (let i = 0; i < n; i++) {
    if (Number.isNaN(d[3 * i]!)) continue;
    const x = i % W, y = (i - x) / W;
    for (let c = 0; c < 3; c++)
      if (Math.abs(d[3 * i + c]! - Math.log(lightGain(light, c, x, y, W, H))) > OUTLIER) {
        kept[3 * i] = Number.NaN;
        break;
      }
  }
  light = fitPlanes(kept, W, H);
  return light;
}

/** Least-squares plane per channel through the readable pixels of `d` (NaN: left out). */
function fitPlanes(d: Float64Array, W: number, H: number): LightColour {
  // Normal equations of [1, u, v]: one 3x3 system shared by the three channels.
  const m = new Float64Array(9), r = [new Float64Array(3), new Float64Array(3), new Float64Array(3)];
  let count = 0;
  const f = new Float64Array(3);
  f[0] = 1;
  for (let i = 0; i < W * H; i++) {
    if (Number.isNaN(d[3 * i]!)) continue;
    const x = i % W, y = (i - x) / W;
    f[1] = W > 1 ? (2 * x) / (W - 1) - 1 : 0;
    f[2] = H > 1 ? (2 * y) / (H - 1) - 1 : 0;
    for (let a = 0; a < 3; a++) {
      for (let b = 0; b < 3; b++) m[3 * a + b]! += f[a]! * f[b]!;
      for (let c = 0; c < 3; c++) r[c]![a]! += f[a]! * d[3 * i + c]!;
    }
    count++;
  }
  const none: LightColour = [new Float64Array(3), new Float64Array(3), new Float64Array(3)];
  if (count < 50) return none;
  // A little ridge on the slopes: a car seen end-on spans few columns, and a plane fitted there must not swing.
  m[4]! += 0.05 * count;
  m[8]! += 0.05 * count;
  return r.map((rhs) => solve3(m, rhs)) as LightColour;
}

/** Solves the 3x3 system m p = rhs (Cramer's rule; m is positive definite here). */
function solve3(m: Float64Array, rhs: Float64Array): Float64Array {
  const det = (a: ArrayLike<number>) => a[0]! * (a[4]! * a[8]! - a[5]! * a[7]!) - a[1]! * (a[3]! * a[8]! - a[5]! * a[6]!) + a[2]! * (a[3]! * a[7]! - a[4]! * a[6]!);
  const D = det(m);
  const p = new Float64Array(3);
  if (Math.abs(D) < 1e-12) return p;
  for (let k = 0; k < 3; k++) {
    const a = Array.from(m);
    for (let row = 0; row < 3; row++) a[3 * row + k] = rhs[row]!;
    p[k] = det(a) / D;
  }
  return p;
}
