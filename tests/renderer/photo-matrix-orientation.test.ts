/**
 * The photo matrix, part 4 (tests/renderer/photo-matrix-harness.ts): the eight EXIF orientations through the local
 * compositor, each signed, and each finished image upright.
 */
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { FULL_SIZE } from '../../functions/src/renderer/port';
import { meanDeltaE } from '../support/colour-difference';
import { byName, describeRenderer, isOrientationCase, matrix, renderOnce } from './photo-matrix-harness';
import type { MatrixCase } from '../support/photo-matrix';

describeRenderer('local', matrix.accepted.filter(isOrientationCase), { formats: false });

describe('EXIF orientation in the finished image', () => {
  it('renders the car upright whatever the orientation tag: every image matches the untagged photo\'s', async () => {
    const render = async (photo: MatrixCase) => (await renderOnce('local', photo)).full;
    const upright = await sharp(await render(byName('JPEG EXIF orientation 1'))).raw().toBuffer();
    for (let orientation = 2; orientation <= 8; orientation++) {
      const image = await sharp(await render(byName(`JPEG EXIF orientation ${orientation}`))).raw().toBuffer();
      // A car upside down or sideways differs from the upright one by a mean ΔE of 10 and more.
      expect(meanDeltaE(image, upright, FULL_SIZE.width, FULL_SIZE.height), `orientation ${orientation}`).toBeLessThan(2);
    }
  }, 120_000);
});
