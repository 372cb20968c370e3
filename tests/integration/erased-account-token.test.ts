import { ListObjectsV2Command } from '@aws-sdk/client-s3';
import { ScanCommand } from '@aws-sdk/lib-dynamodb';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { ERASED_ACCOUNT_MESSAGES } from '@shared/messages';
import { useLocalHost } from '../support/local-host';

/**
 * Issue 27, item 5: an access token issued before the account was erased stays valid at the gateway until it expires
 * (up to an hour). It wrote: a draft and its upload, a support ticket with its attachment (kept a year), a logo file
 * (the route answered 404 after writing it). Every write route must refuse such a token, with nothing written.
 */
const { url } = useLocalHost();
const { subOf } = await import('../support/car-package-http');
const { signInNewDealer, PackageApi, uploadByPresignedPost } = await import('./package-api-client');
const { dynamo, tableName } = await import('../../functions/src/adapters/dynamodb/client');
const { s3 } = await import('../../functions/src/adapters/s3/client');
const { config } = await import('../../functions/src/lib/config');

async function itemsMentioning(needle: string): Promise<string[]> {
  const found: string[] = [];
  let start: Record<string, unknown> | undefined;
  do {
    const page = await dynamo().send(new ScanCommand({ TableName: tableName(), ExclusiveStartKey: start }));
    for (const item of page.Items ?? []) if (JSON.stringify(item).includes(needle)) found.push(`${item.PK} ${item.SK}`);
    start = page.LastEvaluatedKey;
  } while (start);
  return found.sort();
}

async function objectsMentioning(needle: string): Promise<string[]> {
  const found: string[] = [];
  for (const Bucket of [config().UPLOADS_BUCKET, config().RENDERS_BUCKET]) {
    const page = await s3().send(new ListObjectsV2Command({ Bucket }));
    found.push(...(page.Contents ?? []).map((o) => `${Bucket}/${o.Key}`).filter((k) => k.includes(needle)));
  }
  return found.sort();
}

describe("an erased account's token", () => {
  it('writes nothing: no draft, no upload target, no support ticket or attachment, no logo; each refusal says why', async () => {
    const dealer = await signInNewDealer(url, 'erased-token');
    const sub = subOf(dealer);
    const api = new PackageApi(url, dealer);
    const post = (path: string, body?: unknown) => api.call<Record<string, unknown>>('POST', path, body);
    const logo = await sharp({ create: { width: 120, height: 60, channels: 3, background: '#0000e0' } }).png().toBuffer();
    // Upload targets taken before the erasure (they live 10 minutes): what the old token may still hold.
    const logoTarget = await post('/api/profile/logo/upload', { content_type: 'image/png', size: logo.length });
    const attachmentTarget = await post('/api/support/attachments', { file_name: 'shot.png', content_type: 'image/png', size: logo.length });
    expect((await post('/api/account/erasure', { confirm: true })).status).toBe(200);
    const items = await itemsMentioning(sub);
    expect(await objectsMentioning(sub)).toEqual([]);

    const refusals = [
      await post('/api/car-packages', { session_name: 'Ghost 2020 Audi A4', photos: [{ file_name: 'front.jpg', content_type: 'image/jpeg', size: 1000 }] }),
      await post('/api/support/attachments', { file_name: 'shot.png', content_type: 'image/png', size: logo.length }),
      await post('/api/support/tickets', { name: 'Ghost', email: dealer.email, category: 'technical', subject: 'Ghost', message: 'Still here?' }),
      await post('/api/profile/logo/upload', { content_type: 'image/png', size: logo.length }),
      await api.call('PATCH', '/api/profile', { dealer_name: 'Ghost Motors' }),
      await post('/api/credits/use', { credits_to_use: 1, description: 'ghost', idempotency_key: 'ghost-1' }),
      await post('/api/realtime/ticket'),
    ];
    for (const refusal of refusals) expect(refusal).toMatchObject({ status: 401, body: { message: ERASED_ACCOUNT_MESSAGES.erased } });

    // The logo uploaded with a target taken before: saving it is refused too, and nothing of it is kept.
    await uploadByPresignedPost(logoTarget.body as never, logo, 'image/png');
    await uploadByPresignedPost(attachmentTarget.body as never, logo, 'image/png');
    expect(await post('/api/profile/logo')).toMatchObject({ status: 401, body: { message: ERASED_ACCOUNT_MESSAGES.erased } });
    expect(
      await post('/api/support/tickets', { name: 'Ghost', email: dealer.email, category: 'technical', subject: 'Ghost', message: 'Still here?', attachment_key: attachmentTarget.body.key }),
    ).toMatchObject({ status: 401 });
    expect(await itemsMentioning(sub)).toEqual(items);
    // What S3 took through the targets handed out before the erasure, and nothing else: no checked logo, no ticket.
    // (The known limit: nothing refers to these files; see docs/security.md.)
    expect(await objectsMentioning(sub)).toEqual([`${config().UPLOADS_BUCKET}/${logoTarget.body.key}`, `${config().UPLOADS_BUCKET}/${attachmentTarget.body.key}`].sort());
  });
});
