import { ListObjectsV2Command } from '@aws-sdk/client-s3';
import { AdminGetUserCommand, CognitoIdentityProviderClient, GetUserCommand } from '@aws-sdk/client-cognito-identity-provider';
import { PutCommand, ScanCommand } from '@aws-sdk/lib-dynamodb';
import sharp from 'sharp';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { MESSAGES } from '@shared/messages';
import { useLocalHost } from '../support/local-host';

/**
 * A dealer's erasure request (POST /api/account/erasure, Settings → Delete my account): after it, nothing of the
 * dealer is left in the table or either bucket but the payment records finance must keep (and the erasure record,
 * which holds the account id and times only), the Cognito user is gone, the old token gets nothing back, and a
 * confirmation went to the address.
 */
const { url } = useLocalHost();
const h = await import('../support/car-package-harness');
const { startCarPackage } = await import('../../functions/src/car-packages/start-package');
const { subOf } = await import('../support/car-package-http');
const { signInNewDealer, PackageApi, uploadByPresignedPost, isFinal } = await import('./package-api-client');
const { mailbox } = await import('../support/sign-in');
const { dynamo, tableName } = await import('../../functions/src/adapters/dynamodb/client');
const { keys } = await import('../../functions/src/adapters/dynamodb/keys');
const { s3 } = await import('../../functions/src/adapters/s3/client');
const { config } = await import('../../functions/src/lib/config');
const { LOCAL_USER_POOL } = await import('../../infra/local/local-user-pool');
const t = await import('../support/trial-links');
const { promoteToSuperUser } = await import('../../functions/src/accounts/super-user');
const { DynamoDbAccountStore } = await import('../../functions/src/accounts/dynamodb-account-store');
const { eraseAccount } = await import('../../functions/src/privacy/erase-account');
const { DynamoDbErasureStore } = await import('../../functions/src/privacy/dynamodb-erasure-store');
const { S3ObjectEraser } = await import('../../functions/src/privacy/s3-object-eraser');
const { WORKFLOW_TASK_HANDLERS } = await import('../../infra/workflow-tasks');

const sfn = await h.TestStepFunctions.start();
afterAll(() => sfn.close());
const cognito = new CognitoIdentityProviderClient({ region: 'us-east-1', endpoint: `${url}/_local/cognito` });
afterAll(() => cognito.destroy());

/** Every item of the table that mentions the account id or the address, by key. */
async function itemsMentioning(...needles: string[]): Promise<string[]> {
  const found: string[] = [];
  let start: Record<string, unknown> | undefined;
  do {
    const page = await dynamo().send(new ScanCommand({ TableName: tableName(), ExclusiveStartKey: start }));
    for (const item of page.Items ?? []) {
      const text = JSON.stringify(item).toLowerCase();
      if (needles.some((n) => text.includes(n.toLowerCase()))) found.push(`${item.PK} ${item.SK}`);
    }
    start = page.LastEvaluatedKey;
  } while (start);
  return found.sort();
}

/** Every object of either bucket whose key holds one of the needles. */
async function objectsMentioning(...needles: string[]): Promise<string[]> {
  const found: string[] = [];
  for (const Bucket of [config().UPLOADS_BUCKET, config().RENDERS_BUCKET]) {
    let token: string | undefined;
    do {
      const page = await s3().send(new ListObjectsV2Command({ Bucket, ContinuationToken: token }));
      found.push(...(page.Contents ?? []).map((o) => `${Bucket}/${o.Key}`).filter((k) => needles.some((n) => k.includes(n))));
      token = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (token);
  }
  return found;
}

describe('erasure of a dealer account', () => {
  it('leaves nothing of the dealer but payment records, deletes the sign-in, refuses the old token and confirms by mail', async () => {
    const dealer = await signInNewDealer(url, 'erase');
    const sub = subOf(dealer);
    const api = new PackageApi(url, dealer);
    const post = (path: string, body?: unknown) => api.call<Record<string, unknown>>('POST', path, body);

    // The dealer's data everywhere: profile, ledger, a finished package, a draft, a logo, a ticket with an
    // attachment, a contact message, and a payment.
    expect((await api.call('PATCH', '/api/profile', { dealer_name: 'Erase Motors' })).status).toBe(200);
    const w = await h.scriptedWorkflow(sfn, {});
    const finished = await h.createUploadedDraft(sub, [{ bytes: await h.carPhoto(), angle: 'front_left_corner' }], 'Erased Cupra');
    await startCarPackage(w.packageDeps, sub, finished);
    await w.settle();
    await h.createUploadedDraft(sub, [{ bytes: await h.carPhoto() }], 'Erased draft');
    const logo = await sharp({ create: { width: 120, height: 60, channels: 3, background: '#0000e0' } }).png().toBuffer();
    const logoTarget = await post('/api/profile/logo/upload', { content_type: 'image/png', size: logo.length });
    await uploadByPresignedPost(logoTarget.body as never, logo, 'image/png');
    expect((await post('/api/profile/logo')).status).toBe(200);
    const attachment = await post('/api/support/attachments', { file_name: 'shot.png', content_type: 'image/png', size: logo.length });
    await uploadByPresignedPost(attachment.body as never, logo, 'image/png');
    const ticket = await post('/api/support/tickets', { name: 'Erase Me', email: dealer.email, category: 'technical', subject: 'Erase', message: 'Please help.', attachment_key: attachment.body.key });
    expect(ticket.status).toBe(200);
    expect((await fetch(`${url}/api/contact`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ name: 'Erase Me', email: dealer.email, message: 'Hello from the erasure test.' }) })).status).toBe(200);
    const paymentKey = keys.payment(`pi_erase_${sub.slice(0, 8)}`);
    await dynamo().send(new PutCommand({ TableName: tableName(), Item: { ...paymentKey, entity: 'payment', user_id: sub, amount_cents: 2500, credits: 25, status: 'succeeded', created_at: new Date().toISOString() } }));
    const before = await itemsMentioning(sub, dealer.email);
    expect(before.length).toBeGreaterThan(12);
    expect((await objectsMentioning(sub)).length).toBeGreaterThan(4);

    // A request without the explicit confirmation changes nothing.
    const unconfirmed = await post('/api/account/erasure', { confirm: false });
    expect(unconfirmed).toMatchObject({ status: 400, body: { message: MESSAGES.erasureConfirmRequired } });
    expect(await itemsMentioning(sub, dealer.email)).toEqual(before);

    const erased = await post('/api/account/erasure', { confirm: true });
    expect(erased.status).toBe(200);
    expect(erased.body).toMatchObject({ kept: MESSAGES.erasureKept });

    expect(await itemsMentioning(sub, dealer.email)).toEqual([`${paymentKey.PK} ${paymentKey.SK}`, `ERASURE#${sub} REQUEST`].sort());
    expect(await objectsMentioning(sub)).toEqual([]);

    // The sign-in is gone, and the old access token neither reads nor re-creates the account.
    await expect(cognito.send(new AdminGetUserCommand({ UserPoolId: LOCAL_USER_POOL.userPoolId, Username: dealer.email }))).rejects.toMatchObject({ name: 'UserNotFoundException' });
    await expect(cognito.send(new GetUserCommand({ AccessToken: dealer.accessToken }))).rejects.toMatchObject({ name: 'UserNotFoundException' });
    for (const path of ['/api/me', '/api/credits/balance']) {
      const res = await api.call<{ message: string }>('GET', path);
      expect(res.status, path).toBe(404);
      expect(res.body.message).toBe(MESSAGES.accountNotFound);
    }
    expect(await itemsMentioning(sub, dealer.email)).toEqual([`${paymentKey.PK} ${paymentKey.SK}`, `ERASURE#${sub} REQUEST`].sort());

    // A repeated request answers the same erasure; one confirmation was mailed.
    const again = await post('/api/account/erasure', { confirm: true });
    expect(again).toMatchObject({ status: 200, body: { erased_at: erased.body.erased_at } });
    const confirmations = (await mailbox(url)).filter((m) => m.to === dealer.email && m.subject === 'Your Studio Lot account was deleted');
    expect(confirmations).toHaveLength(1);
    expect(confirmations[0]!.text).toContain('Payment records are kept');
  }, 120_000);

  it('a package still rendering when the account is erased: its execution is stopped, and once its last render has finished nothing of the dealer is in either bucket', async () => {
    const dealer = await h.newDealer('erase-rendering');
    // Each render takes 1.5 s: the erasure runs while the package's angles are being rendered.
    const w = await h.scriptedWorkflow(sfn, { delayMs: 1500 });
    const id = await h.createUploadedDraft(dealer.sub, [{ bytes: await h.carPhoto(), angle: 'front_left_corner' }], 'Rendering Cupra');
    await startCarPackage(w.packageDeps, dealer.sub, id);
    const [execution] = w.machine.list();
    const rendering = () => execution!.tasks.filter((t) => t.handler === WORKFLOW_TASK_HANDLERS.render && t.ms === undefined);
    for (const deadline = Date.now() + 20_000; !rendering().length; await h.sleep(20)) if (Date.now() > deadline) throw new Error('no render started');

    // The erase-account handler's use case with the real adapters, the workflow being this test's state machine.
    const { QueryCommand } = await import('@aws-sdk/lib-dynamodb');
    const send = vi.spyOn(dynamo(), 'send');
    await eraseAccount(
      {
        accounts: new DynamoDbAccountStore(),
        store: new DynamoDbErasureStore(),
        objects: new S3ObjectEraser({ uploads: config().UPLOADS_BUCKET, renders: config().RENDERS_BUCKET }),
        workflows: { packages: w.workflow, batches: { stop: () => Promise.reject(new Error('the dealer has no batch')) } },
        directory: { deleteUser: async () => undefined },
        mailer: { send: async () => ({ id: 'not mailed' }) },
      },
      dealer.sub,
    );
    // The trial conversions of the address are read once (their link ids serve the objects and the items).
    const conversionQueries = send.mock.calls.filter(([c]) => c instanceof QueryCommand && String(c.input.ExpressionAttributeValues?.[':pk']).startsWith('TRIAL_CONVERSION#'));
    send.mockRestore();
    expect(conversionQueries).toHaveLength(1);
    expect(execution!.status).toBe('ABORTED');
    // The renders in flight when the execution stopped still finish (a task is not interrupted), and try to store.
    for (const deadline = Date.now() + 20_000; execution!.tasks.some((t) => t.ms === undefined); await h.sleep(50)) if (Date.now() > deadline) throw new Error('tasks still running');
    expect(execution!.tasks.filter((t) => t.handler === WORKFLOW_TASK_HANDLERS.render).length).toBeGreaterThan(0);
    expect(execution!.tasks.some((t) => t.handler === WORKFLOW_TASK_HANDLERS.finalize)).toBe(false);
    expect(await objectsMentioning(dealer.sub)).toEqual([]);
    expect(await itemsMentioning(dealer.sub, dealer.email)).toEqual([`ERASURE#${dealer.sub} REQUEST`]);
  }, 60_000);

  it('a dealer who came through a trial link and ran a batch: the conversion, the trial photos, the transferred package and the batch go too', async () => {
    // A super user's trial link, the prospect's photo, the account it created and the transfer into a car package.
    const admin = await signInNewDealer(url, 'erase-admin');
    await promoteToSuperUser(new DynamoDbAccountStore(), admin.email);
    const adminApi = new PackageApi(url, admin);
    const created = await adminApi.call<{ url: string; link: { id: string } }>('POST', '/api/admin/trial-links', { dealer_name: 'Erased Prospect Motors', expires_in_days: 7 });
    expect(created.status).toBe(201);
    const token = t.tokenOf(created.body.url);
    const linkId = created.body.link.id;
    const photo = await h.carPhoto();
    const anonymous = async (path: string, body: unknown) => {
      const response = await fetch(`${url}${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
      return { status: response.status, body: (await response.json()) as Record<string, unknown> };
    };
    const asked = await anonymous(`/api/trial/upload-photos/${token}`, { files: [{ name: 'lot.jpg', type: 'image/jpeg', size: photo.length }] });
    expect(asked.status).toBe(200);
    await uploadByPresignedPost((asked.body.uploads as never[])[0]!, photo);
    expect((await anonymous(`/api/trial/upload-photos/${token}/complete`, {})).status).toBe(200);
    const email = `erase-prospect-${Date.now()}@example.com`;
    expect((await anonymous('/api/trial/create-account', { token, email, dealer_name: 'Erased Prospect Motors' })).body).toMatchObject({ success: true });
    const dealer = await t.signInWithMailedLink(url, email);
    const api = new PackageApi(url, dealer);
    const transferred = await api.call<{ transferred_count: number; package_id: string }>('POST', '/api/trial/transfer-photos', { trial_token: token });
    expect(transferred.body).toMatchObject({ transferred_count: 1 });
    await api.waitFor(transferred.body.package_id, isFinal, 90_000, 250);

    // A batch of one photo, rendered by the host's batch workflow.
    await promoteToSuperUser(new DynamoDbAccountStore(), email);
    const batch = await api.call<{ batch_id: string; uploads: never[] }>('POST', '/api/batches', { photos: [{ file_name: 'batch.jpg', content_type: 'image/jpeg', size: photo.length }] });
    expect(batch.status).toBe(201);
    await uploadByPresignedPost(batch.body.uploads[0]!, photo);
    expect((await api.call('POST', `/api/batches/${batch.body.batch_id}/start`)).status).toBe(200);
    for (let status = ''; !['completed', 'partial_complete', 'error'].includes(status); await h.sleep(250)) {
      status = (await api.call<{ status: string }>('GET', `/api/batches/${batch.body.batch_id}`)).body.status;
    }
    // A second batch left as a draft with its upload.
    const draft = await api.call<{ batch_id: string; uploads: never[] }>('POST', '/api/batches', { photos: [{ file_name: 'draft.jpg', content_type: 'image/jpeg', size: photo.length }] });
    await uploadByPresignedPost(draft.body.uploads[0]!, photo);

    const before = await itemsMentioning(dealer.sub, email, batch.body.batch_id, draft.body.batch_id);
    expect(before.filter((k) => k.startsWith('BATCH#')).length).toBeGreaterThan(1);
    expect(before.some((k) => k.startsWith(`TRIAL_LINK#${linkId}`))).toBe(true);
    const objects = await objectsMentioning(dealer.sub, `trial/${linkId}/`);
    expect(objects.some((k) => k.includes('batches/'))).toBe(true);
    expect(objects.some((k) => k.includes(`trial/${linkId}/`))).toBe(true);

    const erased = await api.call('POST', '/api/account/erasure', { confirm: true });
    expect(erased.status).toBe(200);
    expect(await itemsMentioning(dealer.sub, email, batch.body.batch_id, draft.body.batch_id)).toEqual([`ERASURE#${dealer.sub} REQUEST`]);
    expect(await objectsMentioning(dealer.sub, `trial/${linkId}/`)).toEqual([]);
    // The admin still sees that the link was used, without the address or the photos.
    const links = await adminApi.call<{ links: { id: string; state: string; converted_email: string | null; photos: unknown[] }[] }>('GET', '/api/admin/trial-links');
    expect(links.body.links.find((l) => l.id === linkId)).toMatchObject({ state: 'converted', converted_email: null, photos: [] });
  }, 240_000);
});
