/**
 * The trial page's photo checks (issue 39): which car each usable photo shows, and the words the prospect reads. A
 * trial package is one car, made of the angles its photos show (decisions.md, turn 4).
 */
import { ANGLE_LABELS, ANGLES, type Angle } from './angles';
import { likelyDifferentCars, type CarAppearance } from './same-car';

/**
 * The car each photo shows, numbered from 1 (null for a photo without a measured appearance: it joins car 1). Photos
 * link when shared/same-car.ts finds them alike; car 1 is the largest linked group (on a tie, the earliest photo's),
 * as oddPhotos chooses the main car; the others are numbered by their first photo.
 */
export function carGroups(appearances: ReadonlyArray<CarAppearance | null | undefined>): number[] {
  const parent = appearances.map((_, i) => i);
  const root = (i: number): number => (parent[i] === i ? i : (parent[i] = root(parent[i]!)));
  const measured = appearances.flatMap((a, i) => (a ? [i] : []));
  for (const i of measured) for (const j of measured) if (i < j && !likelyDifferentCars(appearances[i]!, appearances[j]!)) parent[root(j)] = root(i);
  const sizes = new Map<number, number>();
  for (const i of measured) sizes.set(root(i), (sizes.get(root(i)) ?? 0) + 1);
  let main = -1;
  for (const i of measured) if (main < 0 || sizes.get(root(i))! > sizes.get(main)!) main = root(i);
  const numbers = new Map<number, number>(main >= 0 ? [[main, 1]] : []);
  return appearances.map((a, i) => {
    if (!a) return 1;
    const r = root(i);
    if (!numbers.has(r)) numbers.set(r, numbers.size + 1);
    return numbers.get(r)!;
  });
}

/** The angles some photos give, each once, in the package's order. */
export const anglesGiven = (angles: ReadonlyArray<Angle | null | undefined>): Angle[] => ANGLES.filter((a) => angles.includes(a));

const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

/** "2 angles from 2 photos": how a trial package is named and counted. */
export const anglesFromPhotos = (angles: number, photos: number) => `${plural(angles, 'angle')} from ${plural(photos, 'photo')}`;

export const TRIAL_CHECK_MESSAGES = {
  noUsablePhoto: 'None of these photos shows a car we can use. Please choose other photos.',
  differentCars: (cars: number) => `These photos show ${cars} different cars. A trial package is one car: keep one car's photos and remove the others.`,
  keepOneCarFirst: 'Your photos show different cars. Please keep one car\u2019s photos before creating your account.',
  anglesGiven: (angles: readonly Angle[]) =>
    angles.length === 0 ? 'These photos give no angle yet.' : `Your photos give ${plural(angles.length, 'angle')}: ${angles.map((a) => ANGLE_LABELS[a]).join(', ')}.`,
  /** The trial package's name: what it is made of. */
  packageName: (angles: number, photos: number) => `Trial: ${anglesFromPhotos(angles, photos)}`,
} as const;
