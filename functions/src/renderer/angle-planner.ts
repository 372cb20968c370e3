/**
 * Which photo serves which angle. A photo serves the angle it shows; a side is derived from the mirrored
 * opposite side and a corner from the mirrored opposite corner. Nothing else is derived: a front cannot
 * be made from a side, so such an angle is reported unavailable.
 */
import { ANGLE_LABELS, MIRRORED_ANGLE, type Angle } from '@shared/angles';
import type { MaskShape } from './local/mask-shape';

/**
 * Classifies an untagged photo from its silhouette (fixtures: front, front corners and a side).
 * Front: narrow and mirror-symmetric. Side: long and fairly symmetric. Otherwise a front corner.
 * The cabin sits behind the middle of a car, so the roof centre tells which end is the front.
 * A rear view looks like a front to this test; dealers tag rears.
 */
export function classifyAngle(shape: MaskShape): Angle {
  if (shape.aspect < 1.45 && shape.symmetry > 0.8) return 'front';
  const frontAtLeft = shape.roofCentre >= 0.5;
  if (shape.aspect > 2.0 && shape.symmetry > 0.78) return frontAtLeft ? 'left_side' : 'right_side';
  // Front pointing to the image's left shows the car's left flank (the car faces the camera).
  return frontAtLeft ? 'front_left_corner' : 'front_right_corner';
}

export interface AnglePlan {
  angle: Angle;
  photoIndex: number;
  mirrored: boolean;
}

const MIRRORABLE = new Set<Angle>(['left_side', 'right_side', 'front_left_corner', 'front_right_corner', 'rear_left_corner', 'rear_right_corner']);

export function planAngle(angle: Angle, photoAngles: ReadonlyArray<Angle | undefined>): AnglePlan | { angle: Angle; reason: string } {
  const direct = photoAngles.indexOf(angle);
  if (direct >= 0) return { angle, photoIndex: direct, mirrored: false };
  if (MIRRORABLE.has(angle)) {
    const opposite = photoAngles.indexOf(MIRRORED_ANGLE[angle]);
    if (opposite >= 0) return { angle, photoIndex: opposite, mirrored: true };
    return { angle, reason: `No photo shows the ${ANGLE_LABELS[angle]} or the ${ANGLE_LABELS[MIRRORED_ANGLE[angle]]}.` };
  }
  return { angle, reason: `No photo shows the ${ANGLE_LABELS[angle]}; it cannot be derived from other angles.` };
}
