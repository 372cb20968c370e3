import sharp from 'sharp';
import { afterAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '@shared/messages';
import type { TrialUploadTarget } from '@shared/schemas/trial';
import { TRIAL_CHECK_MESSAGES } from '@shared/trial-photo-checks';
import { useLocalHost } from '../support/local-host';

/**
 * Trial links after the upload (shared steps: trial-links-harness.ts; the link, the uploads and the account up to
 * its creation, one car per package: trial-links-conversion.test.ts): the car check runs once per photo, and the
 * transfer into a car package charged 1 trial credit after the first sign-in, on the real workflow definition
 * (scripted renderer, in this process).
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
const { dynamo, tableName } = await import('../../functions/src/adapters/dynamodb/client');
const { keys } = await import('../../functions/src/adapters/dynamodb/keys');
const { trialLinkSteps, otherCorner, newEmail, formOf, CUPRA } = await import('./trial-links-harness');
const sfn = await h.TestStepFunctions.start(sfnPort);
const w = await h.scriptedWorkflow(sfn, {}, { arn: ARN });
afterAll(async () => {
  await w.settle();
  await sfn.close();
});
const steps = trialLinkSteps(url);
const { call, newLink, linkInList, uploadPhotos, createAccount } = steps;

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
    const granted = await call('POST /api/admin/bonus-credits', { user: steps.admin, body: { email, credits: 1, reason: 'Trial test', idempotency_key: `trial-${user.sub}` } });
    expect(granted.status).toBe(200);
    const moved = await call('POST /api/trial/transfer-photos', { user: { sub: user.sub }, body: { trial_token: link.token } });
    expect(moved.body).toMatchObject({ success: true, transferred_count: 1 });
    expect((await h.adapters.store.list(user.sub, 10)).packages).toHaveLength(1);
  }, 60_000);
});
