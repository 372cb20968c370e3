import { readFileSync } from 'node:fs';
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import exifReader from 'exif-reader';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_TRIAL_PHOTOS, TRIAL_RATE_LIMIT } from '@shared/limits';
import { MESSAGES, TRIAL_MESSAGES } from '@shared/messages';
import { trialUploadCompleteResponseSchema, type CreateTrialLinkResponse, type TrialLinkView, type TrialUploadTarget } from '@shared/schemas/trial';
import { TRIAL_CHECK_MESSAGES } from '@shared/trial-photo-checks';
import { useLocalHost } from '../support/local-host';

/**
 * Trial links end to end through the routes' real handlers and the shared host's engines: a super user's link, the
 * prospect's presigned uploads and their check, the account creation over HTTP (the host's Cognito endpoint creates
 * the account and mails the link), the sign-in with that link, and the transfer into a car package charged 1 trial
 * credit on the real workflow definition (scripted renderer, in this process).
 */
const { url } = useLocalHost();
const { freePort } = await import('../../infra/local/free-port');
const sfnPort = await freePort();
const ARN = `arn:aws:states:${process.env.AWS_REGION ?? 'us-east-1'}:000000000000:stateMachine:trial-test-render-workflow`;
// Read by the transfer handlers' composition roots when they are first loaded.
Object.assign(process.env, { STATE_MACHINE_ARN: ARN, SFN_ENDPOINT: `http://127.0.0.1:${sfnPort}` });

const h = await import('../support/car-package-harness');
const t = await import('../support/trial-links');
const { uploadByPresignedPost } = await import('./package-api-client');
const { promoteToSuperUser } = await import('../../functions/src/accounts/super-user');
const { dynamo, tableName } = await import('../../functions/src/adapters/dynamodb/client');
const { keys } = await import('../../functions/src/adapters/dynamodb/keys');
const sfn = await h.TestStepFunctions.start(sfnPort);
const w = await h.scriptedWorkflow(sfn, {}, { arn: ARN });
afterAll(async () => {
  await w.settle();
  await sfn.close();
});

const call = h.invokeRoute;
const CUPRA = readFileSync(new URL('../fixtures/cars/cupra-born-grey-front34-street.jpg', import.meta.url));
const BMW = readFileSync(new URL('../fixtures/cars/bmw-2002-silver-front34-grass.jpg', import.meta.url));
/** The same car seen from its other front corner (the photo reversed): a second angle of one car. */
const otherCorner = async () => sharp(await h.carPhoto()).flop().jpeg({ quality: 80 }).toBuffer();

let admin: { sub: string; email: string };

async function newLink(dealer = 'Prospect Motors'): Promise<CreateTrialLinkResponse & { token: string }> {
  const created = await call('POST /api/admin/trial-links', { user: admin, body: { dealer_name: dealer, expires_in_days: 7 } });
  expect(created.status).toBe(201);
  return { ...(created.body as CreateTrialLinkResponse), token: t.tokenOf(created.body.url) };
}

async function linkInList(id: string): Promise<TrialLinkView> {
  const listed = await call('GET /api/admin/trial-links', { user: admin });
  expect(listed.status).toBe(200);
  return (listed.body.links as TrialLinkView[]).find((l) => l.id === id)!;
}

const typeOfName = (name: string) => (name.endsWith('.png') ? 'image/png' : name.endsWith('.webp') ? 'image/webp' : 'image/jpeg');

/** The prospect's step 1: presigned POSTs, the uploads, the check. */
async function uploadPhotos(token: string, photos: { name: string; bytes: Buffer }[]) {
  const asked = await call('POST /api/trial/upload-photos/{token}', {
    pathParameters: { token },
    body: { files: photos.map((p) => ({ name: p.name, type: typeOfName(p.name), size: p.bytes.length })) },
  });
  expect(asked.status, JSON.stringify(asked.body)).toBe(200);
  const uploads = asked.body.uploads as TrialUploadTarget[];
  await Promise.all(uploads.map((u, i) => uploadByPresignedPost(u, photos[i]!.bytes, typeOfName(photos[i]!.name))));
  return call('POST /api/trial/upload-photos/{token}/complete', { pathParameters: { token } });
}

const createAccount = async (body: Record<string, unknown>) => {
  const response = await fetch(`${url}/api/trial/create-account`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  return { status: response.status, body: (await response.json()) as { success: boolean; error: string | null; message?: string } };
};

const newEmail = (label: string) => `${label}-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.com`;
const formOf = (fields: Record<string, string>) => new URLSearchParams(fields).toString();

beforeAll(async () => {
  admin = await h.newDealer('trial-admin');
  expect(await promoteToSuperUser(h.adapters.accounts, admin.email)).toMatchObject({ role: 'super' });
});

describe('trial links: issued by super users only, stored as hashes', () => {
  it('creates a link whose URL carries a 32-byte token that is stored only as its SHA-256; dealers get 403', async () => {
    const link = await newLink('Hash Motors');
    expect(link.url).toMatch(new RegExp(`^${url}/trial/[A-Za-z0-9_-]{43}$`));
    expect(Buffer.from(link.token, 'base64url')).toHaveLength(32);
    expect(link.link).toMatchObject({ state: 'unused', dealer_name: 'Hash Motors', created_by: admin.email, photos: [] });
    const stored = await dynamo().send(new (await import('@aws-sdk/lib-dynamodb')).GetCommand({ TableName: tableName(), Key: keys.trialLink(link.link.id) }));
    expect(JSON.stringify(stored.Item)).not.toContain(link.token);
    expect(stored.Item!.token_hash).toMatch(/^[0-9a-f]{64}$/);
    const dealer = await h.newDealer('trial-not-admin');
    expect((await call('POST /api/admin/trial-links', { user: dealer, body: { dealer_name: 'X' } })).status).toBe(403);
    expect((await call('GET /api/admin/trial-links', { user: dealer })).status).toBe(403);
  });

  it('mails the link to the prospect when an e-mail is given', async () => {
    const email = newEmail('mailed-prospect');
    const created = await call('POST /api/admin/trial-links', { user: admin, body: { dealer_name: 'Mail Motors', email, expires_in_days: 3 } });
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
    expect((await call('POST /api/admin/trial-links/{id}/revoke', { user: admin, pathParameters: { id: revoked.link.id } })).body.link.state).toBe('revoked');
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
    expect((await call('POST /api/admin/trial-links/{id}/revoke', { user: admin, pathParameters: { id: link.link.id } })).status).toBe(409);
  });

  it('keeps the sign-in request\'s no-enumeration answer: the same for an address that already has an account', async () => {
    const fresh = await newLink('Known Motors');
    expect((await uploadPhotos(fresh.token, [{ name: 'cupra.jpg', bytes: await h.carPhoto() }])).status).toBe(200);
    const created = await createAccount({ token: fresh.token, email: admin.email });
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

describe('the transfer after the first sign-in: once per account and per link', () => {
  it('5 concurrent transfers (token, form-encoded, and the e-mail fallback) make one package and one trial debit; its PNG and WebP photos render', async () => {
    const link = await newLink('Race Motors');
    const trialPhotos = [
      { name: 'cupra.png', bytes: await sharp(await h.carPhoto()).png().toBuffer() },
      { name: 'cupra-other-side.webp', bytes: await sharp(await otherCorner()).webp({ quality: 85 }).toBuffer() },
    ];
    expect((await uploadPhotos(link.token, trialPhotos)).status).toBe(200);
    const email = newEmail('racing-prospect');
    expect((await createAccount({ token: link.token, email })).status).toBe(200);
    const user = await t.signInWithMailedLink(url, email);
    const caller = { sub: user.sub };
    const before = await h.ledgerOf(user.sub);
    expect(before.balance).toBe(5);

    // Someone else's account cannot take the photos with the token; user_id and e-mail must be the caller's.
    const stranger = await h.newDealer('trial-stranger');
    const stolen = await call('POST /api/trial/transfer-photos', { user: stranger, body: { trial_token: link.token } });
    expect(stolen.status).toBe(400);
    expect(stolen.body).toMatchObject({ success: false, transferred_count: 0, error: MESSAGES.invalidOrExpiredTrialToken });
    expect((await call('POST /api/trial/transfer-photos-by-email', { user: stranger, body: { email } })).status).toBe(403);
    expect((await call('POST /api/trial/transfer-photos', { user: caller, body: { trial_token: link.token, user_id: stranger.sub } })).status).toBe(403);

    const results = await Promise.all([
      call('POST /api/trial/transfer-photos', { user: caller, rawBody: formOf({ trial_token: link.token, user_id: user.sub }), contentType: 'application/x-www-form-urlencoded' }),
      call('POST /api/trial/transfer-photos', { user: caller, rawBody: formOf({ trial_token: link.token }), contentType: 'application/x-www-form-urlencoded' }),
      call('POST /api/trial/transfer-photos', { user: caller, body: { trial_token: link.token } }),
      call('POST /api/trial/transfer-photos-by-email', { user: caller, rawBody: formOf({ email, user_id: user.sub }), contentType: 'application/x-www-form-urlencoded' }),
      call('POST /api/trial/transfer-photos-by-email', { user: caller, body: { email } }),
    ]);
    const moved = results.filter((r) => r.status === 200 && r.body.transferred_count > 0);
    expect(moved, JSON.stringify(results.map((r) => [r.status, r.body]))).toHaveLength(1);
    expect(moved[0]!.body).toMatchObject({ success: true, transferred_count: 2 });
    for (const r of results.filter((x) => x !== moved[0])) {
      // The others are told the photos already moved (a 409 "Trial token already used" or a success with 0).
      expect(r.status === 409 ? r.body.error : r.body.transferred_count).toBe(r.status === 409 ? MESSAGES.trialTokenAlreadyUsed : 0);
    }

    const packageId = moved[0]!.body.package_id as string;
    const after = await h.ledgerOf(user.sub);
    expect(after.debits).toHaveLength(1);
    expect(after.balance).toBe(4);
    expect(after.sum).toBe(after.balance);
    const mine = await h.adapters.store.list(user.sub, 10);
    expect(mine.packages.map((p) => p.id)).toEqual([packageId]);
    // Made of the angles the photos show, named and counted that way.
    expect(mine.packages[0]).toMatchObject({ session_name: TRIAL_CHECK_MESSAGES.packageName(2, 2), background: 'studio', credits_used: 1, total_angles: 2 });
    expect(mine.packages[0]!.session_name).toBe('Trial: 2 angles from 2 photos');
    // The photos were copied into the dealer's own space; the trial uploads stay until the lifecycle rule.
    expect((await h.objectKeys('uploads', `car-packages/${user.sub}/${packageId}/photos/`)).length).toBe(2);
    const finished = await h.waitForPackage(packageId, (p) => h.FINAL.includes(p.pkg.status), 60_000);
    // Two corner shots: the package is those two angles, no "No photo shows…" angle.
    expect(finished.images.map((i) => i.angle).sort()).toEqual(['front_left_corner', 'front_right_corner']);
    expect(finished.pkg.photos.map((p) => p.angle)).toEqual(['front_left_corner', 'front_right_corner']);
    expect(['completed', 'partial_complete']).toContain(finished.pkg.status);
    expect(h.anglesWith(finished, 'completed').length).toBeGreaterThan(0);
    // No angle failed because of a photo's format (it would read "busy" or "on our side").
    for (const image of finished.images.filter((i) => i.angle_status === 'failed')) expect(image.error_message).not.toMatch(/busy|our side/);

    // Later calls move nothing again.
    const later = await call('POST /api/trial/transfer-photos', { user: caller, body: { trial_token: link.token } });
    expect(later.status).toBe(409);
    expect(later.body.error).toBe(MESSAGES.trialTokenAlreadyUsed);
    expect((await call('POST /api/trial/transfer-photos-by-email', { user: caller, body: { email } })).body).toMatchObject({ success: true, transferred_count: 0 });
    expect((await h.ledgerOf(user.sub)).debits).toHaveLength(1);
    expect(await linkInList(link.link.id)).toMatchObject({ state: 'converted', package_id: packageId });
    const { GetCommand } = await import('@aws-sdk/lib-dynamodb');
    const profile = await dynamo().send(new GetCommand({ TableName: tableName(), Key: keys.profile(user.sub) }));
    expect(profile.Item?.photos_transferred).toBe(true);
  }, 120_000);

  it('the car check runs once per photo across the upload check and the transfer, and again only for a file changed since', async () => {
    const { createVision } = await import('../../functions/src/vision/create-vision');
    const { completeTrialUploads } = await import('../../functions/src/trial/trial-page');
    const { trialPageDeps, trialStorage } = await import('../../functions/src/trial/adapters');
    const { transferByToken } = await import('../../functions/src/trial/transfer');
    // The local car check, counted (in AWS each look is a paid OpenAI vision call).
    const local = createVision({ vision: 'local' });
    let looks = 0;
    const counting = { name: local.name, model: local.model, look: (...args: Parameters<typeof local.look>) => ((looks += 1), local.look(...args)) };
    const transferDeps = { links: trialStorage().links, accounts: h.adapters.accounts, packages: { ...w.packageDeps, vision: counting } };

    /** A link with these photos uploaded and checked through the use case with the counting car check, converted to a signed-in account. */
    const convertedLink = async (label: string, photos: { name: string; bytes: Buffer }[]) => {
      const link = await newLink(`${label} Motors`);
      const asked = await call('POST /api/trial/upload-photos/{token}', { pathParameters: { token: link.token }, body: { files: photos.map((p) => ({ name: p.name, type: 'image/jpeg', size: p.bytes.length })) } });
      const uploads = asked.body.uploads as TrialUploadTarget[];
      await Promise.all(uploads.map((u, i) => uploadByPresignedPost(u, photos[i]!.bytes)));
      expect(await completeTrialUploads(trialPageDeps(counting), link.token, '127.0.0.1')).toMatchObject({ success: true, uploaded_count: photos.length });
      const email = newEmail(`${label}-prospect`);
      expect((await createAccount({ token: link.token, email })).status).toBe(200);
      return { link, user: await t.signInWithMailedLink(url, email), keys: uploads.map((u) => u.key) };
    };

    const photos = [{ name: 'cupra.jpg', bytes: await h.carPhoto() }, { name: 'cupra-other-side.jpg', bytes: await otherCorner() }];
    const same = await convertedLink('checked-once', photos);
    expect(looks).toBe(2);
    const moved = await transferByToken(transferDeps, same.user.sub, { trial_token: same.link.token });
    expect(moved).toMatchObject({ success: true, transferred_count: 2 });
    expect(looks).toBe(2);

    // A file replaced after its check (e.g. through a presigned POST still valid) is checked again at the transfer.
    looks = 0;
    const changed = await convertedLink('changed-after', photos);
    expect(looks).toBe(2);
    await h.adapters.photos.putUpload(changed.keys[1]!, CUPRA, 'image/jpeg');
    expect(await transferByToken(transferDeps, changed.user.sub, { trial_token: changed.link.token })).toMatchObject({ success: true, transferred_count: 2 });
    expect(looks).toBe(3);
  }, 120_000);

  it('a dealer without credits is refused with 402 and nothing is claimed: the transfer works once credits are there', async () => {
    const link = await newLink('Broke Motors');
    expect((await uploadPhotos(link.token, [{ name: 'cupra.jpg', bytes: await h.carPhoto() }])).status).toBe(200);
    const email = newEmail('broke-prospect');
    expect((await createAccount({ token: link.token, email })).status).toBe(200);
    const user = await t.signInWithMailedLink(url, email);
    const { debitCredits } = await import('../../functions/src/credits/credit-changes');
    await debitCredits({ store: h.adapters.credits }, { sub: user.sub, credits: 5, key: `test-spend-${user.sub}`, description: 'Spent elsewhere' });
    const refused = await call('POST /api/trial/transfer-photos', { user: { sub: user.sub }, body: { trial_token: link.token } });
    expect(refused.status).toBe(402);
    expect(refused.body.message).toBe(MESSAGES.insufficientCredits(1, 0));
    expect((await h.adapters.store.list(user.sub, 10)).packages).toEqual([]);
    expect((await linkInList(link.link.id)).package_id).toBeNull();
    const granted = await call('POST /api/admin/bonus-credits', { user: admin, body: { email, credits: 1, reason: 'Trial test', idempotency_key: `trial-${user.sub}` } });
    expect(granted.status).toBe(200);
    const moved = await call('POST /api/trial/transfer-photos', { user: { sub: user.sub }, body: { trial_token: link.token } });
    expect(moved.body).toMatchObject({ success: true, transferred_count: 1 });
    expect((await h.adapters.store.list(user.sub, 10)).packages).toHaveLength(1);
  }, 60_000);
});
