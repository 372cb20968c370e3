import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { Angle } from '@shared/angles';

const SHARED = resolve(import.meta.dirname, '../../../shared/fixtures/cars');
const DIR = existsSync(SHARED) ? SHARED : resolve(import.meta.dirname, '../fixtures/cars');

/** The package benchmarks' tagged photos: with their mirror images they cover all 8 angles. */
export const PACKAGE_PHOTOS: { file: string; angle: Angle }[] = [
  { file: join(DIR, 'cupra-born-grey-front34-street.jpg'), angle: 'front_left_corner' },
  { file: join(DIR, 'hyundai-ioniq5-silver-front34-grass.jpg'), angle: 'rear_left_corner' },
  { file: join(DIR, 'bmw-x3-blue-front34-parked-4540px.jpg'), angle: 'front' },
  { file: join(DIR, 'cupra-born-grey-front34-street.jpg'), angle: 'rear' },
  { file: join(DIR, 'hyundai-ioniq5-silver-front34-grass.jpg'), angle: 'left_side' },
];
