/**
 * The design of the car's wheels, measured for the same-car comparison and not kept (issue 39 item 1;
 * docs/benchmarks/same-car.md "Same car: wheel design (measured, not kept)"; tests/bench/same-car-wheels.ts). Each wheel the car stands on is found where the car check's wheel span finds it
 * (car-appearance.ts wheelContacts: the two ends of the line the silhouette rests on); the tyre's ellipse is fitted
 * above that point (a dark ring round a brighter rim), unwarped to a circle, and its rim described in ways a turning
 * wheel and a mirror image do not change: how strongly the brightness round the rim repeats 1 to 12 times a turn (the
 * spokes), the share of the rim darker than halfway between the tyre and the rim's bright parts, and the rim's
 * diameter over the tyre's.
 */
import { wheelContacts } from '../../functions/src/vision/car-appearance';

export interface WheelPhoto {
  rgb: Buffer | Uint8Array;
  width: number;
  height: number;
}

export interface WheelMask {
  alpha: Uint8Array;
  width: number;
  height: number;
}

/** One wheel's rim, as compared (wheelDistance). */
export interface WheelDesign {
  /** Share of the brightness's variation round the rim repeating k times a turn, k = 1..HARMONICS (sums to 1). */
  spokes: number[];
  /** Share (0..1) of the rim's face darker than halfway between the tyre and the rim's bright parts. */
  dark: number;
  /** The rim's diameter over the tyre's (0..1). */
  rim: number;
  /** How clearly the fit saw a dark tyre round a brighter rim (the rim's mean over the tyre's, in luminance 0..1). */
  contrast: number;
  /** Where it was fitted (pixels of the photo), for pictures and tests. */
  at: { x: number; y: number; rx: number; ry: number };
}

export const HARMONICS = 12;
/** Samples round each circle, and circles from the hub to the tyre's outside. */
const TURN = 72;
const RINGS = 40;

/** Rec. 709 luma (0..1) of a pixel, nearest sample; NaN outside the photo. */
function lumaAt(photo: WheelPhoto, x: number, y: number): number {
  const xi = Math.round(x), yi = Math.round(y);
  if (xi < 0 || yi < 0 || xi >= photo.width || yi >= photo.height) return Number.NaN;
  const i = (yi * photo.width + xi) * 3;
  return (0.2126 * photo.rgb[i]! + 0.7152 * photo.rgb[i + 1]! + 0.0722 * photo.rgb[i + 2]!) / 255;
}

interface Ellipse {
  x: number;
  y: number;
  rx: number;
  ry: number;
}

/** The ellipse unwarped: RINGS circles (radius 0..1.1 of the tyre) of TURN samples each. */
function unwarp(photo: WheelPhoto, e: Ellipse, rings = RINGS, turn = TURN, outer = 1.1): Float64Array[] {
  const out: Float64Array[] = [];
  for (let r = 0; r < rings; r++) {
    const rho = ((r + 0.5) / rings) * outer;
    const ring = new Float64Array(turn);
    for (let t = 0; t < turn; t++) {
      const a = (2 * Math.PI * t) / turn;
      ring[t] = lumaAt(photo, e.x + rho * e.rx * Math.cos(a), e.y + rho * e.ry * Math.sin(a));
    }
    out.push(ring);
  }
  return out;
}

const mean = (v: ArrayLike<number>) => {
  let s = 0, n = 0;
  for (let i = 0; i < v.length; i++) if (!Number.isNaN(v[i]!)) (s += v[i]!), n++;
  return n ? s / n : Number.NaN;
};

/**
 * How well an ellipse fits a wheel: how much brighter the rim's face (inside 0.54 of the radius) is than the tyre's
 * ring (0.7 to 0.96).
 */
function fitScore(photo: WheelPhoto, e: Ellipse): number {
  let inner = 0, ni = 0, tyre = 0, nt = 0;
  for (let r = 1; r < 12; r++) {
    if (r > 6 && r < 9) continue;
    const rho = (r + 0.5) / 12;
    for (let t = 0; t < 24; t++) {
      const v = lumaAt(photo, e.x + rho * e.rx * COS24[t]!, e.y + rho * e.ry * SIN24[t]!);
      if (Number.isNaN(v)) continue;
      if (r <= 6) (inner += v), ni++;
      else (tyre += v), nt++;
    }
  }
  return ni && nt ? inner / ni - tyre / nt : Number.NaN;
}
const COS24 = Float64Array.from({ length: 24 }, (_, t) => Math.cos((2 * Math.PI * t) / 24));
const SIN24 = Float64Array.from({ length: 24 }, (_, t) => Math.sin((2 * Math.PI * t) / 24));

/** The tyre's height over the silhouette's height, from a small city car's to an SUV's, seen from a side or a corner. */
const TYRE_OF_HEIGHT: [number, number] = [0.26, 0.5];
/** The tyre's width over its height: a side shows a circle, a corner an ellipse narrower the more it faces an end. */
const SQUASH: [number, number] = [0.35, 1.0];
/** A wheel is described only when its rim is this much brighter than its tyre (luma 0..1), and its tyre this many pixels high. */
export const CLEAR_CONTRAST = 0.08;
const MIN_TYRE_PIXELS = 24;

/** The tyre's ellipse standing on `contact`, searched over size, squash and a shift along the ground. */
function fitWheel(photo: WheelPhoto, contact: [number, number], carHeight: number): { e: Ellipse; score: number } | null {
  let best: { e: Ellipse; score: number } | null = null;
  for (let d = TYRE_OF_HEIGHT[0]; d <= TYRE_OF_HEIGHT[1] + 1e-9; d += 0.02) {
    const ry = (d * carHeight) / 2;
    if (2 * ry < MIN_TYRE_PIXELS) continue;
    for (let k = SQUASH[0]; k <= SQUASH[1] + 1e-9; k += 0.05) {
      const rx = k * ry;
      for (let s = -0.6; s <= 0.6 + 1e-9; s += 0.1) {
        const e = { x: contact[0] + s * rx, y: contact[1] - ry, rx, ry };
        const score = fitScore(photo, e);
        if (!Number.isNaN(score) && (!best || score > best.score)) best = { e, score };
      }
    }
  }
  return best;
}

/** Magnitudes of harmonics 1..HARMONICS of one circle's brightness (its mean removed), and their total. */
function harmonics(ring: Float64Array): number[] {
  const m = mean(ring);
  const out: number[] = [];
  for (let k = 1; k <= HARMONICS; k++) {
    let re = 0, im = 0;
    for (let t = 0; t < ring.length; t++) {
      const v = Number.isNaN(ring[t]!) ? 0 : ring[t]! - m;
      const a = (2 * Math.PI * k * t) / ring.length;
      re += v * Math.cos(a);
      im -= v * Math.sin(a);
    }
    out.push(Math.hypot(re, im));
  }
  return out;
}

/** The rim described inside a fitted tyre. */
export function describeWheel(photo: WheelPhoto, e: Ellipse, contrast: number): WheelDesign {
  const rings = unwarp(photo, e);
  const profile = rings.map((r) => mean(r));
  const radius = (r: number) => ((r + 0.5) / RINGS) * 1.1;
  // The rim's edge: the steepest fall of brightness going outwards between half and 0.9 of the tyre's radius.
  let rimAt = Math.round(0.7 * RINGS / 1.1);
  let steepest = -Infinity;
  for (let r = 1; r < RINGS - 1; r++) {
    if (radius(r) < 0.5 || radius(r) > 0.9) continue;
    const fall = profile[r - 1]! - profile[r + 1]!;
    if (fall > steepest) (steepest = fall), (rimAt = r);
  }
  const rim = radius(rimAt);
  // Spokes: harmonics of the circles between a third and nine tenths of the rim's radius, shares of their sum.
  const sums = new Array<number>(HARMONICS).fill(0);
  for (let r = 0; r < RINGS; r++) {
    if (radius(r) < rim / 3 || radius(r) > 0.9 * rim) continue;
    harmonics(rings[r]!).forEach((h, k) => (sums[k]! += h));
  }
  const total = sums.reduce((a, b) => a + b, 0) || 1;
  // Dark share: the rim's face against halfway between the tyre and the face's bright parts (its 90th percentile).
  const face = rings.filter((_, r) => radius(r) < rim * 0.95).flatMap((r) => [...r]).filter((v) => !Number.isNaN(v)).sort((a, b) => a - b);
  const tyre = mean(rings.filter((_, r) => radius(r) > 0.8 && radius(r) < 0.97).flatMap((r) => [...r]));
  const bright = face[Math.floor(face.length * 0.9)] ?? 0;
  const half = (tyre + bright) / 2;
  const dark = face.length ? face.filter((v) => v < half).length / face.length : 0;
  const round = (v: number) => Math.round(v * 1000) / 1000;
  return { spokes: sums.map((s) => round(s / total)), dark: round(dark), rim: round(rim), contrast: round(contrast), at: { x: Math.round(e.x), y: Math.round(e.y), rx: Math.round(e.rx), ry: Math.round(e.ry) } };
}

/**
 * The wheels the car stands on, described where clearly seen (0, 1 or 2), from a side or a corner (`angle`, the car
 * check's). `mask` is the main car's cut-out at the photo's size. A wheel whose fitted tyre leaves the photo or the silhouette, or whose rim is not clearly brighter
 * than its tyre, is left out.
 */
export function wheelDesigns(photo: WheelPhoto, mask: WheelMask, angle: string | null): WheelDesign[] {
  // A front or rear shows its tyres edge on: no rim to describe.
  if (!angle || !/side|corner/.test(angle)) return [];
  const { alpha, width: w, height: h } = mask;
  let left = w, right = 0, top = h, bottom = 0;
  for (let y = 0; y < h; y++)
    for (let x = 0; x < w; x++)
      if (alpha[y * w + x]! >= 128) {
        if (x < left) left = x;
        if (x >= right) right = x + 1;
        if (y < top) top = y;
        if (y >= bottom) bottom = y + 1;
      }
  if (right - left < 16 || bottom - top < 16) return [];
  const contacts = wheelContacts(mask, { left, right, top, bottom });
  if (!contacts) return [];
  const scale = photo.width / w;
  const out: WheelDesign[] = [];
  for (const contact of contacts) {
    const fit = fitWheel(photo, [contact[0] * scale, contact[1] * scale], (bottom - top) * scale);
    if (!fit || fit.score < CLEAR_CONTRAST) continue;
    const { e } = fit;
    if (e.x - e.rx < 0 || e.x + e.rx >= photo.width || e.y - e.ry < 0 || e.y + e.ry >= photo.height) continue;
    // Inside the silhouette: most of the ellipse's outline lies on the car.
    let on = 0;
    for (let t = 0; t < 24; t++) {
      const a = (2 * Math.PI * t) / 24;
      const mx = Math.round((e.x + 0.9 * e.rx * Math.cos(a)) / scale), my = Math.round((e.y + 0.9 * e.ry * Math.sin(a)) / scale);
      if (alpha[my * w + mx]! >= 128) on++;
    }
    if (on < 20) continue;
    out.push(describeWheel(photo, e, fit.score));
  }
  return out;
}

/** How the distance weighs its parts; the first harmonic compared (1 and 2 times a turn are mostly light and a misfit ellipse). */
export interface WheelWeights {
  from: number;
  spectrum: number;
  dark: number;
  rim: number;
}
export const WHEEL_WEIGHTS: WheelWeights = { from: 3, spectrum: 1, dark: 1, rim: 2 };

/** How far apart two rims are: the spectra's L1 gap (harmonics from `from`, as shares of their sum) plus the dark shares' and the rim ratios' (weighted). */
export function wheelDistance(a: WheelDesign, b: WheelDesign, w: WheelWeights = WHEEL_WEIGHTS): number {
  const part = (s: number[]) => {
    const kept = s.slice(w.from - 1);
    const sum = kept.reduce((x, y) => x + y, 0) || 1;
    return kept.map((v) => v / sum);
  };
  const pa = part(a.spokes), pb = part(b.spokes);
  const spectrum = pa.reduce((s, v, i) => s + Math.abs(v - pb[i]!), 0);
  return w.spectrum * spectrum + w.dark * Math.abs(a.dark - b.dark) + w.rim * Math.abs(a.rim - b.rim);
}

/** Two photos' wheels: the closest of their wheels' pairs (one car's wheels all share a design). Null without wheels on both. */
export function wheelsDistance(a: readonly WheelDesign[], b: readonly WheelDesign[], w: WheelWeights = WHEEL_WEIGHTS): number | null {
  let best: number | null = null;
  for (const x of a) for (const y of b) best = Math.min(best ?? Infinity, wheelDistance(x, y, w));
  return best;
}
