import type { Angle } from '@shared/angles';

/** Labels of the single car photos (the car's own left: its nose points to the image's left when its left flank shows). */
export const CAR_LABELS: Record<string, Angle> = {
  'bmw-2002-silver-front34-grass.jpg': 'front_left_corner',
  'bmw-e30-silver-front34-show-5220px.jpg': 'front_right_corner',
  'bmw-x3-blue-front34-parked-4540px.jpg': 'front_left_corner',
  'cupra-born-grey-front34-street.jpg': 'front_left_corner',
  'hyundai-ioniq5-silver-front34-grass.jpg': 'front_left_corner',
  'bmw-ix3-black-front-street.jpg': 'front',
  'bmw-m5-green-front34-lot.jpg': 'front_right_corner',
  'vw-id3-white-front34.jpg': 'front_left_corner',
  'classic-yellow-side-road.jpg': 'left_side',
  // Debian package photos (tests/fixtures/vision/README.md), held out.
  'toyota-camry-white-rear-street.jpg': 'rear',
  'lexus-es-champagne-rear-street.jpg': 'rear',
  'hyundai-genesis-black-side-hillside.jpg': 'left_side',
  'acura-tl-blue-side-lot.jpg': 'right_side',
};

/** The Kadjar turntable (tests/bench/angle-turntable.ts): frame n is n x 5 degrees from the front, turning towards the car's left side. */
export const KADJAR_STEP = 5;

/** The turntable's named angles by yaw (degrees from the front, turning towards the car's left side). */
const NAMED: Angle[] = ['front', 'front_left_corner', 'left_side', 'rear_left_corner', 'rear', 'rear_right_corner', 'right_side', 'front_right_corner'];
/** The labels a frame at `yaw` may get: the nearest named angle, and its neighbour within 10 degrees of their boundary. */
export function acceptedAt(yaw: number): Angle[] {
  const sector = Math.round(yaw / 45) % 8;
  const off = yaw - Math.round(yaw / 45) * 45; // -22.5..22.5
  if (Math.abs(off) < 22.5 - 10) return [NAMED[sector]!];
  return [NAMED[sector]!, NAMED[(sector + (off > 0 ? 1 : 7)) % 8]!];
}

