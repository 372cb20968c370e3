/**
 * Every photo a dealer can send, through the renderer port of both renderers (local compositor; OpenAI image edit
 * against a local stand-in), signed as in production: a finished 1536x1024 image with the car in it, read the right
 * way up and in the right colours, whose content credentials name the stored photo (its hash and its real format);
 * or the refusal in the dealer's words. Generated at test time from one committed photo (tests/support/photo-matrix).
 *
 * The matrix is four files (the decoding and the OpenAI renderer; the local compositor on the JPEG photos, on the other
 * formats and sizes, on the EXIF orientations), each well under the per-file time guard (one file took 91 s on a slow day).
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
import { FULL_SIZE, PhotoRejectedError, RetakeSuggestedError, WEB_SIZE, type Renderer, type RenderedImage } from '../../functions/src/renderer/port';
import { startImageEditStandIn, type ImageEditStandIn } from '../support/openai-image-stand-in';
import { CAR_CHECK_REASONS } from '@shared/car-checks';
import { photoMatrix, type MatrixCase, type PhotoMatrix } from '../support/photo-matrix';

export type Which = 'local' | 'openai';
export const ANGLE = 'front_left_corner' as const;
const signer = new LocalContentSigner(mkdtempSync(join(tmpdir(), 'c2pa-matrix-')));
const credentials = { signer, fidelityThreshold: FIDELITY_THRESHOLD };
// Generated once, at collection: the cases name the tests.
export const matrix: PhotoMatrix = await photoMatrix();
export const byName = (name: string) => matrix.accepted.find((c) => c.name === name)!;
export const isOrientationCase = (c: MatrixCase) => c.name.startsWith('JPEG EXIF orientation');

const renderers: Partial<Record<Which, Renderer>> = {};
/** The renderer a file tests, made before its tests (the OpenAI one against its local stand-in). */
export function useRenderer(which: Which): () => Renderer {
  let server: ImageEditStandIn | undefined;
  beforeAll(async () => {
    if (which === 'local') renderers.local = withContentCredentials(new LocalRenderer(), credentials);
    else {
      // The OpenAI API's local stand-in answers every edit with a generated picture.
      server = await startImageEditStandIn();
      renderers.openai = withContentCredentials(new OpenAiRenderer({ apiKey: 'sk-test', baseURL: server.baseURL, model: 'gpt-image-2.6-sunburst' }), credentials);
    }
  }, 120_000);
  afterAll(() => server?.close());
  return () => renderers[which]!;
}

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

/**
 * Each case is rendered once per renderer: the tests that look at a case's image again (its parent format, its
 * orientation) read the same render instead of making another (the local compositor takes a second or more each).
 */
const renders = new Map<string, Promise<RenderedImage>>();
export function renderOnce(which: Which, photo: MatrixCase): Promise<RenderedImage> {
  const key = `${which}:${photo.name}`;
  let image = renders.get(key);
  if (!image) {
    image = renderers[which]!.render({ photos: [{ id: photo.fileName, bytes: photo.bytes, angle: ANGLE }], angle: ANGLE, background: 'studio' });
    renders.set(key, image);
  }
  return image;
}

/**
 * The tests of one renderer on `cases`: each renders a signed studio image of the car (the compositor may ask for a
 * retake of a small car instead); with `formats`, also the parent photo's declared format and the refused formats.
 */
export function describeRenderer(which: Which, cases: MatrixCase[], { formats }: { formats: boolean }) {
  const renderer = useRenderer(which);
  describe(`the ${which} renderer`, () => {
    it.each(cases.map((c) => c.name))('%s renders a signed studio image of the car (the compositor: or asks for a retake of a small car)', async (name) => {
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

    if (!formats) return;

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
}
