/**
 * Every photo a dealer can send, through the renderer port of both renderers (local compositor; OpenAI image edit
 * against a local stand-in), signed as in production: a finished 1536x1024 image with the car in it, read the right
 * way up and in the right colours, whose content credentials name the stored photo (its hash and its real format);
 * or the refusal in the dealer's words. Generated at test time from one committed photo (tests/support/photo-matrix).
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readAsset } from '../../functions/src/content-credentials/c2pa';
import { withContentCredentials } from '../../functions/src/content-credentials/credentialed-renderer';
import { LocalContentSigner } from '../../functions/src/content-credentials/local-signer';
import { photoSha256 } from '../../functions/src/content-credentials/manifest';
import { verifyCredentials } from '../../functions/src/content-credentials/verify';
import { FIDELITY_THRESHOLD } from '../../functions/src/renderer/fidelity/car-fidelity';
import { LocalRenderer } from '../../functions/src/renderer/local/local-renderer';
import { OpenAiRenderer } from '../../functions/src/renderer/openai/openai-renderer';
import { decodePhoto } from '../../functions/src/renderer/photo-validation';
import { FULL_SIZE, PhotoRejectedError, RetakeSuggestedError, WEB_SIZE, type Renderer, type RenderedImage } from '../../functions/src/renderer/port';
import { startImageEditStandIn, type ImageEditStandIn } from '../support/openai-image-stand-in';
import { meanDeltaE, srgbToLab } from '../support/colour-difference';
import { CAR_CHECK_REASONS } from '@shared/car-checks';
import { photoMatrix, type MatrixCase, type PhotoMatrix } from '../support/photo-matrix';

const ANGLE = 'front_left_corner' as const;
const signer = new LocalContentSigner(mkdtempSync(join(tmpdir(), 'c2pa-matrix-')));
const credentials = { signer, fidelityThreshold: FIDELITY_THRESHOLD };
// Generated once, at collection: the cases name the tests.
const matrix: PhotoMatrix = await photoMatrix();
let server: ImageEditStandIn;
let local: Renderer;
let openai: Renderer;

beforeAll(async () => {
  // The OpenAI API's local stand-in answers every edit with a generated picture.
  server = await startImageEditStandIn();
  const baseURL = server.baseURL;
  local = withContentCredentials(new LocalRenderer(), credentials);
  openai = withContentCredentials(new OpenAiRenderer({ apiKey: 'sk-test', baseURL, model: 'gpt-image-2.6-sunburst' }), credentials);
}, 120_000);
afterAll(() => server.close());

async function expectFinishedAndSigned(image: RenderedImage, photo: MatrixCase) {
  expect(await sharp(image.full).metadata()).toMatchObject({ format: 'jpeg', width: FULL_SIZE.width, height: FULL_SIZE.height });
  expect(await sharp(image.web).metadata()).toMatchObject({ format: 'webp', width: WEB_SIZE.width, height: WEB_SIZE.height });
  for (const [bytes, format] of [
    [image.full, 'image/jpeg'],
    [image.web, 'image/webp'],
  ] as const) {
    const report = await verifyCredentials(bytes, format, signer);
    expect(report.status).toBe('signed_by_us');
    // The parent ingredient is the photo as stored: its hash.
    expect(report.photoSha256).toBe(photoSha256(photo.bytes));
  }
}

/** The parent ingredient's declared format, as a reader of the image sees it. */
async function parentFormat(jpeg: Buffer): Promise<string | undefined> {
  const store = (await readAsset(jpeg, 'image/jpeg'))!.store as { active_manifest: string; manifests: Record<string, { ingredients?: Array<{ relationship: string; format: string }> }> };
  return store.manifests[store.active_manifest]!.ingredients?.find((i) => i.relationship === 'parentOf')?.format;
}

const byName = (name: string) => matrix.accepted.find((c) => c.name === name)!;

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

/**
 * Each case is rendered once per renderer: the tests below that look at a case's image again (its parent format, its
 * orientation) read the same render instead of making another (the local compositor takes a second or more each).
 */
const renders = new Map<string, Promise<RenderedImage>>();
function renderOnce(which: 'local' | 'openai', photo: MatrixCase): Promise<RenderedImage> {
  const key = `${which}:${photo.name}`;
  let image = renders.get(key);
  if (!image) {
    const renderer = which === 'local' ? local : openai;
    image = renderer.render({ photos: [{ id: photo.fileName, bytes: photo.bytes, angle: ANGLE }], angle: ANGLE, background: 'studio' });
    renders.set(key, image);
  }
  return image;
}

describe.each(['local', 'openai'] as const)('the %s renderer', (which) => {
  const renderer = () => (which === 'local' ? local : openai);

  it.each(matrix.accepted.map((c) => c.name))('%s renders a signed studio image of the car (the compositor: or asks for a retake of a small car)', async (name) => {
    const photo = byName(name);
    if (which === 'local' && photo.retake) {
      // Read right, but the car would be enlarged more than twice: the angle is not delivered, in the dealer's words.
      const refusal = await renderOnce(which, photo).then(() => undefined, (error: unknown) => error);
      // A permanent failure by its name (the workflow records it as the angle's message; it counts as failed).
      expect(refusal).toBeInstanceOf(RetakeSuggestedError);
      expect(refusal).toMatchObject({ name: 'RenderPermanentError' });
      expect((refusal as RetakeSuggestedError).reasons[0]).toBe(CAR_CHECK_REASONS.carSmall.text);
      return;
    }
    const image = await renderOnce(which, photo);
    await expectFinishedAndSigned(image, photo);
    if (which === 'local') {
      // The car is in the image, as in the photo: its fidelity is measured and passes.
      expect(image.metadata.fidelity).toBeGreaterThanOrEqual(FIDELITY_THRESHOLD);
      // And checked: never a retake once delivered.
      expect(image.metadata.check?.verdict).toMatch(/^(ok|review)$/);
    }
  }, 60_000);

  it('declares the parent photo in its real format (PNG, WebP, JPEG), never a fixed one', async () => {
    const cases = [
      ['PNG 8-bit', 'image/png'],
      ['WebP lossy', 'image/webp'],
      ['JPEG baseline', 'image/jpeg'],
    ] as const;
    for (const [name, format] of cases) {
      const image = await renderOnce(which, byName(name));
      expect(await parentFormat(image.full), name).toBe(format);
    }
  }, 60_000);

  it('refuses HEIC, AVIF, GIF, TIFF and SVG with the words the dealer reads, before any render', async () => {
    for (const refused of matrix.refused) {
      const error = await renderer()
        .render({ photos: [{ id: refused.fileName, bytes: refused.bytes, angle: ANGLE }], angle: ANGLE, background: 'studio' })
        .catch((e: unknown) => e);
      expect(error, refused.name).toBeInstanceOf(PhotoRejectedError);
      expect((error as PhotoRejectedError).message, refused.name).toBe(refused.message);
      const [prepared] = await renderer().prepare([{ id: refused.fileName, bytes: refused.bytes }]);
      expect(prepared!.refused?.message, refused.name).toBe(refused.message);
    }
  });
});

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
