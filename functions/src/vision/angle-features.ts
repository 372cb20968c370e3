/**
 * What the car's pixels say about the angle, measured inside the main car's cut-out (its mask within the detector's
 * box): the silhouette's proportions and mirror symmetry, the symmetry of its look, where the red tail lights and the
 * dark glass sit, which end is nearer the camera (lower and taller), where the roof sits.
 */
import type { CarMask } from '../renderer/fidelity/car-masker';
import type { NormBox } from './port';

export interface AngleFeatures {
  /** Width over height of the car's silhouette. */
  aspect: number;
  /** Left-right mirror agreement of the silhouette, 0..1. */
  shapeSymmetry: number;
  /** Left-right mirror agreement of the brightness inside the silhouette, -1..1 (correlation). */
  lookSymmetry: number;
  /** Share of lamp-red pixels in the left / middle / right third of the car (upper 80% of its height). */
  redLeft: number;
  redMiddle: number;
  redRight: number;
  /**
   * Share of red-hued pixels at any brightness but black's in the left / middle / right third (upper 80%): a tail lamp
   * in a dim car park or in shade is a dark red that redLeft's bright red misses (a silver rear's lamps, red 40-75).
   */
  lampThirds: [number, number, number];
  /**
   * Where the red-hued pixels of lampThirds begin and end across the silhouette (fractions of its width, their 3rd and
   * 97th percentile; [0, 1] with too few to say): a rear's lamps reach both of its outer edges, a rear corner's end only
   * part of the width, its flank beyond the far lamp.
   */
  lampSpan: [number, number];
  /**
   * The red-hued share of lampThirds' middle third under the roof band (from 30% to 80% of the height): a rear's plate,
   * badge and tailgate. A third brake light sits at the roof, above it (a hatchback's, red in the middle third, made a
   * rear's lamp pair look like paint across its face).
   */
  lampMiddleLow: number;
  /** Share of clearly red pixels over the whole car (a red car). */
  redBody: number;
  /** Lowest point of the underside, as a fraction of the car's width from its left (the nearer end sits lower). */
  lowestAt: number;
  /** Height of the silhouette at its left and right ends (outer 12%), as fractions of its full height. */
  heightLeft: number;
  heightRight: number;
  /**
   * How much lower the underside reaches in the left half than in the right half, as a fraction of the height: the
   * wheels nearer the camera stand lower, so a corner view tilts (positive: the near end is at the left), a side not.
   */
  tilt: number;
  /** Centre of the roof line (top 6% of the silhouette), fraction of the width from the left. */
  roofCentre: number;
  /** Share of dark pixels (glass, grille, tyres) in the upper and lower halves of the silhouette. */
  darkTop: number;
  darkBottom: number;
  /** Share of dark pixels over the whole silhouette (a dark car: its paint is as dark as its glass and tyres). */
  darkBody: number;
  /**
   * The same per third of the width (left, middle, right): a front shows its glass high and its grille low, a rear its
   * glass high and a light tailgate below, and in a corner view the near end's third tells which end it is.
   */
  darkTopThirds: [number, number, number];
  darkBottomThirds: [number, number, number];
  /**
   * Share of dark pixels in the band from 50% to 80% of the height: a front's grille and intake sit there, a rear's
   * painted tailgate and bumper (the lower half's darkest band, the under-body and an SUV's black cladding below 80%,
   * is in both ends alike and left out). It tells the ends apart where the red lamps cannot, on a red car.
   */
  darkGrille: number;
  /** Share of near-white pixels (headlamps, daytime lights, plate) in the lower 70% of each third. */
  brightThirds: [number, number, number];
  /**
   * How far the underside stands above its lowest point, as a fraction of the height, in the middle 40% of the width
   * and in the outer 15% at each end: a side view shows daylight between its wheels, an end view under its bumper.
   */
  liftMiddle: number;
  liftLeft: number;
  liftRight: number;
}

export interface RgbPhoto {
  rgb: Buffer;
  width: number;
  height: number;
}

const isRedHue = (r: number, g: number, b: number) => r > 1.7 * g && r > 1.4 * b;
const isRed = (r: number, g: number, b: number) => r > 90 && isRedHue(r, g, b);
/** Below this red a red-hued pixel is too near black to be a lamp (a shadow, a dark trim). */
const LAMP_RED = 35;
/** The roof band's share of the height, from the top: a third brake light sits in it, over the rear window. */
const ROOF_BAND = 0.3;
/** A pixel darker than this luma is dark (glass, grille, tyres or a dark paint). */
const DARK_LUMA = 60;
/**
 * Glass, grille and tyres: dark and nearly colourless (chroma, the channels' spread, under this). A deep paint is as
 * dark by its luma (a red's is about 60) but strongly coloured; counted as dark, a red car read as dark all over, its
 * glass lost in its paint.
 */
const DARK_CHROMA = 40;
/**
 * A dark paint, for darkBody (a dark car: where its dark pixels sit says nothing): dark by its luma, black or a dark
 * colour with the sky's blue in it (chroma under this), but not a deep red or another vivid paint, whose glass still
 * reads apart from it.
 */
const DARK_PAINT_CHROMA = 80;
/** Share of red-hued pixels (upper 80% of the car) under which where they sit says nothing (a reflection, a badge). */
const LAMP_SPAN_LEAST = 0.005;

/** The features of the car inside `box` (fractions of the photo); `mask` at the photo's size. */
export function angleFeatures(photo: RgbPhoto, mask: CarMask, box: NormBox): AngleFeatures {
  const { width: w, height: h, rgb } = photo;
  const x0 = Math.max(0, Math.floor(box.left * w));
  const x1 = Math.min(w, Math.ceil(box.right * w));
  const y0 = Math.max(0, Math.floor(box.top * h));
  const y1 = Math.min(h, Math.ceil(box.bottom * h));
  // The silhouette's own box inside the detector's box.
  let left = x1, right = x0, top = y1, bottom = y0;
  for (let y = y0; y < y1; y++)
    for (let x = x0; x < x1; x++)
      if (mask.alpha[y * w + x]! >= 128) {
        if (x < left) left = x;
        if (x >= right) right = x + 1;
        if (y < top) top = y;
        if (y >= bottom) bottom = y + 1;
      }
  if (right <= left || bottom <= top) (left = x0), (right = x1), (top = y0), (bottom = y1);
  const bw = right - left;
  const bh = bottom - top;
  const inside = (x: number, y: number) => mask.alpha[y * w + x]! >= 128;
  const lum = (i: number) => 0.299 * rgb[i * 3]! + 0.587 * rgb[i * 3 + 1]! + 0.114 * rgb[i * 3 + 2]!;

  const step = Math.max(1, Math.floor(Math.max(bw, bh) / 400));
  let same = 0, union = 0;
  let sa = 0, sb = 0, saa = 0, sbb = 0, sab = 0, n = 0;
  const red = [0, 0, 0];
  const lamp = [0, 0, 0];
  const lampColumns = new Uint32Array(100);
  const count = [0, 0, 0];
  let redAll = 0, all = 0, darkPaint = 0, darkT = 0, nT = 0, darkB = 0, nB = 0;
  const darkTop3 = [0, 0, 0], nTop3 = [0, 0, 0], darkBot3 = [0, 0, 0], nBot3 = [0, 0, 0], bright3 = [0, 0, 0], nLow3 = [0, 0, 0];
  let darkG = 0, nG = 0, lampLow = 0, nLow = 0;
  for (let y = top; y < bottom; y += step) {
    for (let x = left; x < right; x += step) {
      const a = inside(x, y);
      const mx = right - 1 - (x - left);
      if (x - left < bw / 2) {
        const b = inside(mx, y);
        if (a || b) (union++, a === b && same++);
        if (a && b) {
          const la = lum(y * w + x);
          const lb = lum(y * w + mx);
          sa += la, sb += lb, saa += la * la, sbb += lb * lb, sab += la * lb, n++;
        }
      }
      if (!a) continue;
      const i = (y * w + x) * 3;
      const r = rgb[i]!, g = rgb[i + 1]!, bl = rgb[i + 2]!;
      const redHere = isRed(r, g, bl);
      all++;
      if (redHere) redAll++;
      const l = lum(y * w + x);
      const chroma = Math.max(r, g, bl) - Math.min(r, g, bl);
      const dark = l < DARK_LUMA && chroma < DARK_CHROMA;
      if (l < DARK_LUMA && chroma < DARK_PAINT_CHROMA) darkPaint++;
      const third = Math.min(2, Math.floor(((x - left) / bw) * 3));
      if (y - top < bh / 2) (nT++, dark && darkT++, nTop3[third]!++, dark && darkTop3[third]!++);
      else (nB++, dark && darkB++, nBot3[third]!++, dark && darkBot3[third]!++);
      if (y - top >= bh * 0.5 && y - top < bh * 0.8) (nG++, dark && darkG++);
      if (y - top > bh * 0.3) (nLow3[third]!++, l > 215 && chroma < 40 && bright3[third]!++);
      if (y - top > bh * 0.8) continue;
      count[third]!++;
      if (redHere) red[third]!++;
      const lampHere = r > LAMP_RED && isRedHue(r, g, bl);
      if (lampHere) (lamp[third]!++, lampColumns[Math.min(99, Math.floor(((x - left) / bw) * 100))]!++);
      if (third === 1 && y - top >= bh * ROOF_BAND) (nLow++, lampHere && lampLow++);
    }
  }
  const cov = sab / Math.max(1, n) - (sa / Math.max(1, n)) * (sb / Math.max(1, n));
  const va = saa / Math.max(1, n) - (sa / Math.max(1, n)) ** 2;
  const vb = sbb / Math.max(1, n) - (sb / Math.max(1, n)) ** 2;

  // Per column: top and bottom of the silhouette.
  const colTop = new Float32Array(bw).fill(Number.NaN);
  const colBottom = new Float32Array(bw).fill(Number.NaN);
  for (let x = 0; x < bw; x++) {
    for (let y = top; y < bottom; y++) if (inside(left + x, y)) { colTop[x] = y - top; break; }
    for (let y = bottom - 1; y >= top; y--) if (inside(left + x, y)) { colBottom[x] = y - top; break; }
  }
  let lowest = -1, lowestX = bw / 2;
  for (let x = 0; x < bw; x++) if (!Number.isNaN(colBottom[x]!) && colBottom[x]! > lowest) (lowest = colBottom[x]!), (lowestX = x);
  // The lowest point is often a long flat run (a side view's sill): its middle counts.
  let runFrom = lowestX, runTo = lowestX;
  for (let x = 0; x < bw; x++) if (!Number.isNaN(colBottom[x]!) && colBottom[x]! >= lowest - bh * 0.01) (runFrom = Math.min(runFrom, x)), (runTo = Math.max(runTo, x));
  const lowestIn = (from: number, to: number) => {
    let m = 0;
    for (let x = from; x < to; x++) if (!Number.isNaN(colBottom[x]!)) m = Math.max(m, colBottom[x]!);
    return m;
  };
  const tilt = (lowestIn(0, Math.floor(bw / 2)) - lowestIn(Math.ceil(bw / 2), bw)) / Math.max(1, bh);
  const endHeight = (from: number, to: number) => {
    let sum = 0, k = 0;
    for (let x = from; x < to; x++) if (!Number.isNaN(colTop[x]!)) (sum += colBottom[x]! - colTop[x]!), k++;
    return k ? sum / k / bh : 0;
  };
  const end = Math.max(1, Math.round(bw * 0.12));
  let minTop = bh;
  for (let x = 0; x < bw; x++) if (!Number.isNaN(colTop[x]!)) minTop = Math.min(minTop, colTop[x]!);
  let roofSum = 0, roofN = 0;
  for (let x = 0; x < bw; x++) if (colTop[x]! <= minTop + bh * 0.06) (roofSum += x), roofN++;

  const liftIn = (from: number, to: number) => {
    let sum = 0, k = 0;
    for (let x = Math.max(0, from); x < Math.min(bw, to); x++) if (!Number.isNaN(colBottom[x]!)) (sum += lowest - colBottom[x]!), k++;
    return k ? sum / k / Math.max(1, bh) : 0;
  };
  const share = (a: number[], n: number[]) => a.map((v, i) => v / Math.max(1, n[i]!)) as [number, number, number];
  const lampSum = lampColumns.reduce((a, b) => a + b, 0);
  const lampAt = (q: number) => {
    let seen = 0;
    for (let c = 0; c < 100; c++) if ((seen += lampColumns[c]!) > q * lampSum) return c / 100;
    return 1;
  };
  const lampSpan: [number, number] =
    lampSum >= LAMP_SPAN_LEAST * Math.max(1, count[0]! + count[1]! + count[2]!) ? [lampAt(0.03), lampAt(0.97) + 0.01] : [0, 1];

  return {
    aspect: bw / Math.max(1, bh),
    shapeSymmetry: union ? same / union : 0,
    lookSymmetry: va > 0 && vb > 0 ? cov / Math.sqrt(va * vb) : 0,
    redLeft: red[0]! / Math.max(1, count[0]!),
    redMiddle: red[1]! / Math.max(1, count[1]!),
    redRight: red[2]! / Math.max(1, count[2]!),
    lampThirds: share(lamp, count),
    lampSpan,
    lampMiddleLow: lampLow / Math.max(1, nLow),
    redBody: redAll / Math.max(1, all),
    lowestAt: (runFrom + runTo) / 2 / Math.max(1, bw),
    heightLeft: endHeight(0, end),
    heightRight: endHeight(bw - end, bw),
    tilt,
    roofCentre: roofN ? roofSum / roofN / bw : 0.5,
    darkTop: darkT / Math.max(1, nT),
    darkBottom: darkB / Math.max(1, nB),
    darkBody: darkPaint / Math.max(1, nT + nB),
    darkTopThirds: share(darkTop3, nTop3),
    darkBottomThirds: share(darkBot3, nBot3),
    darkGrille: darkG / Math.max(1, nG),
    brightThirds: share(bright3, nLow3),
    liftMiddle: liftIn(Math.round(bw * 0.3), Math.round(bw * 0.7)),
    liftLeft: liftIn(0, Math.round(bw * 0.15)),
    liftRight: liftIn(Math.round(bw * 0.85), bw),
  };
}

/** The same features for the photo mirrored left-right (the eval's mirrored copies, and a check of the code). */
export function mirrorFeatures(f: AngleFeatures): AngleFeatures {
  return {
    ...f,
    redLeft: f.redRight,
    redRight: f.redLeft,
    lampThirds: [f.lampThirds[2], f.lampThirds[1], f.lampThirds[0]],
    lampSpan: [1 - f.lampSpan[1], 1 - f.lampSpan[0]],
    lowestAt: 1 - f.lowestAt,
    heightLeft: f.heightRight,
    heightRight: f.heightLeft,
    tilt: -f.tilt,
    roofCentre: 1 - f.roofCentre,
    darkTopThirds: [f.darkTopThirds[2], f.darkTopThirds[1], f.darkTopThirds[0]],
    darkBottomThirds: [f.darkBottomThirds[2], f.darkBottomThirds[1], f.darkBottomThirds[0]],
    brightThirds: [f.brightThirds[2], f.brightThirds[1], f.brightThirds[0]],
    liftLeft: f.liftRight,
    liftRight: f.liftLeft,
  };
}
