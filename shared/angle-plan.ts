/**
 * Which photo serves which angle: the one plan the package form draws before the dealer pays and the start of a
 * package answers (and the render workflow follows). A photo serves the angle it shows; a side is derived from the
 * mirrored opposite side and a corner from the mirrored opposite corner. Nothing else is derived: a front cannot be
 * made from a side, so such an angle is reported missing, with the photo that would give it.
 */
import { ANGLE_LABELS, ANGLES, MIRRORED_ANGLE, type Angle } from './angles';

export interface AnglePlan {
  angle: Angle;
  photoIndex: number;
  mirrored: boolean;
}

const MIRRORABLE = new Set<Angle>(['left_side', 'right_side', 'front_left_corner', 'front_right_corner', 'rear_left_corner', 'rear_right_corner']);

/** The photos (by the angle each shows; unknown: null/undefined) that would give `angle`, in the dealer's words. */
export function photosThatGive(angle: Angle): Angle[] {
  return MIRRORABLE.has(angle) ? [angle, MIRRORED_ANGLE[angle]] : [angle];
}

export function planAngle(angle: Angle, photoAngles: ReadonlyArray<Angle | null | undefined>): AnglePlan | { angle: Angle; reason: string } {
  const direct = photoAngles.indexOf(angle);
  if (direct >= 0) return { angle, photoIndex: direct, mirrored: false };
  if (MIRRORABLE.has(angle)) {
    const opposite = photoAngles.indexOf(MIRRORED_ANGLE[angle]);
    if (opposite >= 0) return { angle, photoIndex: opposite, mirrored: true };
    return { angle, reason: `No photo shows the ${ANGLE_LABELS[angle]} or the ${ANGLE_LABELS[MIRRORED_ANGLE[angle]]}.` };
  }
  return { angle, reason: `No photo shows the ${ANGLE_LABELS[angle]}; it cannot be derived from other angles.` };
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
}

export interface CoveragePlan {
  angles: AngleCoverage[];
  /** Angles that can be made (0..8). */
  covered: number;
  /** Photos whose angle is not known yet (untagged, no suggestion): the render workflow finds it later. */
  unknown_photos: number;
}

/** The plan of the 8 angles from the angle each photo shows (as tagged or suggested; null: not known). */
export function planCoverage(photoAngles: ReadonlyArray<Angle | null | undefined>): CoveragePlan {
  const angles = ANGLES.map((angle): AngleCoverage => {
    const plan = planAngle(angle, photoAngles);
    const would_be_given_by = photosThatGive(angle);
    if ('photoIndex' in plan) return { angle, source: plan.mirrored ? 'mirror' : 'photo', photo_index: plan.photoIndex, reason: null, would_be_given_by };
    return { angle, source: 'missing', photo_index: null, reason: plan.reason, would_be_given_by };
  });
  return { angles, covered: angles.filter((a) => a.source !== 'missing').length, unknown_photos: photoAngles.filter((a) => !a).length };
}
