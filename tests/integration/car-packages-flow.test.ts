import { resolve } from 'node:path';
import { unzipSync } from 'fflate';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { ANGLES } from '@shared/angles';
import { CAR_PACKAGE_MESSAGES } from '@shared/messages';
import { CAR_CHECK_REASONS } from '@shared/car-checks';
import type { CarPackageActivity, CarPackageDetail, CarPackageZipResponse, ListCarPackagesResponse } from '@shared/schemas/car-packages';
import { useLocalHost } from '../support/local-host';
import { PackageApi, isFinal, signInNewDealer, summary } from './package-api-client';
import { readMp4 } from '../support/mp4';

/**
 * One car package end to end through the shared host's HTTP API, rendered by the real local renderer (ISNet cut-out):
 * one committed photo of a front corner gives a package of that corner alone by default, and with "Fill missing sides
 * with mirror images" of that corner and its mirror image, labelled as such, and honestly nothing else (decisions.md,
 * turn 4: a credit buys the angles the photos show; the others are named, not failed).
 */
// The studio compositor's images end to end (its renderer name, the car check in the credentials).
const { url } = useLocalHost({ renderer: 'studio' });
const h = await import('../support/car-package-harness');
const { subOf } = await import('../support/car-package-http');
const { s3Keys } = await import('../../functions/src/car-packages/car-package');

const PHOTO = resolve(import.meta.dirname, '../fixtures/cars/cupra-born-grey-front34-street.jpg');
const NAME = '2021 Cupra Born 58 kWh';
const SLUG = '2021-cupra-born-58-kwh';

const download = async (link: string) => {
  const response = await fetch(link);
  return { status: response.status, type: response.headers.get('content-type'), disposition: response.headers.get('content-disposition'), bytes: Buffer.from(await response.arrayBuffer()) };
};

const activityOf = (api: PackageApi) => {
  const midnight = new Date();
  midnight.setHours(0, 0, 0, 0);
  const week = new Date(midnight.getTime() - 6 * 24 * 3600_000);
  return api.call<CarPackageActivity>('GET', `/api/car-packages/activity?today_start=${encodeURIComponent(midnight.toISOString())}&week_start=${encodeURIComponent(week.toISOString())}`);
};

async function listAll(api: PackageApi): Promise<string[][]> {
  const pages: string[][] = [];
  let cursor: string | null = null;
  do {
    const page: { status: number; body: ListCarPackagesResponse } = await api.call<ListCarPackagesResponse>('GET', `/api/car-packages?limit=1${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`);
    expect(page.status).toBe(200);
    pages.push(page.body.packages.map((p) => p.id));
    cursor = page.body.next_cursor;
  } while (cursor && pages.length < 10);
  return pages.filter((p) => p.length > 0);
}

describe('a car package from one photo, end to end on the local host', () => {
  it('a site without a scene library offers no outdoor style: a package in Urban is refused with the reason, and nothing is created', async () => {
    const api = new PackageApi(url, await signInNewDealer(url, 'no-outdoor'));
    const photos = [{ file_name: 'car.jpg', content_type: 'image/jpeg', size: 1000 }];
    const refused = await api.call<{ message: string; fields?: Record<string, string> }>('POST', '/api/car-packages', { session_name: 'Urban car', background: 'urban', photos });
    expect(refused.status).toBe(400);
    expect(refused.body.fields?.background).toBe(CAR_PACKAGE_MESSAGES.styleNotOffered('Urban'));
    expect((await api.call<ListCarPackagesResponse>('GET', '/api/car-packages')).body.packages).toEqual([]);
    // Studio, Showroom and the original location are there.
    for (const background of ['studio', 'showroom', 'original']) expect((await api.call('POST', '/api/car-packages', { session_name: background, background, photos })).status).toBe(201);
  });

  it('a photo too small for the studio: the car check says "Retake suggested", that angle is not delivered and counts as failed (a free retry offered; the credit back when nothing rendered)', async () => {
    const api = new PackageApi(url, await signInNewDealer(url, 'retake'));
    const sub = subOf(api.dealer);
    // The Cupra's photo at 200 px high (the smallest accepted): its car would be enlarged about three times.
    const small = await sharp(PHOTO).resize({ height: 200 }).jpeg({ quality: 90 }).toBuffer();
    const mixed = await api.createWithPhotos([{ file: PHOTO, angle: 'front_left_corner' }, { file: 'small.jpg', bytes: small, angle: 'rear' }], { name: 'Cupra and a small photo' });
    const alone = await api.createWithPhotos([{ file: 'small.jpg', bytes: small, angle: 'front_left_corner' }], { name: 'Small Cupra' });
    for (const id of [mixed, alone]) await api.start(id);
    const [withGood, onlySmall] = (await Promise.all([mixed, alone].map((id) => api.waitFor(id, isFinal, 120_000, 250)))) as CarPackageDetail[];

    const good = withGood!.images.find((i) => i.angle === 'front_left_corner')!;
    const retake = withGood!.images.find((i) => i.angle === 'rear')!;
    expect(good.angle_status).toBe('completed');
    expect([retake.angle_status, retake.rendered_url]).toEqual(['failed', null]);
    expect(retake.error_message).toBe(`${CAR_CHECK_REASONS.carSmall.text} You can retry this angle for free.`);
    expect([retake.retryable, retake.free_retries_left]).toEqual([true, 3]);
    expect(withGood!.status).toBe('partial_complete');
    // Alone, nothing rendered: the package's credit comes back (once), and it is started again rather than retried.
    const corner = onlySmall!.images.find((i) => i.angle === 'front_left_corner')!;
    expect([corner.angle_status, corner.error_message]).toEqual(['failed', CAR_CHECK_REASONS.carSmall.text]);
    expect(onlySmall!.status).toBe('error');
    const ledger = await h.ledgerOf(sub);
    expect([ledger.debits.length, ledger.refunds.length, ledger.balance]).toEqual([2, 1, 4]);
  });

  it('with the mirror fill: a package of the corner and its mirror image (labelled), completed; the angles no photo gives named, not failed; serves the images and a zip, is listed and counted, and is deleted with its files', async () => {
    const api = new PackageApi(url, await signInNewDealer(url, 'flow'));
    const sub = subOf(api.dealer);

    const id = await api.createWithPhotos([{ file: PHOTO, angle: 'front_left_corner' }], { name: NAME, fillMissingSides: true });
    const started = await api.start(id);
    // A credit buys the angles the photos give: the package is made of those 2 from the start.
    expect(started).toMatchObject({ replayed: false, balance: { total_credits: 4 }, package: { id, status: 'pending', session_name: NAME, photo_count: 1, fill_missing_sides: true, total_angles: 2 } });

    const done: CarPackageDetail = await api.waitFor(id, isFinal, 120_000, 250);
    const completed = done.images.filter((i) => i.angle_status === 'completed').map((i) => i.angle);
    expect(completed, JSON.stringify(summary(done))).toEqual(['front_left_corner', 'front_right_corner']);
    expect(done).toMatchObject({ status: 'completed', total_angles: 2, completed_angles: 2, failed_angles: 0, status_message: null, credits_used: 1 });
    expect(done.images.map((i) => i.angle)).toEqual(['front_left_corner', 'front_right_corner']);
    expect(done.photos).toMatchObject([{ id: 'photo-1', file_name: 'cupra-born-grey-front34-street.jpg', angle: 'front_left_corner', assigned_angle: 'front_left_corner', refused: null }]);
    // The gallery's preview: the first completed angle (shared/schemas/car-packages.ts thumbnail_url).
    expect.soft(done.thumbnail_url, 'thumbnail_url of a package with completed angles').toEqual(expect.stringMatching(/^http/));
    // When the last angle finished ("null while running").
    expect.soft(done.finished_at, 'finished_at of a finished package').toEqual(expect.any(String));

    // The angles one front-corner photo cannot honestly give are not in the package: each named with the photo that would give it.
    expect(done.missing_angles).toEqual([
      { angle: 'front', would_be_given_by: ['front'], mirror_possible: false },
      { angle: 'rear', would_be_given_by: ['rear'], mirror_possible: false },
      { angle: 'left_side', would_be_given_by: ['left_side', 'right_side'], mirror_possible: false },
      { angle: 'right_side', would_be_given_by: ['right_side', 'left_side'], mirror_possible: false },
      { angle: 'rear_left_corner', would_be_given_by: ['rear_left_corner', 'rear_right_corner'], mirror_possible: false },
      { angle: 'rear_right_corner', would_be_given_by: ['rear_right_corner', 'rear_left_corner'], mirror_possible: false },
    ]);
    // The plan the start answered (the form's own, shared/angle-plan.ts) is the one the workflow followed.
    expect(started.plan.covered).toBe(completed.length);
    expect(started.plan.angles.filter((a) => a.source !== 'missing').map((a) => [a.angle, a.source, a.photo_index])).toEqual([
      ['front_left_corner', 'photo', 0],
      ['front_right_corner', 'mirror', 0],
    ]);
    expect(started.plan.angles.filter((a) => a.source === 'missing').map((a) => a.angle)).toEqual(done.missing_angles.map((m) => m.angle));
    // An angle not in the package is not retried: it is no angle of the package.
    const retry = await api.call<{ message: string }>('POST', `/api/car-packages/${id}/angles/rear/retry`);
    expect(retry).toEqual({ status: 409, body: { message: CAR_PACKAGE_MESSAGES.angleNotRetryable, code: 'conflict' } });
    expect((await api.get(id)).images.map((i) => i.angle)).toEqual(['front_left_corner', 'front_right_corner']);

    // Signed links of the finished angles: a 1536x1024 JPEG and a 768x512 WebP each.
    const fullImages: Record<string, Buffer> = {};
    for (const image of done.images.filter((i) => i.angle_status === 'completed')) {
      expect(image.metadata).toMatchObject({ source_photo_id: 'photo-1', mirrored: image.angle === 'front_right_corner', renderer: 'local' });
      const full = await download(image.rendered_url!);
      expect(full.status).toBe(200);
      expect(await sharp(full.bytes).metadata()).toMatchObject({ format: 'jpeg', width: 1536, height: 1024 });
      const web = await download(image.web_url!);
      expect(web.status).toBe(200);
      expect(await sharp(web.bytes).metadata()).toMatchObject({ format: 'webp', width: 768, height: 512 });
      fullImages[image.angle] = full.bytes;
    }

    // The walk-around video of the two angles, made by the workflow's last task just after the package finished
    // (on the local host's own state machine: the synthesized definition, the handler run in its process).
    const withVideo = await api.waitFor(id, (p) => p.video !== null, 60_000, 250);
    expect(withVideo.video).toMatchObject({ file_name: `${SLUG}-walk-around.mp4`, duration_seconds: 8, angles: ['front_right_corner', 'front_left_corner'] });
    const video = await download(withVideo.video!.url);
    expect([video.status, video.type, video.disposition]).toEqual([200, 'video/mp4', `attachment; filename="${SLUG}-walk-around.mp4"`]);
    const mp4 = readMp4(video.bytes);
    expect(mp4.movieSeconds).toBeCloseTo(8, 3);
    expect(mp4.tracks).toMatchObject([{ codec: 'avc1', width: 1280, height: 720, keyframes: [1, 7] }]);

    // The zip: exactly the finished angles' full-size JPEGs, named after the car, and the video.
    const zip = await api.call<CarPackageZipResponse>('POST', `/api/car-packages/${id}/zip`);
    expect(zip.status).toBe(200);
    expect(zip.body).toMatchObject({ file_name: `${SLUG}-studio-images.zip`, image_count: 2 });
    const archive = await download(zip.body.url);
    expect(archive.status).toBe(200);
    expect(archive.disposition).toBe(`attachment; filename="${SLUG}-studio-images.zip"`);
    const files = unzipSync(new Uint8Array(archive.bytes));
    const jpegs = Object.keys(files).filter((n) => /\.jpe?g$/i.test(n)).sort();
    // The mirror image says so in its file name, and the README says what that means.
    expect(jpegs).toEqual([`${SLUG}-front-left-corner.jpg`, `${SLUG}-front-right-corner-mirrored.jpg`]);
    expect(Buffer.from(files[`${SLUG}-front-left-corner.jpg`]!).equals(fullImages.front_left_corner!)).toBe(true);
    expect(Buffer.from(files[`${SLUG}-front-right-corner-mirrored.jpg`]!).equals(fullImages.front_right_corner!)).toBe(true);
    expect(Buffer.from(files['README.txt']!).toString('utf8')).toContain('Files named "-mirrored" are mirror images of the opposite side of the car');
    expect(Buffer.from(files['walk-around.mp4']!).equals(video.bytes)).toBe(true);
    // Besides the images and the video, only a short README naming the car and the video.
    expect(Object.keys(files).filter((n) => !jpegs.includes(n)).sort()).toEqual(['README.txt', 'walk-around.mp4']);
    expect(Buffer.from(files['README.txt']!).toString('utf8')).toContain(NAME);
    expect(Buffer.from(files['README.txt']!).toString('utf8')).toContain('walk-around.mp4: the walk-around video of these images (8 s, H.264 MP4, 1280x720)');

    // My Images names the mirror image as one.
    const mine = await api.call<{ images: { angle: string | null; label: string }[] }>('GET', '/api/images');
    expect(mine.body.images.filter((i) => i.angle?.startsWith('front_')).map((i) => i.label).sort()).toEqual(['Front Left Corner', 'Front Right Corner (mirror image)']);

    // A second package of the same photo, by default (no mirror fill), still running: it cannot be deleted.
    const second = await api.createWithPhotos([{ file: PHOTO, angle: 'front_left_corner' }], { name: 'Second car' });
    const secondStart = await api.start(second);
    expect(secondStart.plan.covered).toBe(1);
    expect(secondStart.package.fill_missing_sides).toBe(false);
    const busy = await api.call<{ message: string }>('DELETE', `/api/car-packages/${second}`);
    expect([busy.status, busy.body.message]).toEqual([409, CAR_PACKAGE_MESSAGES.stillProcessing]);
    expect((await api.get(second)).id).toBe(second);

    // Listed newest first, one per page; counted today, this week and in all.
    expect(await listAll(api)).toEqual([[second], [id]]);
    expect((await activityOf(api)).body).toEqual({ today: 2, last_7_days: 2, total: 2 });

    // The finished package is deleted with every file of it; the running one is untouched.
    const keptBefore = await h.objectKeys('renders', s3Keys.packagePrefix(sub, id));
    expect(keptBefore.length).toBeGreaterThanOrEqual(6); // 2 JPEGs, 2 WebPs, the video, the zip
    expect(keptBefore).toContain((await h.packageOf(id)).pkg.video!.key);
    const deleted = await api.call('DELETE', `/api/car-packages/${id}`);
    expect(deleted).toEqual({ status: 200, body: { success: true } });
    expect((await api.call('GET', `/api/car-packages/${id}`)).status).toBe(404);
    expect((await api.call('POST', `/api/car-packages/${id}/zip`)).status).toBe(404);
    expect(await h.objectKeys('renders', s3Keys.packagePrefix(sub, id))).toEqual([]);
    expect(await h.objectKeys('uploads', s3Keys.packagePrefix(sub, id))).toEqual([]);
    expect(await h.objectKeys('uploads', s3Keys.draftPrefix(sub, id))).toEqual([]);
    expect((await download(done.images.find((i) => i.angle === 'front_left_corner')!.rendered_url!)).status).toBe(404);
    expect(await listAll(api)).toEqual([[second]]);
    expect((await activityOf(api)).body).toEqual({ today: 1, last_7_days: 1, total: 1 });

    // By default the photo gives its own angle alone; the opposite corner says how to get it.
    const secondDone = await api.waitFor(second, isFinal, 120_000, 250);
    expect(secondDone.images.filter((i) => i.angle_status === 'completed').map((i) => [i.angle, i.metadata.mirrored])).toEqual([['front_left_corner', false]]);
    // The compositor checked the car in the image and says so in words: a good photo of one car looks good.
    expect(secondDone.images.find((i) => i.angle === 'front_left_corner')!.metadata.check).toEqual({ verdict: 'ok', reasons: [] });
    // A package of that 1 angle, completed (not "1 of 8"): the opposite corner is not in it, and the mirror fill would make it.
    expect(secondDone).toMatchObject({ status: 'completed', total_angles: 1, completed_angles: 1, failed_angles: 0 });
    expect(secondDone.images.map((i) => i.angle)).toEqual(['front_left_corner']);
    expect(secondDone.missing_angles.find((m) => m.angle === 'front_right_corner')).toEqual({ angle: 'front_right_corner', would_be_given_by: ['front_right_corner', 'front_left_corner'], mirror_possible: true });

    // Deleting changes no credit: one charge per package, nothing refunded (both rendered something).
    const ledger = await h.ledgerOf(sub);
    expect(ledger.debits.length).toBe(2);
    expect(ledger.refunds).toEqual([]);
    expect(ledger.balance).toBe(3);
    expect(ledger.sum).toBe(3);
    expect((await api.call('DELETE', `/api/car-packages/${second}`)).status).toBe(200);
  }, 180_000); // waits up to 120 s for the render; the start and prepare now also run the car check (detector)
});
