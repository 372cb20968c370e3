/**
 * The photo matrix, part 2 (tests/renderer/photo-matrix-harness.ts): the PNG and WebP photos and the sizes and frames
 * through the local compositor, signed (or a retake asked for a small car), the parent photo's format declared, the
 * refused formats refused.
 */
import { describeRenderer, isOrientationCase, matrix } from './photo-matrix-harness';

describeRenderer('local', matrix.accepted.filter((c) => !isOrientationCase(c) && !c.name.startsWith('JPEG')), { formats: true });
