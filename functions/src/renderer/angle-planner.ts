/**
 * Which photo serves which angle. A photo serves the angle it shows; a side is derived from the mirrored
 * opposite side and a corner from the mirrored opposite corner. Nothing else is derived: a front cannot
 * be made from a side, so such an angle is reported unavailable.
 */
import { ANGLE_LABELS, MIRRORED_ANGLE, type Angle } from '@shared/angles';

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
