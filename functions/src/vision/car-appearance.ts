/**
 * The main car's appearance, measured for the same-car comparison (shared/same-car.ts).
 *
 * Paint: the dominant colour of its body in CIELAB, from the pixels of its cut-out between the windows and the wheels
 * (the middle band of its height), with deep shadow left out. The dominant colour is the fullest cell of a coarse Lab
 * histogram with its neighbours, so chrome, lamps, a plate or a dark grille (a minority of the band) do not move it.
 * Without a cut-out (the cloud adapter) an ellipse inside the detector's box stands in for the silhouette.
 *
 * Shape (carShape): the proportions of the cut-out's silhouette from the angle the check names, only with a cut-out,
 * and how far apart the two wheels it stands on are (wheelSpan).
 */
import type { Angle } from '@shared/angles';
import type { CarAppearance, CarShape } from '@shared/same-car';
import { solidExtent } from '../renderer/cutout/mask-cleanup';
import { silhouetteTouchesFrame } from './frame-contact';
import type { NormBox } from './port';

export interface AppearancePhoto {
  rgb: Buffer;
  width: number;
  height: number;
}

/** sRGB byte to linear light, one table for the 256 values (the power per pixel was most of this file's time). */
const toLinear = (c: number) => {
  const v = c / 255;
  return v <= 0.04045 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4;
};
const LINEAR = Float64Array.from({ length: 256 }, (_, c) => toLinear(c));
const linear = (c: number) => LINEAR[c] ?? toLinear(c);
const f = (t: number) => (t > 216 / 24389 ? Math.cbrt(t) : ((24389 / 27) * t + 16) / 116);

/**
 * A region whose mean colour has less CIELAB chroma than this is glass mirroring the sky or white paint in a coloured
 * light, not a car's paint, however coloured its single pixels (the cut-out's split by paint and the car check's
 * patches of another paint both judge a region so): an orange Ford GT's glass 24 and its paint mirroring the sky 29,
 * the truth bench's blue car behind 72 to 83, a pale blue paint 33.
 */
export const GLASS_CHROMA = 30;

/** sRGB (0..255) to CIELAB (D65). */
export function srgbToLab(r: number, g: number, b: number): [number, number, number] {
  const [R, G, B] = [linear(r), linear(g), linear(b)];
  const x = (0.4124564 * R + 0.3575761 * G + 0.1804375 * B) / 0.95047;
  const y = 0.2126729 * R + 0.7151522 * G + 0.072175 * B;
  const z = (0.0193339 * R + 0.119192 * G + 0.9503041 * B) / 1.08883;
  const [fx, fy, fz] = [f(x), f(y), f(z)];
  return [116 * fy - 16, 500 * (fx - fy), 200 * (fy - fz)];
}

const L_BIN = 8;
const AB_BIN = 6;
/** Pixels darker than this are shadow, tyres or a wheel well, whatever the paint. */
const SHADOW_L = 8;
/** The body band, as fractions of the silhouette's height from its top: under the windows, above the tyres. */
const BAND_TOP = 0.3;
const BAND_BOTTOM = 0.75;
/** Chroma of a coloured paint (a blue, a green; sky reflected in grey paint stays under it), and the share of such pixels that makes the car a coloured one. */
const COLOURED_CHROMA = 15;
const COLOURED_SHARE = 0.25;

/** The paint of the car in `box`; `alpha` (0..255 at the photo's size) is its cut-out when there is one. */
export function carAppearance(photo: AppearancePhoto, box: NormBox, alpha?: Uint8Array): CarAppearance | null {
  const { width: w, height: h, rgb } = photo;
  const x0 = Math.max(0, Math.floor(box.left * w));
  const x1 = Math.min(w, Math.ceil(box.right * w));
  const y0 = Math.max(0, Math.floor(box.top * h));
  const y1 = Math.min(h, Math.ceil(box.bottom * h));
  let left = x1, right = x0, top = y1, bottom = y0;
  if (alpha) {
    for (let y = y0; y < y1; y++)
      for (let x = x0; x < x1; x++)
        if (alpha[y * w + x]! >= 128) {
          if (x < left) left = x;
          if (x >= right) right = x + 1;
          if (y < top) top = y;
          if (y >= bottom) bottom = y + 1;
        }
  }
  if (right <= left || bottom <= top) (left = x0), (right = x1), (top = y0), (bottom = y1);
  const bw = right - left;
  const bh = bottom - top;
  if (bw < 4 || bh < 4) return null;
  const cx = (left + right) / 2;
  const cy = (top + bottom) / 2;
  const inside = alpha
    ? (x: number, y: number) => alpha[y * w + x]! >= 128
    : (x: number, y: number) => ((x - cx) / (0.42 * bw)) ** 2 + ((y - cy) / (0.45 * bh)) ** 2 < 1;

  const step = Math.max(1, Math.floor(Math.max(bw, bh) / 240));
  const all: [number, number, number][] = [];
  for (let y = Math.floor(top + BAND_TOP * bh); y < top + BAND_BOTTOM * bh; y += step)
    for (let x = left; x < right; x += step) {
      if (!inside(x, y)) continue;
      const i = (y * w + x) * 3;
      const lab = srgbToLab(rgb[i]!, rgb[i + 1]!, rgb[i + 2]!);
      if (lab[0] >= SHADOW_L) all.push(lab);
    }
  if (all.length < 20) return null;
  // A coloured paint (a blue, a green, a yellow) shows as many clearly coloured pixels: its colour is the fullest cell
  // among those. A neutral one (white, silver, grey, black) is told by its lightness, taken as the median of the whole
  // band: reflections of the sky or a lamp and the dark tyres and grille sit on either side of it.
  const coloured = all.filter((p) => Math.hypot(p[1], p[2]) >= COLOURED_CHROMA);
  const round = (v: number) => Math.round(v * 10) / 10;
  if (coloured.length < all.length * COLOURED_SHARE) {
    const median = (k: 0 | 1 | 2) => all.map((p) => p[k]).sort((x, y) => x - y)[Math.floor(all.length / 2)]!;
    const paint: [number, number, number] = [round(median(0)), round(median(1)), round(median(2))];
    const near = all.filter((p) => Math.abs(p[0] - paint[0]) <= L_BIN * 1.5).length;
    return { paint, share: Math.round((near / all.length) * 100) / 100 };
  }
  const samples = coloured;
  const cells = new Map<string, number>();
  const cellOf = (l: number, a: number, b: number) => [Math.floor(l / L_BIN), Math.floor(a / AB_BIN), Math.floor(b / AB_BIN)] as const;
  for (const lab of samples) {
    const key = cellOf(...lab).join(',');
    cells.set(key, (cells.get(key) ?? 0) + 1);
  }
  // The fullest cell counted with its 26 neighbours: a gloss gradient spreads one paint over several cells.
  let best: readonly [number, number, number] = [0, 0, 0];
  let bestCount = -1;
  for (const key of cells.keys()) {
    const [cl, ca, cb] = key.split(',').map(Number) as [number, number, number];
    let n = 0;
    for (let dl = -1; dl <= 1; dl++) for (let da = -1; da <= 1; da++) for (let db = -1; db <= 1; db++) n += cells.get(`${cl + dl},${ca + da},${cb + db}`) ?? 0;
    if (n > bestCount) (bestCount = n), (best = [cl, ca, cb]);
  }
  let sl = 0, sa = 0, sb = 0, n = 0;
  for (const lab of samples) {
    const [cl, ca, cb] = cellOf(...lab);
    if (Math.abs(cl - best[0]) > 1 || Math.abs(ca - best[1]) > 1 || Math.abs(cb - best[2]) > 1) continue;
    sl += lab[0], sa += lab[1], sb += lab[2], n++;
  }
  return { paint: [round(sl / n), round(sa / n), round(sb / n)], share: Math.round((n / all.length) * 100) / 100 };
}

/** Points along the roof line: enough to tell a saloon's boot from a hatchback's tailgate, few enough to send with every check. */
export const ROOF_POINTS = 12;

const hundredths = (v: number) => Math.round(v * 100) / 100;

/**
 * The silhouette's proportions (shared/same-car.ts CarShape) from the main car's cut-out (`alpha` 0..255 at
 * `width` x `height`, other cars already left out) seen from `angle`. Null without a silhouette, or when the car
 * reaches the frame: a car cut by the edge shows proportions that are not its own.
 */
export function carShape(mask: { alpha: Uint8Array; width: number; height: number }, angle: Angle): CarShape | null {
  const { alpha, width: w } = mask;
  const { box, area } = solidExtent(alpha, w, mask.height);
  const bw = box.right - box.left;
  const bh = box.bottom - box.top;
  if (area === 0 || bw < 8 || bh < 8 || silhouetteTouchesFrame(mask)) return null;
  const solid = (x: number, y: number) => alpha[y * w + x]! >= 128;

  // The roof line: each column's top, averaged over each of ROOF_POINTS bands of the width.
  const tops = new Array<number>(ROOF_POINTS).fill(0);
  const columns = new Array<number>(ROOF_POINTS).fill(0);
  for (let x = box.left; x < box.right; x++) {
    let y = box.top;
    while (y < box.bottom && !solid(x, y)) y++;
    if (y === box.bottom) continue;
    const band = Math.min(ROOF_POINTS - 1, Math.floor(((x - box.left) / bw) * ROOF_POINTS));
    tops[band]! += (y - box.top) / bh;
    columns[band]!++;
  }

  // Mirror agreement: the share of the silhouette (either half) that its mirror image covers too.
  const step = Math.max(1, Math.floor(Math.max(bw, bh) / 400));
  let same = 0, union = 0;
  for (let y = box.top; y < box.bottom; y += step)
    for (let x = box.left; x < box.left + bw / 2; x += step) {
      const a = solid(x, y);
      const b = solid(box.right - 1 - (x - box.left), y);
      if (a || b) (union++, a === b && same++);
    }

  const span = wheelSpan(mask, box);
  return {
    angle,
    aspect: hundredths(bw / bh),
    symmetry: hundredths(union ? same / union : 0),
    // A band without a column (a gap in the cut-out) reads as the roof's full depth: nothing there.
    roof: tops.map((t, i) => hundredths(columns[i] ? t / columns[i]! : 1)),
    ...(span !== null ? { wheelSpan: span } : {}),
  };
}

/** Edges of the underside's outline this near either end of the silhouette are its bumpers, not a wheel. */
const WHEEL_END_MARGIN = 0.04;

/**
 * How far apart the two wheels the car stands on are, as a share of the silhouette's width: the longest edge of the
 * convex outline under the silhouette (the line the car would rest on), leaving out edges that reach its outer 4%
 * (bumpers). From a side the two wheels of that side, about 0.6 of the length on every car measured; a corner shows
 * its near side's two wheels closer together the more it faces an end. Null when the underside has no such edge.
 */
export function wheelSpan(mask: { alpha: Uint8Array; width: number }, box: { left: number; right: number; top: number; bottom: number }): number | null {
  const contacts = wheelContacts(mask, box);
  return contacts ? hundredths((contacts[1][0] - contacts[0][0]) / (box.right - box.left)) : null;
}

/**
 * Where the two wheels the car stands on touch the ground (wheelSpan's edge): its two ends, [x, y] in the mask's
 * pixels, left one first. Null when the underside has no such edge.
 */
export function wheelContacts(mask: { alpha: Uint8Array; width: number }, box: { left: number; right: number; top: number; bottom: number }): [[number, number], [number, number]] | null {
  const { alpha, width: w } = mask;
  const bw = box.right - box.left;
  // The lowest solid pixel of each column, and the lower convex chain of those points (y grows downwards).
  const hull: [number, number][] = [];
  for (let x = 0; x < bw; x++) {
    let y = box.bottom - 1;
    while (y >= box.top && alpha[y * w + box.left + x]! < 128) y--;
    if (y < box.top) continue;
    while (hull.length >= 2) {
      const [x1, y1] = hull[hull.length - 2]!;
      const [x2, y2] = hull[hull.length - 1]!;
      if ((x2 - x1) * (y - y1) - (y2 - y1) * (x - x1) >= 0) hull.pop();
      else break;
    }
    hull.push([x, y]);
  }
  let longest = 0;
  let at = -1;
  for (let i = 1; i < hull.length; i++) {
    const x1 = hull[i - 1]![0], x2 = hull[i]![0];
    if (x1 < WHEEL_END_MARGIN * bw || x2 > (1 - WHEEL_END_MARGIN) * bw) continue;
    if (x2 - x1 > longest) (longest = x2 - x1), (at = i);
  }
  if (at < 0) return null;
  const [x1, y1] = hull[at - 1]!;
  const [x2, y2] = hull[at]!;
  return [
    [box.left + x1, y1],
    [box.left + x2, y2],
  ];
}
