/**
 * The photo matrix, part 3 (tests/renderer/photo-matrix-harness.ts): the JPEG photos (baseline, progressive,
 * grayscale, CMYK, Display P3, Adobe RGB) through the local compositor, each signed.
 */
import { describeRenderer, isOrientationCase, matrix } from './photo-matrix-harness';

describeRenderer('local', matrix.accepted.filter((c) => !isOrientationCase(c) && c.name.startsWith('JPEG')), { formats: false });
