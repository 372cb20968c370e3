import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import exifReader from 'exif-reader';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { MAX_TRIAL_PHOTOS, TRIAL_RATE_LIMIT } from '@shared/limits';
import { MESSAGES, TRIAL_MESSAGES } from '@shared/messages';
import { trialUploadCompleteResponseSchema, type TrialUploadTarget } from '@shared/schemas/trial';
import { TRIAL_CHECK_MESSAGES } from '@shared/trial-photo-checks';
import { useLocalHost } from '../support/local-host';

/**
 * Trial links end to end through the routes' real handlers and the shared host's engines, up to the account: a super
 * user's link, the prospect's presigned uploads and their check, the account creation over HTTP (the host's Cognito
 * endpoint creates the account and mails the link), every refusal, and one car per trial package. The car check
 * counted across the transfer, and the transfer after the first sign-in: trial-links-car-check-and-transfer.test.ts
 * (shared steps: trial-links-harness.ts).
 */
const { url } = useLocalHost();
const h = await import('../support/car-package-harness');
const t = await import('../support/trial-links');
const { dynamo, tableName } = await import('../../functions/src/adapters/dynamodb/client');
const { keys } = await import('../../functions/src/adapters/dynamodb/keys');
const { uploadByPresignedPost } = await import('./package-api-client');
const { trialLinkSteps, otherCorner, newEmail, BMW } = await import('./trial-links-harness');
const steps = trialLinkSteps(url);
const { call, newLink, linkInList, uploadPhotos, createAccount } = steps;

describe('trial links: issued by super users only, stored as hashes', () => {
  it('creates a link whose URL carries a 32-byte token that is stored only as its SHA-256; dealers get 403', async () => {
    const link = await newLink('Hash Motors');
    expect(link.url).toMatch(new RegExp(`^${url}/trial/[A-Za-z0-9_-]{43}$`));
    expect(Buffer.from(link.token, 'base64url')).toHaveLength(32);
    expect(link.link).toMatchObject({ state: 'unused', dealer_name: 'Hash Motors', created_by: steps.admin.email, photos: [] });
    const stored = await dynamo().send(new (await import('@aws-sdk/lib-dynamodb')).GetCommand({ TableName: tableName(), Key: keys.trialLink(link.link.id) }));
    expect(JSON.stringify(stored.Item)).not.toContain(link.token);
    expect(stored.Item!.token_hash).toMatch(/^[0-9a-f]{64}$/);
    const dealer = await h.newDealer('trial-not-admin');
    expect((await call('POST /api/admin/trial-links', { user: dealer, body: { dealer_name: 'X' } })).status).toBe(403);
    expect((await call('GET /api/admin/trial-links', { user: dealer })).status).toBe(403);
  });

  it('mails the link to the prospect when an e-mail is given', async () => {
    const email = newEmail('mailed-prospect');
    const created = await call('POST /api/admin/trial-links', { user: steps.admin, body: { dealer_name: 'Mail Motors', email, expires_in_days: 3 } });
    expect(created.status).toBe(201);
    expect(created.body.mailed).toBe(true);
    const mails = await t.mailTo(url, email);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.text).toContain(created.body.url);
  });
});

describe('a trial link converts once', () => {
  let link: Awaited<ReturnType<typeof newLink>>;
  const prospect = newEmail('prospect');

  it('validates, takes up to 10 photos through presigned POSTs checked by their bytes, then converts to one account', async () => {
    link = await newLink();
    expect((await call('GET /api/trial/validate-token/{token}', { pathParameters: { token: link.token } })).body).toEqual({ valid: true, dealer_name: 'Prospect Motors' });
    // More than 10 photos are refused before anything is signed.
    const eleven = Array.from({ length: MAX_TRIAL_PHOTOS + 1 }, (_, i) => ({ name: `p${i}.jpg`, type: 'image/jpeg', size: 1000 }));
    const tooMany = await call('POST /api/trial/upload-photos/{token}', { pathParameters: { token: link.token }, body: { files: eleven } });
    expect(tooMany.status).toBe(400);
    expect(tooMany.body.message).toContain(MESSAGES.tooManyTrialPhotos(MAX_TRIAL_PHOTOS).description);
    // Account creation before any photo is refused.
    expect((await createAccount({ token: link.token, email: prospect })).body.error).toBe(TRIAL_MESSAGES.uploadPhotosFirst);
    // A photo that is not a photo gets its own verdict, and nothing is kept.
    const bad = await uploadPhotos(link.token, [{ name: 'notes.jpg', bytes: Buffer.from('not an image at all, just text'.repeat(10)) }]);
    expect(bad.status).toBe(200);
    expect(trialUploadCompleteResponseSchema.parse(bad.body)).toMatchObject({ success: false, uploaded_count: 0, error: TRIAL_CHECK_MESSAGES.noUsablePhoto, cars: 0, angles: [] });
    expect(bad.body.photos).toEqual([{ name: 'notes.jpg', car: false, reason: expect.any(String) }]);
    expect((await linkInList(link.link.id)).state).toBe('unused');

    // Each photo's verdict: the car, the angle it shows, which car; the angles the photos give.
    const done = await uploadPhotos(link.token, [
      { name: 'cupra.jpg', bytes: await h.carPhoto() },
      { name: 'cupra-other-side.jpg', bytes: await otherCorner() },
    ]);
    expect(done.status, JSON.stringify(done.body)).toBe(200);
    expect(trialUploadCompleteResponseSchema.parse(done.body)).toMatchObject({
      success: true,
      uploaded_count: 2,
      error: null,
      cars: 1,
      angles: ['front_left_corner', 'front_right_corner'],
      photos: [
        { name: 'cupra.jpg', car: true, angle: 'front_left_corner', car_group: 1, low_confidence: false },
        { name: 'cupra-other-side.jpg', car: true, angle: 'front_right_corner', car_group: 1, low_confidence: false },
      ],
    });
    const listed = await linkInList(link.link.id);
    expect(listed.state).toBe('uploaded');
    expect(listed.photos.map((p) => p.name)).toEqual(['cupra.jpg', 'cupra-other-side.jpg']);
    // The thumbnails are signed links that really serve the photo.
    const thumbnail = await fetch(listed.photos[0]!.thumbnail_url);
    expect(thumbnail.status).toBe(200);

    const created = await createAccount({ token: link.token, email: prospect, dealer_name: 'Prospect Motors GmbH' });
    expect(created).toEqual({ status: 200, body: { success: true, error: null } });
    expect(await t.magicLinkTokenFor(url, prospect)).toBeTruthy();
    expect(await linkInList(link.link.id)).toMatchObject({ state: 'converted', converted_email: prospect });
  });

  it('refuses a second account creation, further uploads and validation with "Trial token already used"; nothing is sent or uploaded', async () => {
    const other = newEmail('second-prospect');
    const again = await createAccount({ token: link.token, email: other });
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({ success: false, error: MESSAGES.trialTokenAlreadyUsed });
    expect((await call('GET /api/trial/validate-token/{token}', { pathParameters: { token: link.token } })).body).toEqual({ valid: false, error: MESSAGES.trialTokenAlreadyUsed });
    const keysBefore = await h.objectKeys('uploads', `trial/${link.link.id}/`);
    const upload = await call('POST /api/trial/upload-photos/{token}', { pathParameters: { token: link.token }, body: { files: [{ name: 'a.jpg', type: 'image/jpeg', size: 10 }] } });
    expect(upload.status).toBe(409);
    expect(upload.body.uploads).toBeUndefined();
    expect(await h.objectKeys('uploads', `trial/${link.link.id}/`)).toEqual(keysBefore);
    await t.sleep(1500);
    expect(await t.mailTo(url, other)).toEqual([]);
  });

  it('refuses an expired, a revoked and a tampered link with "Invalid or expired trial token"; nothing is uploaded or sent', async () => {
    const [expired, revoked] = await Promise.all([newLink('Expired Motors'), newLink('Revoked Motors')]);
    await dynamo().send(
      new UpdateCommand({ TableName: tableName(), Key: keys.trialLink(expired.link.id), UpdateExpression: 'SET expires_at = :past', ExpressionAttributeValues: { ':past': new Date(Date.now() - 1000).toISOString() } }),
    );
    expect((await call('POST /api/admin/trial-links/{id}/revoke', { user: steps.admin, pathParameters: { id: revoked.link.id } })).body.link.state).toBe('revoked');
    const tampered = link.token.slice(0, -1) + (link.token.endsWith('A') ? 'B' : 'A');
    const email = newEmail('refused-prospect');
    for (const token of [expired.token, revoked.token, tampered, 'short-token']) {
      expect((await call('GET /api/trial/validate-token/{token}', { pathParameters: { token } })).body).toEqual({ valid: false, error: MESSAGES.invalidOrExpiredTrialToken });
      const upload = await call('POST /api/trial/upload-photos/{token}', { pathParameters: { token }, body: { files: [{ name: 'a.jpg', type: 'image/jpeg', size: 10 }] } });
      expect(upload.status).toBe(400);
      expect(upload.body).toMatchObject({ success: false, error: MESSAGES.invalidOrExpiredTrialToken });
      const created = await createAccount({ token, email });
      expect(created.status).toBe(400);
      expect(created.body.message).toBe(MESSAGES.invalidOrExpiredTrialToken);
    }
    expect(await h.objectKeys('uploads', `trial/${expired.link.id}/`)).toEqual([]);
    expect(await h.objectKeys('uploads', `trial/${revoked.link.id}/`)).toEqual([]);
    await t.sleep(1500);
    expect(await t.mailTo(url, email)).toEqual([]);
    expect((await linkInList(expired.link.id)).state).toBe('expired');
    // A converted link cannot be revoked.
    expect((await call('POST /api/admin/trial-links/{id}/revoke', { user: steps.admin, pathParameters: { id: link.link.id } })).status).toBe(409);
  });

  it('keeps the sign-in request\'s no-enumeration answer: the same for an address that already has an account', async () => {
    const fresh = await newLink('Known Motors');
    expect((await uploadPhotos(fresh.token, [{ name: 'cupra.jpg', bytes: await h.carPhoto() }])).status).toBe(200);
    const created = await createAccount({ token: fresh.token, email: steps.admin.email });
    expect(created).toEqual({ status: 200, body: { success: true, error: null } });
  });

  it('keeps the prospect\'s photos without their GPS position (what the admin sees and the transfer copies)', async () => {
    const fresh = await newLink('Located Motors');
    const gps = { GPSLatitudeRef: 'N', GPSLatitude: '59/1 20/1 1234/100', GPSLongitudeRef: 'E', GPSLongitude: '18/1 4/1 0/1' };
    const phone = await sharp(await h.carPhoto()).jpeg({ quality: 90 }).withExif({ IFD0: { Make: 'PhoneCam' }, IFD3: gps }).toBuffer();
    expect(exifReader((await sharp(phone).metadata()).exif!).GPSInfo?.GPSLatitude).toEqual([59, 20, 12.34]);
    expect((await uploadPhotos(fresh.token, [{ name: 'located.jpg', bytes: phone }])).status).toBe(200);
    const [kept] = (await linkInList(fresh.link.id)).photos;
    const stored = Buffer.from(await (await fetch(kept!.thumbnail_url)).arrayBuffer());
    const exif = exifReader((await sharp(stored).metadata()).exif!);
    expect(exif.GPSInfo?.GPSLatitude).toBeUndefined();
    expect(exif.Image?.Make).toBe('PhoneCam');
  });

  it(`counts the calls per link: call ${TRIAL_RATE_LIMIT.perLinkPerHour + 1} of an hour answers 429`, async () => {
    const token = 'R'.repeat(20) + Date.now().toString(36).padStart(23, 'r');
    for (let i = 0; i < TRIAL_RATE_LIMIT.perLinkPerHour; i++) {
      expect((await call('GET /api/trial/validate-token/{token}', { pathParameters: { token } })).status).toBe(200);
    }
    const limited = await call('GET /api/trial/validate-token/{token}', { pathParameters: { token } });
    expect(limited.status).toBe(429);
    expect(limited.body.message).toBe(TRIAL_MESSAGES.tooManyTrialRequests);
  });
});

describe('a trial package is one car (issue 39)', () => {
  it('photos of two cars: each photo names its car, the account step is refused until one car is kept; a photo uploaded again is not looked at twice', async () => {
    const { createVision } = await import('../../functions/src/vision/create-vision');
    const { completeTrialUploads } = await import('../../functions/src/trial/trial-page');
    const { trialPageDeps } = await import('../../functions/src/trial/adapters');
    const local = createVision({ vision: 'local' });
    let looks = 0;
    const counting = { name: local.name, model: local.model, look: (...args: Parameters<typeof local.look>) => ((looks += 1), local.look(...args)) };
    const link = await newLink('Two Cars Motors');
    const upload = async (photos: { name: string; bytes: Buffer }[]) => {
      const asked = await call('POST /api/trial/upload-photos/{token}', { pathParameters: { token: link.token }, body: { files: photos.map((p) => ({ name: p.name, type: 'image/jpeg', size: p.bytes.length })) } });
      expect(asked.status).toBe(200);
      await Promise.all((asked.body.uploads as TrialUploadTarget[]).map((u, i) => uploadByPresignedPost(u, photos[i]!.bytes)));
      return trialUploadCompleteResponseSchema.parse(await completeTrialUploads(trialPageDeps(counting), link.token, '127.0.0.1'));
    };
    const grey = { name: 'grey-front.jpg', bytes: await h.carPhoto() };
    const greyOther = { name: 'grey-other-side.jpg', bytes: await otherCorner() };
    const green = { name: 'bmw-2002.jpg', bytes: BMW };

    const mixed = await upload([grey, green, greyOther]);
    expect(looks).toBe(3);
    expect(mixed).toMatchObject({ success: false, uploaded_count: 3, cars: 2, error: TRIAL_CHECK_MESSAGES.differentCars(2) });
    expect(mixed.photos.map((p) => (p.car ? p.car_group : 0))).toEqual([1, 2, 1]);
    const email = newEmail('two-cars');
    const refused = await createAccount({ token: link.token, email });
    expect(refused.status).toBe(400);
    expect(refused.body.error).toBe(TRIAL_CHECK_MESSAGES.keepOneCarFirst);
    expect(await t.mailTo(url, email)).toEqual([]);

    // The prospect keeps the grey car: the same files again, whose verdicts are kept without a second look.
    const kept = await upload([grey, greyOther]);
    expect(looks).toBe(3);
    expect(kept).toMatchObject({ success: true, uploaded_count: 2, cars: 1, error: null, angles: ['front_left_corner', 'front_right_corner'] });
    expect((await createAccount({ token: link.token, email })).status).toBe(200);
    expect((await linkInList(link.link.id)).photos.map((p) => p.name)).toEqual(['grey-front.jpg', 'grey-other-side.jpg']);
  }, 120_000);
});
