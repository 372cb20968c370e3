import { randomUUID } from 'node:crypto';
import { AdminGetUserCommand, CognitoIdentityProviderClient } from '@aws-sdk/client-cognito-identity-provider';
import { GetObjectCommand, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { createPresignedPost } from '@aws-sdk/s3-presigned-post';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import sharp from 'sharp';
import { afterAll, describe, expect, it } from 'vitest';
import { useLocalHost } from '../support/local-host';
import { callRoute, newUser } from './accounts-test-events';
import { postWebhook, signedEvent, waitFor } from './payments-test-support';

/**
 * Issue 27, item 7: the local host trusted public constants. Presigned POSTs and GETs could be forged with the fixed
 * S3RVER key (a cross-site form on any web page replaced a dealer's logo; a forged GET read an original photo), a
 * webhook signed with the documented simulator secret granted credits for an unpaid purchase, and the local Cognito's
 * admin calls accepted any AWS4-HMAC-SHA256 header. The stand-ins are keyed by secrets generated per data folder, and
 * the S3 front refuses requests whose Origin is not the local site.
 */
const { url } = useLocalHost();
const { s3, s3ForBrowser } = await import('../../functions/src/adapters/s3/client');
const { ensureAccountInTable } = await import('../../functions/src/accounts/ensure-account-in-table');
const { DynamoDbCreditStore } = await import('../../functions/src/credits/dynamodb-credit-store');
const { LOCAL_USER_POOL } = await import('../../infra/local/local-user-pool');
const uploads = process.env.UPLOADS_BUCKET!;
/** The constants the README and the packages used to print. */
const PUBLIC_KEY = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' };
const PUBLIC_WEBHOOK_SECRET = 'whsec_local_simulator_0000000000000000';

const forger = new S3Client({ region: 'us-east-1', endpoint: `${url}/s3`, forcePathStyle: true, credentials: PUBLIC_KEY, requestChecksumCalculation: 'WHEN_REQUIRED', responseChecksumValidation: 'WHEN_REQUIRED' });
afterAll(() => forger.destroy());

async function postForm(target: { url: string; fields: Record<string, string> }, bytes: Buffer, origin?: string) {
  const form = new FormData();
  for (const [k, v] of Object.entries(target.fields)) form.append(k, v);
  form.append('file', new Blob([new Uint8Array(bytes)], { type: 'image/png' }));
  const res = await fetch(target.url, { method: 'POST', body: form, headers: origin ? { origin } : {} });
  return { status: res.status, body: await res.text() };
}

const exists = (Key: string) => s3().send(new GetObjectCommand({ Bucket: uploads, Key })).then(() => true, () => false);

describe('the local stand-ins open only to this data folder\'s secrets', () => {
  it('a presigned POST or GET forged with the public S3RVER key is refused; the server\'s own are not', async () => {
    const key = `logos/${randomUUID()}/upload`;
    const png = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#f00' } }).png().toBuffer();
    const forged = await createPresignedPost(forger, { Bucket: uploads, Key: key, Conditions: [['content-length-range', 1, 1_000_000]], Fields: { 'Content-Type': 'image/png' }, Expires: 600 });
    expect((await postForm(forged, png)).status).toBe(403);
    expect(await exists(key)).toBe(false);

    const photo = `drafts/${randomUUID()}/photo-1.jpg`;
    await s3().send(new PutObjectCommand({ Bucket: uploads, Key: photo, Body: png, ContentType: 'image/png' }));
    const forgedGet = await getSignedUrl(forger, new GetObjectCommand({ Bucket: uploads, Key: photo }), { expiresIn: 600 });
    expect((await fetch(forgedGet)).status).toBe(403);
    const ownGet = await getSignedUrl(s3ForBrowser(), new GetObjectCommand({ Bucket: uploads, Key: photo }), { expiresIn: 600 });
    expect((await fetch(ownGet)).status).toBe(200);
  });

  it('the S3 engine behind the front answers neither a browser nor a call signed with S3RVER', async () => {
    const inner = process.env.S3_ENDPOINT!;
    const key = `drafts/${randomUUID()}/inner.txt`;
    const form = new FormData();
    form.append('key', key);
    form.append('file', new Blob(['from a web page']), 'x.txt');
    expect((await fetch(`${inner}/${uploads}`, { method: 'POST', body: form, headers: { origin: 'https://attacker.example' } })).status).toBe(403);
    const direct = new S3Client({ region: 'us-east-1', endpoint: inner, forcePathStyle: true, credentials: PUBLIC_KEY, requestChecksumCalculation: 'WHEN_REQUIRED', responseChecksumValidation: 'WHEN_REQUIRED' });
    try {
      await expect(direct.send(new PutObjectCommand({ Bucket: uploads, Key: key, Body: 'forged' }))).rejects.toMatchObject({ $metadata: { httpStatusCode: 403 } });
    } finally {
      direct.destroy();
    }
    expect(await exists(key)).toBe(false);
  });

  it('the S3 front refuses a request sent from another site (its Origin), even with a valid presigned form', async () => {
    const user = newUser('origin');
    await ensureAccountInTable(user);
    const png = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#0f0' } }).png().toBuffer();
    const target = (await callRoute('POST /api/profile/logo/upload', { user, body: { content_type: 'image/png', size: png.length } })).body as { url: string; fields: Record<string, string>; key: string };
    for (const origin of ['https://attacker.example', 'null', `http://localhost.attacker.example:${new URL(url).port}`]) {
      const refused = await postForm(target, png, origin);
      expect(refused.status, origin).toBe(403);
      expect(refused.body).toContain('local site');
    }
    expect(await exists(target.key)).toBe(false);
    const own = await postForm(target, png, new URL(url).origin);
    expect(own.status).toBe(204);
    expect(await exists(target.key)).toBe(true);
  });

  it('a webhook signed with the documented simulator secret grants nothing', async () => {
    const user = newUser('forged-webhook');
    await ensureAccountInTable(user);
    const purchase = await callRoute('POST /api/credits/purchase', { user, body: { package_id: 'starter' } });
    expect(purchase.status).toBe(200);
    const pi = (purchase.body as { payment_intent_id: string }).payment_intent_id;
    const object = { id: pi, object: 'payment_intent', amount: 800, amount_received: 800, currency: 'usd', status: 'succeeded', metadata: { user_id: user.sub, package_id: 'starter', credits: '8', coupon_code: '' } };
    const forged = signedEvent('payment_intent.succeeded', object, { secret: PUBLIC_WEBHOOK_SECRET });
    expect((await postWebhook(url, forged.payload, forged.signature)).status).toBe(400);
    await new Promise((r) => setTimeout(r, 500));
    expect((await new DynamoDbCreditStore().read(user.sub, [])).balance!.purchased_credits).toBe(0);
    // The host's own secret (what the simulator signs with) is accepted: the check is the secret, not the route.
    const real = signedEvent('payment_intent.succeeded', object);
    expect((await postWebhook(url, real.payload, real.signature)).status).toBe(200);
    expect((await waitFor(() => new DynamoDbCreditStore().read(user.sub, []), (r) => r.balance!.purchased_credits === 8)).balance!.purchased_credits).toBe(8);
  });

  it('the local Cognito admin API refuses a call signed with any other key', async () => {
    const email = `admin-probe-${randomUUID()}@example.com`;
    const input = { UserPoolId: LOCAL_USER_POOL.userPoolId, Username: email };
    const forged = new CognitoIdentityProviderClient({ region: 'us-east-1', endpoint: `${url}/_local/cognito`, credentials: PUBLIC_KEY });
    const own = new CognitoIdentityProviderClient({ region: 'us-east-1', endpoint: `${url}/_local/cognito` });
    try {
      await expect(forged.send(new AdminGetUserCommand(input))).rejects.toMatchObject({ name: 'UnrecognizedClientException' });
      // The host's own credentials get the answer about the user (none here).
      await expect(own.send(new AdminGetUserCommand(input))).rejects.toMatchObject({ name: 'UserNotFoundException' });
    } finally {
      forged.destroy();
      own.destroy();
    }
  });

  it('DynamoDB Local answers no web page: its CORS names only the local site', async () => {
    const preflight = await fetch(process.env.DYNAMODB_ENDPOINT!, {
      method: 'OPTIONS',
      headers: { origin: 'https://attacker.example', 'access-control-request-method': 'POST', 'access-control-request-headers': 'content-type,x-amz-target,authorization' },
    });
    expect(preflight.headers.get('access-control-allow-origin')).toBeNull();
  });
});
