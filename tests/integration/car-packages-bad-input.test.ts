import { beforeAll, describe, expect, it } from 'vitest';
import { MAX_FILE_BYTES, MIN_IMAGE_SIDE_PX } from '@shared/limits';
import { CAR_CHECK_MESSAGES, CAR_PACKAGE_MESSAGES, MESSAGES, PHOTO_REFUSALS } from '@shared/messages';
import type { CarPackageDetail, StartCarPackageResponse } from '@shared/schemas/car-packages';
import type { PhotoRejectionReason } from '../../functions/src/renderer/port';
import { badPhotos } from '../renderer/bad-photos';
import { useLocalHost } from '../support/local-host';
import { noCarScene } from '../support/car-package-photos';
import { PackageApi, isFinal, signInNewDealer } from './package-api-client';

/**
 * Bad input through the shared host's HTTP API, as a browser (or a client that lies about its files) sends it: each
 * is refused with the message for that file, and never charges, never leaves a package behind. A photo with valid
 * bytes but no car is refused by the start's car check, before anything is charged.
 */
const { url } = useLocalHost();
const h = await import('../support/car-package-harness');
const { createPackage, subOf, chargesOf } = await import('../support/car-package-http');

const REFUSAL: Record<PhotoRejectionReason, string> = {
  empty: PHOTO_REFUSALS.empty,
  too_large: PHOTO_REFUSALS.tooLarge(MAX_FILE_BYTES / 1024 / 1024),
  unsupported_type: PHOTO_REFUSALS.unsupportedType,
  too_many_pixels: PHOTO_REFUSALS.tooManyPixels,
  too_small: PHOTO_REFUSALS.tooSmall(MIN_IMAGE_SIDE_PX),
  corrupt: PHOTO_REFUSALS.corrupt,
  not_a_car: PHOTO_REFUSALS.notACar,
  car_interior: CAR_CHECK_MESSAGES.interior,
  car_too_small: CAR_CHECK_MESSAGES.carTooSmall,
  car_outside_frame: CAR_CHECK_MESSAGES.carOutsideFrame,
  several_cars: CAR_CHECK_MESSAGES.severalCars,
};

/**
 * Where each bad file is stopped when the browser declares it honestly (its type from its name, its real size):
 * by create's schema for the three the request itself gives away, otherwise by start's check of the bytes.
 */
const REFUSED_BY_CREATE: Record<string, string> = {
  'empty.jpg': `photos.0.size: ${MESSAGES.fileTooSmall(1)}`,
  'huge-12mb-7800x5200.jpg': `photos.0.size: ${MESSAGES.fileTooLarge(MAX_FILE_BYTES)}`,
  'animated-or-gif.gif': `photos.0.content_type: ${MESSAGES.photoTypeInvalid}`,
};

const bad = await badPhotos();

describe('car packages: bad input is refused with a clear message and costs nothing', () => {
  let api: PackageApi;
  let sub: string;

  beforeAll(async () => {
    api = new PackageApi(url, await signInNewDealer(url, 'bad-input'));
    sub = subOf(api.dealer);
  });

  /** Nothing was charged and no package exists: balance 5, the trial grant as the only ledger entry. */
  async function expectNothingCharged(id?: string) {
    expect((await api.balance()).total_credits).toBe(5);
    const ledger = await chargesOf(sub);
    expect(ledger.entries.map((e) => e.kind)).toEqual(['trial_grant']);
    if (id) {
      expect(await h.adapters.store.getWithImages(id)).toBeUndefined();
      expect(await h.objectKeys('renders', `car-packages/${sub}/${id}/`)).toEqual([]);
    }
    expect((await api.call<{ packages: unknown[] }>('GET', '/api/car-packages')).body.packages).toEqual([]);
  }

  it(`each bad file (${bad.source} set) declared honestly: refused by create's schema or by start with that file's own refusal`, async () => {
    const seen: Record<string, string> = {};
    for (const photo of bad.photos) {
      const { created, id, uploads } = await createPackage(api, [{ file_name: photo.name, bytes: photo.bytes }], `Bad ${photo.name}`);
      if (REFUSED_BY_CREATE[photo.name]) {
        expect({ file: photo.name, status: created.status, message: created.body.message }).toEqual({ file: photo.name, status: 400, message: REFUSED_BY_CREATE[photo.name] });
        seen[photo.name] = `create 400: ${created.body.message}`;
        await expectNothingCharged();
        continue;
      }
      expect({ file: photo.name, status: created.status, uploads }).toEqual({ file: photo.name, status: 201, uploads: ['ok'] });
      const start = await api.call<{ message: string; fields?: Record<string, string> }>('POST', `/api/car-packages/${id}/start`);
      const expected = CAR_PACKAGE_MESSAGES.photoRefused(photo.name, REFUSAL[photo.reason]);
      expect({ file: photo.name, status: start.status, message: start.body.message, fields: start.body.fields }).toEqual({
        file: photo.name,
        status: 400,
        message: expected,
        fields: { 'photos.0': expected },
      });
      seen[photo.name] = `start 400: ${start.body.message}`;
      await expectNothingCharged(id);
      // The draft stays, so the dealer can replace the photo: a second start answers the same.
      expect(await h.adapters.store.getDraft(id!)).toMatchObject({ id });
      expect((await api.call('POST', `/api/car-packages/${id}/start`)).status).toBe(400);
    }
    expect(Object.keys(seen).sort()).toEqual(bad.photos.map((p) => p.name).sort());
  });

  it('files a client lies about: the presigned POST refuses the wrong size, start refuses the wrong bytes, nothing is charged', async () => {
    const byName = Object.fromEntries(bad.photos.map((p) => [p.name, p]));
    // Declared 100 KB, sent empty: S3's policy refuses it (content-length-range), so start finds no upload.
    const empty = await createPackage(api, [{ file_name: 'empty.jpg', bytes: byName['empty.jpg']!.bytes, size: 100_000 }]);
    expect(empty.created.status).toBe(201);
    expect(empty.uploads[0]).toMatch(/presigned POST answered 400: .*<Code>EntityTooSmall<\/Code>/s);
    const emptyStart = await api.call<{ message: string }>('POST', `/api/car-packages/${empty.id}/start`);
    expect([emptyStart.status, emptyStart.body.message]).toEqual([400, CAR_PACKAGE_MESSAGES.photoNotUploaded('empty.jpg')]);
    await expectNothingCharged(empty.id);

    // Declared 5 MB, sent 13 MB: refused by S3's policy too.
    const huge = await createPackage(api, [{ file_name: 'huge-12mb-7800x5200.jpg', bytes: byName['huge-12mb-7800x5200.jpg']!.bytes, size: 5_000_000 }]);
    expect(huge.uploads[0]).toMatch(/presigned POST answered 400: .*<Code>EntityTooLarge<\/Code>/s);
    const hugeStart = await api.call<{ message: string }>('POST', `/api/car-packages/${huge.id}/start`);
    expect([hugeStart.status, hugeStart.body.message]).toEqual([400, CAR_PACKAGE_MESSAGES.photoNotUploaded('huge-12mb-7800x5200.jpg')]);
    await expectNothingCharged(huge.id);

    // A GIF declared as a JPEG: S3 takes it (the type is the client's word), start reads the bytes and refuses it.
    const gif = await createPackage(api, [{ file_name: 'animated-or-gif.gif', bytes: byName['animated-or-gif.gif']!.bytes, content_type: 'image/jpeg' }]);
    expect(gif.uploads).toEqual(['ok']);
    const gifStart = await api.call<{ message: string }>('POST', `/api/car-packages/${gif.id}/start`);
    expect([gifStart.status, gifStart.body.message]).toEqual([400, CAR_PACKAGE_MESSAGES.photoRefused('animated-or-gif.gif', PHOTO_REFUSALS.unsupportedType)]);
    await expectNothingCharged(gif.id);
  });

  it('16 photos, a blank name, an upload that never arrived: clear 400s, nothing charged', async () => {
    const photo = await h.carPhoto();
    const sixteen = await createPackage(
      api,
      Array.from({ length: 16 }, (_, i) => ({ file_name: `car-${i + 1}.jpg`, bytes: photo })),
    );
    expect([sixteen.created.status, sixteen.created.body.message]).toEqual([400, 'You can upload up to 15 photos for a single car']);

    for (const name of ['', '   ', '\t\n']) {
      const blank = await createPackage(api, [{ file_name: 'car.jpg', bytes: photo }], name);
      expect(blank.created.status).toBe(400);
      expect(blank.created.body.fields?.session_name).toBe('Please enter a name for this car, e.g. a year-make-model');
      expect(blank.created.body.message).toContain('Please enter a name for this car, e.g. a year-make-model');
    }

    // Two photos, the second never uploaded (the browser tab was closed): start names it.
    const partial = await createPackage(api, [
      { file_name: 'front.jpg', bytes: photo },
      { file_name: 'rear-never-sent.jpg', bytes: photo, upload: false },
    ]);
    expect(partial.uploads).toEqual(['ok', 'skipped']);
    const start = await api.call<{ message: string; fields: Record<string, string> }>('POST', `/api/car-packages/${partial.id}/start`);
    expect([start.status, start.body.message]).toEqual([400, 'rear-never-sent.jpg was not uploaded. Please upload it again.']);
    expect(start.body.fields).toEqual({ 'photos.1': 'rear-never-sent.jpg was not uploaded. Please upload it again.' });
    await expectNothingCharged(partial.id);
  });

  it('a photo with no car in it: the start refuses it by the car check, naming the photo, and charges nothing', async () => {
    const other = new PackageApi(url, await signInNewDealer(url, 'no-car'));
    const otherSub = subOf(other.dealer);
    const { id, uploads } = await createPackage(other, [{ file_name: 'park.jpg', bytes: await noCarScene() }], 'Not a car');
    expect(uploads).toEqual(['ok']);
    const start = await other.call<{ message: string; fields: Record<string, string> }>('POST', `/api/car-packages/${id}/start`);
    const message = CAR_PACKAGE_MESSAGES.photoRefused('park.jpg', PHOTO_REFUSALS.notACar);
    expect([start.status, start.body.message, start.body.fields]).toEqual([400, message, { 'photos.0': message }]);
    const ledger = await chargesOf(otherSub);
    expect(ledger.debits).toEqual([]);
    expect((await other.balance()).total_credits).toBe(5);
    expect((await other.call('GET', `/api/car-packages/${id}`)).status).toBe(404);
  });
});
