/**
 * The trial page's photo checks (issue 39): the angles the photos give and the words the prospect reads (which car each
 * photo shows is the package form's grouping, shared/same-car.ts carsInPhotos). A trial package is one car, made of the
 * angles its photos show (decisions.md, turn 4).
 */
import { ANGLE_LABELS, ANGLES, angleCount, anglesFromPhotos, type Angle } from './angles';

/** The angles some photos give, each once, in the package's order. */
export const anglesGiven = (angles: ReadonlyArray<Angle | null | undefined>): Angle[] => ANGLES.filter((a) => angles.includes(a));

export const TRIAL_CHECK_MESSAGES = {
  noUsablePhoto: 'None of these photos shows a car we can use. Please choose other photos.',
  differentCars: (cars: number) => `These photos show ${cars} different cars. A trial package is one car: keep one car's photos and remove the others.`,
  keepOneCarFirst: 'Your photos show different cars. Please keep one car\u2019s photos before creating your account.',
  anglesGiven: (angles: readonly Angle[]) =>
    angles.length === 0 ? 'These photos give no angle yet.' : `Your photos give ${angleCount(angles.length)}: ${angles.map((a) => ANGLE_LABELS[a]).join(', ')}.`,
  /** The trial package's name: what it is made of. */
  packageName: (angles: number, photos: number) => `Trial: ${anglesFromPhotos(angles, photos)}`,
} as const;
