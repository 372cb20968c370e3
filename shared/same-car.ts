/**
 * Same car, or say so: photos of one package compared by the paint of the main car's body, by the shape of its
 * silhouette, both measured by the car check (functions/src/vision/car-appearance.ts), and by its look as the local
 * detector's network saw it (functions/src/vision/local/car-look.ts). Two photos likely show different cars when their
 * paints differ, when they show the car from comparable angles (both sides, or two fronts or two rears seen straight
 * on) and its proportions differ, or when their looks differ (any angles). A photo outside the package's main car is flagged; the dealer removes
 * it or confirms it. Thresholds measured by `npm run bench:same-car` (docs/benchmarks/same-car.md, "Same car").
 */
import type { Angle } from './angles';

/**
 * The silhouette's proportions, as the car check's cut-out shows them from the angle it names. Absent when there was
 * no cut-out (the cloud check), when the car is cut by the frame, or on values measured before shapes were: the photo
 * is then compared by its paint alone.
 */
export interface CarShape {
  /** The angle the silhouette shows (the car check's; the package form uses the dealer's tag when there is one). */
  angle: Angle;
  /** Width over height: length to height from a side, width to height from the front or rear. */
  aspect: number;
  /** Left-right mirror agreement of the silhouette (0..1): a front or rear seen straight on is near 1. */
  symmetry: number;
  /** The roof line: the silhouette's top at points evenly across its width, as shares of its height from the top. */
  roof: number[];
  /**
   * How far apart the two wheels the silhouette stands on are, as a share of its width: about 0.6 from a full side,
   * less the more a corner or a turned side faces an end. Not compared here: `npm run bench:same-car` measures with it
   * which side shows a car's whole length, for the limits across views it reports (docs/benchmarks/same-car.md, "Same car").
   * Absent when the underside shows no such pair, and on values measured before.
   */
  wheelSpan?: number;
}

/** What the car check measured of the main car: its body's paint as CIELAB (D65), how much of the body has it, its shape. */
export interface CarAppearance {
  /** [L 0..100, a, b] of the body's dominant colour (windows, tyres and deep shadow left out). */
  paint: [number, number, number];
  /** Share (0..1) of the measured body pixels near that colour: low means a two-tone car or a busy reflection. */
  share: number;
  shape?: CarShape;
  /**
   * The car's look as the local detector's network saw it inside the car's box (functions/src/vision/local/car-look.ts):
   * LOOK_NUMBERS whole numbers, its box's four quarters (top left, top right, bottom left, bottom right) of 16 each.
   * Absent from the cloud check (OpenAI vision) and from checks made before: compared by paint and shape alone.
   */
  look?: number[];
  /**
   * The photo's width to height as the detector's square took it when it read the look (its aspect, padded to at most
   * 2:1 either way: functions/src/vision/local/centernet-detector.ts MAX_SQUEEZE). Looks read at squeezes further apart
   * than LOOK_SQUEEZE_RATIO are not compared. Absent from checks made before: compared as before.
   */
  lookSqueeze?: number;
  /**
   * The car's number plate as read (letters and digits, upper case), only when it reads like a plate with every
   * character sure (functions/src/vision/plate-text/plate-text.ts). Absent when no plate reads so, from the cloud check
   * and from checks made before.
   */
  plate?: string;
}

/** A plate's text as kept: 5 to 10 letters and digits, upper case (plates carry 5 to 8; a long US vanity plate more). */
export const PLATE_TEXT = /^[A-Z0-9]{5,10}$/;

/** Numbers in a look (4 quarters of 16). */
export const LOOK_NUMBERS = 64;

/**
 * Lightness counts half: the same paint in sun and in shade differs mostly in L, while two paints differ in hue and
 * chroma too (black and white differ by so much L that half of it still flags them).
 */
const LIGHTNESS_WEIGHT = 0.5;

/**
 * a and b as they would be at a mid lightness: shade darkens a paint's chroma along with its lightness (a blue in
 * shade is a darker, greyer blue), so the colour is compared at one lightness.
 */
function chromaticity([l, a, b]: [number, number, number]): [number, number] {
  const scale = 66 / Math.max(16, l + 16);
  return [a * scale, b * scale];
}

/** Over this distance two photos likely show different cars (chosen on the benchmark's pairs, docs/benchmarks.md). */
export const DIFFERENT_CAR_DISTANCE = 14;

export function paintDistance(a: CarAppearance, b: CarAppearance): number {
  const [a1, b1] = chromaticity(a.paint);
  const [a2, b2] = chromaticity(b.paint);
  return Math.hypot(LIGHTNESS_WEIGHT * (a.paint[0] - b.paint[0]), a1 - a2, b1 - b2);
}

/**
 * The views whose silhouettes are compared: a left side with a right side (or a mirror image), a front with a rear
 * (both the car's width against its height). Corners are not compared: a corner photo may be taken anywhere from
 * nearly the front to nearly the side, and its outline changes with that far more than between two cars (on the
 * benchmark's turntables one car's corners spread wider than the corners of different cars), and a side, a corner and
 * an end show different outlines of one car.
 */
export type ShapeView = 'end' | 'side';
export const SHAPE_VIEW: Partial<Record<Angle, ShapeView>> = { front: 'end', rear: 'end', left_side: 'side', right_side: 'side' };

/**
 * Width-to-height ratios a whole car shows from each view (from a small city car to a long sedan): a silhouette
 * outside them is not what the angle says (a misread angle, a car partly hidden), and its shape is not compared.
 */
const PLAUSIBLE_ASPECT: Record<ShapeView, [number, number]> = { end: [0.8, 1.7], side: [1.9, 4.5] };

/**
 * A front or rear turned a little shows some of its side, which widens it fast: only silhouettes this mirror-like
 * (straight on) are compared.
 */
const STRAIGHT_ON = 0.85;

/**
 * How much the roof line counts against the width-to-height ratio. From a side it tells a saloon's boot, a
 * hatchback's tailgate and an SUV's long roof apart; from the front or rear it is much the same on every car.
 */
const ROOF_WEIGHT: Record<ShapeView, number> = { end: 0, side: 3 };

/**
 * Over these shape distances two photos of one view likely show different cars: chosen on the tune half of the
 * benchmark's cars (the largest distance between two photos of one car, plus 0.05) and measured on the held-out half
 * (docs/benchmarks/same-car.md, "Same car").
 */
export const DIFFERENT_SHAPE_DISTANCE: Record<ShapeView, number> = { end: 0.11, side: 0.33 };

/** The view a shape can be compared in, or null when it cannot be compared at all (two ends: front with front, rear with rear). */
export function comparableView(shape: CarShape): ShapeView | null {
  const view = SHAPE_VIEW[shape.angle];
  if (!view) return null;
  const [low, high] = PLAUSIBLE_ASPECT[view];
  if (shape.aspect < low || shape.aspect > high) return null;
  if (view === 'end' && shape.symmetry < STRAIGHT_ON) return null;
  return view;
}

const meanGap = (a: readonly number[], b: readonly number[]) => a.reduce((sum, v, i) => sum + Math.abs(v - (b[i] ?? v)), 0) / Math.max(1, a.length);

/**
 * How far apart two silhouettes of one view are: the difference of their width-to-height ratios (as a log, so 10%
 * wider reads the same for a front and a side) plus, from a side, the mean difference of their roof lines, one of
 * them mirrored if that fits better (a left side and a right side, a photo and its mirror image). Null when the views
 * cannot be compared.
 */
export function shapeDistance(a: CarShape, b: CarShape): number | null {
  const view = comparableView(a);
  if (!view || view !== comparableView(b)) return null;
  // A front against a rear are two ends of one car, not one outline: the held-out Kadjar's front reads 1.29 wide for
  // its height and its rear 1.12 (0.14 apart, over the 0.11 between two models' ends), and a package's front and rear
  // are the pair every package holds (docs/benchmarks/same-car.md, "Same car: a front against a rear").
  if (view === 'end' && a.angle !== b.angle) return null;
  const roof = Math.min(meanGap(a.roof, b.roof), meanGap(a.roof, [...b.roof].reverse()));
  return Math.abs(Math.log(a.aspect / b.aspect)) + ROOF_WEIGHT[view] * roof;
}

/** The shapes differ for angles that can be compared; false when either shape is missing or the angles cannot be compared. */
export function shapesDiffer(a: CarAppearance, b: CarAppearance, thresholds = DIFFERENT_SHAPE_DISTANCE): boolean {
  if (!a.shape || !b.shape) return false;
  const distance = shapeDistance(a.shape, b.shape);
  return distance !== null && distance > thresholds[comparableView(a.shape)!];
}

/** A look seen in a mirror: its left and right quarters swapped (a left side against a right side, a mirrored photo). */
const mirrored = (look: readonly number[]) => {
  const quarter = look.length / 4;
  return [1, 0, 3, 2].flatMap((q) => look.slice(q * quarter, (q + 1) * quarter));
};

/** 1 less the cosine of two looks of any one length (four quarters), one of them mirrored if that fits better. */
export function mirroredCosineDistance(x: readonly number[], y: readonly number[]): number {
  const cosine = (z: readonly number[]) => x.reduce((sum, v, i) => sum + v * z[i]!, 0) / (Math.hypot(...x) * Math.hypot(...z) || 1);
  return 1 - Math.max(cosine(y), cosine(mirrored(y)));
}

/**
 * Looks are compared only between photos the detector squeezed alike (CarAppearance.lookSqueeze): a portrait photo of
 * a car against a landscape one of the same frame reads 0.37 to 0.58 apart (median), and a package mixing them flagged
 * 20% to 46% of its pairs; squeezes within 1.33 of each other (3:2 against 4:3, 16:9 or 2:1) read at most 0.13 apart
 * and a square photo against a 3:2 one (1.5) up to 0.29 (docs/benchmarks/same-car.md, "Same car: portrait and landscape").
 * Such pairs are compared by paint, shape and plate.
 */
export const LOOK_SQUEEZE_RATIO = 1.4;

/**
 * How far apart two looks are: 1 less their cosine (0 alike, 1 unrelated), one of them mirrored if that fits better.
 * Null when either photo has no look (the cloud check, checks made before) or their squeezes differ (LOOK_SQUEEZE_RATIO).
 * Whatever the two views: one car's side, end and corners stay closer than two cars' (docs/benchmarks/same-car.md,
 * "Same car").
 */
export function lookDistance(a: CarAppearance, b: CarAppearance): number | null {
  if (a.look?.length !== LOOK_NUMBERS || b.look?.length !== LOOK_NUMBERS) return null;
  if (a.lookSqueeze && b.lookSqueeze && Math.max(a.lookSqueeze, b.lookSqueeze) / Math.min(a.lookSqueeze, b.lookSqueeze) > LOOK_SQUEEZE_RATIO) return null;
  return mirroredCosineDistance(a.look, b.look);
}

/**
 * Over this look distance two photos likely show different cars, whatever their angles: the largest distance between
 * two photos of one car of the benchmark's tune half, rounded up to the next 0.01, and checked on the held-out half
 * (docs/benchmarks/same-car.md, "Same car"). One threshold for every pair of views: thresholds per pair of views, chosen on the
 * tune half, flagged the held-out turntable's own corners.
 */
export const DIFFERENT_LOOK_DISTANCE = 0.66;

/** The looks differ; false when either photo has no look. */
export function looksDiffer(a: CarAppearance, b: CarAppearance, threshold = DIFFERENT_LOOK_DISTANCE): boolean {
  const distance = lookDistance(a, b);
  return distance !== null && distance > threshold;
}

/** Edits (a character added, dropped or changed) between two strings. */
export function editDistance(a: string, b: string): number {
  let row = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const next = [i];
    for (let j = 1; j <= b.length; j++) next.push(Math.min(row[j]! + 1, next[j - 1]! + 1, row[j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1)));
    row = next;
  }
  return row[b.length]!;
}

/**
 * Edits between the shorter text and the closest run of characters in the longer one: a plate read in part (its crop
 * cut off the first or last characters, "OZV66" for "OZV6697") costs nothing for what it did not read.
 */
export function plateDistance(a: string, b: string): number {
  const [short, long] = a.length <= b.length ? [a, b] : [b, a];
  // Free start and end in the longer text: the first row is all zeros, the answer the last row's least value.
  let row = new Array<number>(long.length + 1).fill(0);
  for (let i = 1; i <= short.length; i++) {
    const next = [i];
    for (let j = 1; j <= long.length; j++) next.push(Math.min(row[j]! + 1, next[j - 1]! + 1, row[j - 1]! + (short[i - 1] === long[j - 1] ? 0 : 1)));
    row = next;
  }
  return Math.min(...row);
}

/**
 * Over this many edits two plates' texts are two cars': one plate's readings (a photo against its smaller, shaded and
 * mirrored copies, on the lot photos) differ by at most one character (docs/benchmarks/same-car.md, "Same car: the
 * plate's text"); two cars' plates almost never come within two.
 */
export const DIFFERENT_PLATE_EDITS = 1;

/** Both photos carry a plate read with confidence, and the texts differ by more than one plate's readings do (plateDistance). */
export function platesDiffer(a: CarAppearance, b: CarAppearance, edits = DIFFERENT_PLATE_EDITS): boolean {
  return !!a.plate && !!b.plate && plateDistance(a.plate, b.plate) > edits;
}

export interface SameCarThresholds {
  paint: number;
  shape: Record<ShapeView, number>;
  look: number;
  /** Edits between two plates' texts over which they are two cars (Infinity: plates not compared). */
  plate?: number;
}

export const SAME_CAR_THRESHOLDS: SameCarThresholds = { paint: DIFFERENT_CAR_DISTANCE, shape: DIFFERENT_SHAPE_DISTANCE, look: DIFFERENT_LOOK_DISTANCE, plate: DIFFERENT_PLATE_EDITS };

/** The paint differs, or the shape differs for angles that can be compared, or the looks differ, or the plates read differently. */
export function likelyDifferentCars(a: CarAppearance, b: CarAppearance, thresholds: SameCarThresholds = SAME_CAR_THRESHOLDS): boolean {
  return (
    paintDistance(a, b) > thresholds.paint ||
    shapesDiffer(a, b, thresholds.shape) ||
    looksDiffer(a, b, thresholds.look) ||
    platesDiffer(a, b, thresholds.plate ?? DIFFERENT_PLATE_EDITS)
  );
}

/** Whether two photos likely show different cars: likelyDifferentCars, or another rule being measured (the benchmark). */
export type DifferentCars = (a: CarAppearance, b: CarAppearance) => boolean;

/**
 * The largest set of photos (indexes) no two of which likely show different cars; on a tie, the set with the earliest
 * photo. Every photo is tried in and out (a package holds at most 15), dropping branches that cannot beat the best.
 */
function largestAgreeingSet(indexes: readonly number[], differ: (i: number, j: number) => boolean): number[] {
  let best: number[] = [];
  const grow = (chosen: number[], rest: readonly number[]) => {
    if (chosen.length + rest.length <= best.length) return;
    if (rest.length === 0) {
      best = chosen;
      return;
    }
    const [next, ...others] = rest as [number, ...number[]];
    grow([...chosen, next], others.filter((j) => !differ(next, j)));
    grow(chosen, others);
  };
  grow([], indexes);
  return best;
}

/**
 * The car each photo shows, numbered from 1 (null for a photo without a measured appearance: it joins car 1). Car 1 is
 * the largest set of photos that could all show one car (none likely different from another); on a tie, the set with
 * the earliest photo. The other cars are found the same way among the photos left, and numbered by their first photo.
 * Every pair counts, not a chain: a photo of another car of the same colour, taken from an angle no other photo
 * shows, cannot link to the main car through the paint alone once a comparable photo says its shape differs.
 */
export function carsInPhotos(appearances: ReadonlyArray<CarAppearance | null | undefined>, thresholds: SameCarThresholds | DifferentCars = SAME_CAR_THRESHOLDS): number[] {
  const different: DifferentCars = typeof thresholds === 'function' ? thresholds : (a, b) => likelyDifferentCars(a, b, thresholds);
  // Each pair once: the search below asks about the same pairs many times.
  const differs = appearances.map((a, i) => appearances.map((b, j) => !!a && !!b && i !== j && different(a, b)));
  const differ = (i: number, j: number) => differs[i]![j]!;
  const cars = appearances.map(() => 1);
  let rest = appearances.flatMap((a, i) => (a ? [i] : []));
  const found: number[][] = [];
  while (rest.length > 0) {
    const car = largestAgreeingSet(rest, differ);
    found.push(car);
    rest = rest.filter((i) => !car.includes(i));
  }
  const [main, ...others] = found;
  others.sort((x, y) => x[0]! - y[0]!);
  [main, ...others].forEach((photos, n) => photos?.forEach((i) => (cars[i] = n + 1)));
  return cars;
}

/** The photos (indexes) that likely show another car than the package's main one (car 1 of carsInPhotos). */
export function oddPhotos(appearances: ReadonlyArray<CarAppearance | null | undefined>, thresholds: SameCarThresholds | DifferentCars = SAME_CAR_THRESHOLDS): number[] {
  return carsInPhotos(appearances, thresholds).flatMap((car, i) => (appearances[i] && car !== 1 ? [i] : []));
}

/** What the form adds after "This looks like a different car from the others: " when the plate is why (sameCarReason 'plate'). */
export const PLATE_REASON = 'its number plate reads differently';

/**
 * Why an odd photo (oddPhotos) is flagged, when one cue says it plainly: 'plate' when its plate reads differently from
 * a plate on a photo of the main car (the dealer can check the plate at a glance); null otherwise (paint, shape and look
 * are worded together as "looks like a different car").
 */
export function sameCarReason(appearances: ReadonlyArray<CarAppearance | null | undefined>, index: number, thresholds: SameCarThresholds = SAME_CAR_THRESHOLDS): 'plate' | null {
  const cars = carsInPhotos(appearances, thresholds);
  const photo = appearances[index];
  if (!photo || cars[index] === 1) return null;
  const edits = thresholds.plate ?? DIFFERENT_PLATE_EDITS;
  return appearances.some((other, j) => cars[j] === 1 && !!other && platesDiffer(photo, other, edits)) ? 'plate' : null;
}
