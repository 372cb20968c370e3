/** The 8 standard angles of a car package, in the order they are shown. */
export const ANGLES = [
  'front',
  'rear',
  'left_side',
  'right_side',
  'front_left_corner',
  'front_right_corner',
  'rear_left_corner',
  'rear_right_corner',
] as const;

export type Angle = (typeof ANGLES)[number];

export const ANGLE_LABELS: Record<Angle, string> = {
  front: 'Front View',
  rear: 'Rear View',
  left_side: 'Left Side',
  right_side: 'Right Side',
  front_left_corner: 'Front Left Corner',
  front_right_corner: 'Front Right Corner',
  rear_left_corner: 'Rear Left Corner',
  rear_right_corner: 'Rear Right Corner',
};

export function isAngle(value: unknown): value is Angle {
  return typeof value === 'string' && (ANGLES as readonly string[]).includes(value);
}

/** Label for an angle; a photo with no known angle is "Photo {n}" (n counts from 1). */
export function angleLabel(angle: string | null | undefined, photoNumber: number): string {
  return isAngle(angle) ? ANGLE_LABELS[angle] : `Photo ${photoNumber}`;
}

/**
 * An image's name wherever it is shown (card, viewer, My Images, the shared page, its content credentials): a mirror
 * image of the opposite side says so, since it is not a photo of this side.
 */
/** What a mirror image's card says under it. */
export const MIRROR_IMAGE_NOTE = 'Mirror image: made from the photo of the opposite side, not a photo of this side.';

/** The renderer's note on a mirror image whose text it blurred. */
export const MIRROR_TEXT_BLURRED = (regions: number) =>
  `Text on the car (plates, badges, stickers) is blurred in ${regions === 1 ? '1 place' : `${regions} places`}, so nothing reads backwards on this mirror image.`;

export function imageLabel(angle: Angle, mirrored: boolean): string {
  return mirrored ? `${ANGLE_LABELS[angle]} (mirror image)` : ANGLE_LABELS[angle];
}

/**
 * The angle seen in a horizontally mirrored photo of a car at `angle`
 * (a left side mirrored is a right side; front and rear stay what they are).
 */
export const MIRRORED_ANGLE: Record<Angle, Angle> = {
  front: 'front',
  rear: 'rear',
  left_side: 'right_side',
  right_side: 'left_side',
  front_left_corner: 'front_right_corner',
  front_right_corner: 'front_left_corner',
  rear_left_corner: 'rear_right_corner',
  rear_right_corner: 'rear_left_corner',
};

/**
 * The order a walk around the car passes the angles: from the front, clockwise seen from above (the car's right side
 * first). The walk-around viewer turns through them in this order; the grid keeps ANGLES.
 */
export const WALK_AROUND_ORDER = [
  'front',
  'front_right_corner',
  'right_side',
  'rear_right_corner',
  'rear',
  'rear_left_corner',
  'left_side',
  'front_left_corner',
] as const satisfies readonly Angle[];

/** "1 angle", "3 angles": how many angles a package is made of (or has finished), in the dealer's words. */
export const angleCount = (n: number) => `${n} ${n === 1 ? 'angle' : 'angles'}`;

/** "2 angles from 2 photos": what a package is made of (decisions.md, turn 4: the angles its photos show). */
export const anglesFromPhotos = (angles: number, photos: number) => `${angleCount(angles)} from ${photos} ${photos === 1 ? 'photo' : 'photos'}`;
