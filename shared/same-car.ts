/**
 * Same car, or say so: photos of one package compared by the paint of the main car's body, measured by the car check
 * (functions/src/vision/car-appearance.ts) as one colour in CIELAB. The silhouette is not compared: it changes with
 * the angle far more than between two cars. A photo whose paint is far from the package's main group is flagged as
 * likely another car; the dealer removes it or confirms it. Thresholds measured by `npm run bench:same-car`.
 */

/** What the car check measured of the main car's body: its paint as CIELAB (D65) and how much of the body has it. */
export interface CarAppearance {
  /** [L 0..100, a, b] of the body's dominant colour (windows, tyres and deep shadow left out). */
  paint: [number, number, number];
  /** Share (0..1) of the measured body pixels near that colour: low means a two-tone car or a busy reflection. */
  share: number;
}

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

export function likelyDifferentCars(a: CarAppearance, b: CarAppearance, threshold = DIFFERENT_CAR_DISTANCE): boolean {
  return paintDistance(a, b) > threshold;
}

/**
 * The photos (indexes) that likely show another car than the package's main one. Photos link when their paints are
 * close; the main car is the largest linked group (on a tie, the one with the earliest photo). Photos without a
 * measured appearance (not checked yet, no car) take no part.
 */
export function oddPhotos(appearances: ReadonlyArray<CarAppearance | null | undefined>, threshold = DIFFERENT_CAR_DISTANCE): number[] {
  const indexes = appearances.flatMap((a, i) => (a ? [i] : []));
  const group = new Map<number, number>(indexes.map((i) => [i, i]));
  const root = (i: number): number => {
    let r = i;
    while (group.get(r) !== r) r = group.get(r)!;
    return r;
  };
  for (const i of indexes)
    for (const j of indexes)
      if (i < j && !likelyDifferentCars(appearances[i]!, appearances[j]!, threshold)) group.set(root(j), root(i));
  const sizes = new Map<number, number>();
  for (const i of indexes) sizes.set(root(i), (sizes.get(root(i)) ?? 0) + 1);
  let main = -1;
  for (const i of indexes) {
    const r = root(i);
    if (main < 0 || sizes.get(r)! > sizes.get(main)!) main = r;
  }
  return indexes.filter((i) => root(i) !== main);
}
