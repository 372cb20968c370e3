/**
 * The photo matrix, part 1 (tests/renderer/photo-matrix-harness.ts): every accepted photo decoded upright and in its
 * colours, and every case through the OpenAI renderer (against its local stand-in), signed.
 */
import { describe, expect, it } from 'vitest';
import { decodePhoto } from '../../functions/src/renderer/photo-validation';
import { meanDeltaE, srgbToLab } from '../support/colour-difference';
import { byName, describeRenderer, matrix } from './photo-matrix-harness';

describe('every accepted photo is read right', () => {
  it('decodes each case upright, at the source size, in the source colours (converted, never reinterpreted)', async () => {
    const source = await decodePhoto(matrix.source);
    const saturated = (x: number, y: number) => {
      const i = 3 * (y * source.width + x);
      const [, a, b] = srgbToLab(source.rgb[i]!, source.rgb[i + 1]!, source.rgb[i + 2]!);
      return Math.hypot(a, b) > 25; // the blue paint, where a wrong colour space shows
    };
    for (const photo of matrix.accepted.filter((c) => c.colour)) {
      const decoded = await decodePhoto(photo.bytes, photo.fileName);
      expect([decoded.width, decoded.height], photo.name).toEqual([source.width, source.height]);
      const overall = meanDeltaE(decoded.rgb, source.rgb, source.width, source.height);
      const paint = meanDeltaE(decoded.rgb, source.rgb, source.width, source.height, saturated);
      // An orientation read wrongly puts other pixels here: a mean ΔE of 20 and more.
      // Re-encoded once more as JPEG, a photo is about 1.7 ΔE off; losslessly, 0.
      if (photo.colour === 'exact') expect(overall, photo.name).toBeLessThan(2.5);
      // P3 and Adobe RGB converted to sRGB; the same bytes read as sRGB are 4 to 5 ΔE off on the paint.
      if (photo.colour === 'icc') expect(paint, photo.name).toBeLessThan(2.5);
      // CMYK loses some of the blue's saturation (its gamut), nothing like channels read as RGB.
      if (photo.colour === 'cmyk') expect(overall, photo.name).toBeLessThan(7);
    }
    // A CMYK photo without a profile is read with the same standard profile as one that carries it.
    const withProfile = await decodePhoto(byName('JPEG CMYK with an ICC profile').bytes);
    const without = await decodePhoto(byName('JPEG CMYK without a profile').bytes);
    expect(meanDeltaE(without.rgb, withProfile.rgb, source.width, source.height)).toBeLessThan(0.5);
  });

  it('reads transparent areas of PNG and WebP photos as background (no hidden colour comes through)', async () => {
    for (const name of ['PNG with alpha (transparent border)', 'WebP with alpha (transparent border)']) {
      const decoded = await decodePhoto(byName(name).bytes);
      // The border's hidden colour is magenta: flattened, the corners are white.
      const corner = decoded.rgb.subarray(0, 3);
      expect([...corner], name).toEqual([255, 255, 255]);
    }
  });
});

describeRenderer('openai', matrix.accepted, { formats: true });
