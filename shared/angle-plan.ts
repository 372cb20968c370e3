/**
 * Which photo serves which angle: the one plan the package form draws before the dealer pays and the start of a
 * package answers (and the render workflow follows). A photo serves the angle it shows. Only when the dealer turns on
 * "Fill missing sides with mirror images" for the package is a side made from the mirrored opposite side and a corner
 * from the mirrored opposite corner (a mirror image reverses plates, badges and the steering wheel, so it is never the
 * default: decisions.md, turn 4). Nothing else is derived: a front cannot be made from a side, so such an angle is
 * reported missing, with the photo that would give it.
 */
import { ANGLE_LABELS, ANGLES, MIRRORED_ANGLE, type Angle } from './angles';

export interface AnglePlan {
  angle: Angle;
  photoIndex: number;
  mirrored: boolean;
}

/** The package's choice: fill a missing side or corner with the mirror image of the opposite one (off by default). */
export interface MirrorFill {
  fillMissingSides?: boolean;
}

/** The switch's words, in the form, the help and the reasons that point to it. */
export const FILL_MISSING_SIDES_LABEL = 'Fill missing sides with mirror images';

const MIRRORABLE = new Set<Angle>(['left_side', 'right_side', 'front_left_corner', 'front_right_corner', 'rear_left_corner', 'rear_right_corner']);

/** The photos (by the angle each shows; unknown: null/undefined) that would give `angle`, in the dealer's words. */
export function photosThatGive(angle: Angle): Angle[] {
  return MIRRORABLE.has(angle) ? [angle, MIRRORED_ANGLE[angle]] : [angle];
}

export function planAngle(angle: Angle, photoAngles: ReadonlyArray<Angle | null | undefined>, fill: MirrorFill = {}): AnglePlan | { angle: Angle; reason: string } {
  const direct = photoAngles.indexOf(angle);
  if (direct >= 0) return { angle, photoIndex: direct, mirrored: false };
  if (MIRRORABLE.has(angle)) {
    const opposite = photoAngles.indexOf(MIRRORED_ANGLE[angle]);
    if (opposite >= 0 && fill.fillMissingSides) return { angle, photoIndex: opposite, mirrored: true };
    if (opposite >= 0) {
      return {
        angle,
        reason: `No photo shows the ${ANGLE_LABELS[angle]}. Add one, or turn on "${FILL_MISSING_SIDES_LABEL}" to use the ${ANGLE_LABELS[MIRRORED_ANGLE[angle]]} photo reversed.`,
      };
    }
    return { angle, reason: `No photo shows the ${ANGLE_LABELS[angle]} or the ${ANGLE_LABELS[MIRRORED_ANGLE[angle]]}.` };
  }
  return { angle, reason: `No photo shows the ${ANGLE_LABELS[angle]}; it cannot be derived from other angles.` };
}

/**
 * Photos that show an angle an earlier photo already gives: the plan uses the first photo of each angle, so these are
 * left out of the package. Each left-out photo's index with the index of the photo used instead.
 */
export function photosLeftOut(photoAngles: ReadonlyArray<Angle | null | undefined>): Map<number, number> {
  const leftOut = new Map<number, number>();
  photoAngles.forEach((angle, i) => {
    const used = angle ? photoAngles.indexOf(angle) : i;
    if (used !== i) leftOut.set(i, used);
  });
  return leftOut;
}

/** One of the 8 angles in a package's plan. */
export interface AngleCoverage {
  angle: Angle;
  /** photo: a photo shows it; mirror: the mirror image of the opposite side or corner; missing: it cannot be made. */
  source: 'photo' | 'mirror' | 'missing';
  /** The photo (index in the package's photos) that gives it; null when missing. */
  photo_index: number | null;
  /** Why it cannot be made (null unless missing). */
  reason: string | null;
  /** The angles a photo could show to give it (the angle itself, or for a side or corner its mirror too). */
  would_be_given_by: Angle[];
  /** Missing, but the mirror fill would make it from a photo of the opposite side or corner. */
  mirror_possible: boolean;
}

export interface CoveragePlan {
  angles: AngleCoverage[];
  /** Angles that can be made (0..8). */
  covered: number;
  /** Photos whose angle is not known yet (untagged, no suggestion): the render workflow finds it later. */
  unknown_photos: number;
  /** Missing angles the mirror fill would add (0 when it is on). */
  mirror_possible: number;
}

/** The plan of the 8 angles from the angle each photo shows (as tagged or suggested; null: not known). */
export function planCoverage(photoAngles: ReadonlyArray<Angle | null | undefined>, fill: MirrorFill = {}): CoveragePlan {
  const angles = ANGLES.map((angle): AngleCoverage => {
    const plan = planAngle(angle, photoAngles, fill);
    const would_be_given_by = photosThatGive(angle);
    if ('photoIndex' in plan) return { angle, source: plan.mirrored ? 'mirror' : 'photo', photo_index: plan.photoIndex, reason: null, would_be_given_by, mirror_possible: false };
    const mirror_possible = 'photoIndex' in planAngle(angle, photoAngles, { fillMissingSides: true });
    return { angle, source: 'missing', photo_index: null, reason: plan.reason, would_be_given_by, mirror_possible };
  });
  return {
    angles,
    covered: angles.filter((a) => a.source !== 'missing').length,
    unknown_photos: photoAngles.filter((a) => !a).length,
    mirror_possible: angles.filter((a) => a.mirror_possible).length,
  };
}
