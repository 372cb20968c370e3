import { describe, expect, it } from 'vitest';
import { MESSAGES, PHOTO_REFUSALS } from '@shared/messages';
import type { CarPackageDetail } from '@shared/schemas/car-packages';
import { contentSignerFromEnv } from '../../functions/src/content-credentials/create-signer';
import { photoSha256 } from '../../functions/src/content-credentials/manifest';
import { verifyCredentials } from '../../functions/src/content-credentials/verify';
import { useLocalHost } from '../support/local-host';
import { photoMatrix } from '../support/photo-matrix';
import { PackageApi, isFinal, signInNewDealer } from './package-api-client';

/**
 * A representative part of the photo matrix (tests/support/photo-matrix.ts) through the product: each photo in its
 * own car package, created, uploaded by presigned POST with its real content type, started and rendered by the local
 * host's workflow, to a finished package whose studio images carry credentials naming the stored photo. HEIC and AVIF
 * are refused with their own words, and nothing is charged for them.
 */
const { url } = useLocalHost();
const h = await import('../support/car-package-harness');
const { createPackage, subOf, chargesOf } = await import('../support/car-package-http');

const matrix = await photoMatrix();
const CASES = ['PNG 8-bit', 'PNG 16-bit', 'PNG with alpha (transparent border)', 'WebP lossy', 'WebP with alpha (transparent border)', 'JPEG CMYK without a profile', 'JPEG EXIF orientation 6', 'largest accepted: 10 MB, 50 megapixels'];
const caseNamed = (name: string) => matrix.accepted.find((c) => c.name === name)!;

// The host's own signer (its key folder): what the public check uses, without its rate limit.
const signer = contentSignerFromEnv();
const verify = (bytes: Buffer, type: string) => verifyCredentials(bytes, type, signer);

// Five trial credits a dealer: one dealer for each five cases.
const dealers: PackageApi[] = [];
async function dealerFor(index: number): Promise<PackageApi> {
  const slot = Math.floor(index / 5);
  dealers[slot] ??= new PackageApi(url, await signInNewDealer(url, `formats-${slot}`));
  return dealers[slot]!;
}

describe('every accepted photo format through the car package API', () => {
  it.each(CASES.map((name, i) => [name, i] as const))('%s: a finished package whose images are signed and name the stored photo', async (name, index) => {
    const photo = caseNamed(name);
    const api = await dealerFor(index);
    const { created, id, uploads } = await createPackage(api, [{ file_name: photo.fileName, bytes: photo.bytes }], `Formats: ${name}`);
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    expect(uploads).toEqual(['ok']);
    const started = await api.call<{ replayed: boolean }>('POST', `/api/car-packages/${id}/start`);
    expect(started.status, JSON.stringify(started.body)).toBe(200);
    const done: CarPackageDetail = await api.waitFor(id!, isFinal, 120_000, 250);
    const completed = done.images.filter((i) => i.angle_status === 'completed');
    // One front corner gives a package of that corner alone (no mirror image unless the package asks for one): completed.
    expect(completed.map((i) => i.angle).sort(), JSON.stringify(done.images.map((i) => [i.angle, i.error_message]))).toEqual(['front_left_corner']);
    expect(done).toMatchObject({ status: 'completed', total_angles: 1 });

    const found = await h.packageOf(id!);
    const stored = await h.adapters.photos.readUpload(found.pkg.photos[0]!.key);
    for (const image of completed) {
      const full = Buffer.from(await (await fetch(image.rendered_url!)).arrayBuffer());
      const web = Buffer.from(await (await fetch(image.web_url!)).arrayBuffer());
      for (const [bytes, type] of [
        [full, 'image/jpeg'],
        [web, 'image/webp'],
      ] as const) {
        const report = await verify(bytes, type);
        expect(report.status, `${image.angle} ${type}`).toBe('signed_by_us');
        expect(report.photoSha256, `${image.angle} ${type}`).toBe(photoSha256(stored));
      }
    }
  }, 180_000);

  it('HEIC and AVIF: refused by the form with their own words, and at the start when sent under another name; nothing charged', async () => {
    const api = new PackageApi(url, await signInNewDealer(url, 'formats-refused'));
    const before = await chargesOf(subOf(api.dealer));
    for (const refused of matrix.refused.filter((r) => /HEIC|AVIF/.test(r.name))) {
      // Declared as what it is: the create route names the format.
      const declared = await createPackage(api, [{ file_name: refused.fileName, bytes: refused.bytes, content_type: /HEIC/.test(refused.name) ? 'image/heic' : 'image/avif' }]);
      expect(declared.created.status).toBe(400);
      expect((declared.created.body as { message?: string }).message).toContain(refused.message);

      // Renamed to .jpg (the browser then declares image/jpeg): its bytes tell, at the start, before any charge.
      const renamed = await createPackage(api, [{ file_name: 'renamed.jpg', bytes: refused.bytes, content_type: 'image/jpeg' }]);
      expect(renamed.created.status).toBe(201);
      const start = await api.call<{ message: string }>('POST', `/api/car-packages/${renamed.id}/start`);
      expect(start.status).toBe(400);
      expect(start.body.message).toBe(`renamed.jpg: ${refused.message}`);
    }
    expect(await chargesOf(subOf(api.dealer))).toEqual(before);
    // Everything else is refused as before, naming the accepted types.
    const gif = await createPackage(api, [{ file_name: 'photo.gif', bytes: matrix.refused.find((r) => r.name === 'GIF')!.bytes }]);
    expect((gif.created.body as { message?: string }).message).toContain(MESSAGES.photoTypeInvalid);
    expect(PHOTO_REFUSALS.heic).toMatch(/JPEG/);
  }, 120_000);
});
