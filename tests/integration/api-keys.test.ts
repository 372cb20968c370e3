import { describe, expect, it } from 'vitest';
import { API_DEALER_CALLS_PER_MINUTE, API_KEY_CALLS_PER_MINUTE } from '@shared/integrations';
import type { ApiKey } from '@shared/schemas/integrations';
import { useLocalHost } from '../support/local-host';

/** API keys (issue 28): shown once, stored as a hash, listed with their last use, revoked at once, rate-limited per key. */
const { url } = useLocalHost();
const { signInNewDealer } = await import('./package-api-client');
const { dynamo, tableName } = await import('../../functions/src/adapters/dynamodb/client');
const { ScanCommand } = await import('@aws-sdk/lib-dynamodb');

const call = async (token: string, method: string, path: string, body?: unknown) => {
  const response = await fetch(`${url}${path}`, {
    method,
    headers: { authorization: `Bearer ${token}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  return { status: response.status, headers: response.headers, body: (await response.json()) as Record<string, unknown> };
};

async function tableHolds(text: string): Promise<boolean> {
  let start: Record<string, unknown> | undefined;
  do {
    const page = await dynamo().send(new ScanCommand({ TableName: tableName(), ExclusiveStartKey: start }));
    if ((page.Items ?? []).some((i) => JSON.stringify(i).includes(text))) return true;
    start = page.LastEvaluatedKey;
  } while (start);
  return false;
}

describe('API keys', () => {
  it('a key is shown once and stored only as its hash; its use is listed; once revoked, its next call gets 401', async () => {
    const dealer = await signInNewDealer(url, 'api-keys');
    const created = await call(dealer.accessToken, 'POST', '/api/api-keys', { name: 'Photographer app' });
    expect(created.status).toBe(201);
    const { key, secret } = created.body as { key: ApiKey; secret: string };
    expect(key).toMatchObject({ name: 'Photographer app', last_used_at: null, revoked_at: null, calls: 0 });
    expect(secret.startsWith(key.prefix.replace('…', ''))).toBe(true);
    expect(await tableHolds(secret), 'the key itself is in the table').toBe(false);
    expect(JSON.stringify((await call(dealer.accessToken, 'GET', '/api/api-keys')).body)).not.toContain(secret);

    expect((await call(secret, 'GET', '/api/v1/credits/balance')).status).toBe(200);
    const listed = (await call(dealer.accessToken, 'GET', '/api/api-keys')).body as { keys: ApiKey[] };
    expect(listed.keys[0]).toMatchObject({ id: key.id, calls: 1 });
    expect(listed.keys[0]!.last_used_at).not.toBeNull();

    // A key is not a session: the app's routes refuse it.
    expect((await call(secret, 'GET', '/api/me')).status).toBe(401);
    expect((await call(secret, 'GET', '/api/car-packages')).status).toBe(401);

    const revoked = await call(dealer.accessToken, 'POST', `/api/api-keys/${key.id}/revoke`);
    expect(revoked.status).toBe(200);
    expect((revoked.body.key as ApiKey).revoked_at).not.toBeNull();
    const after = await call(secret, 'GET', '/api/v1/credits/balance');
    expect(after.status).toBe(401);
    expect(typeof after.body.message).toBe('string');
    // Another dealer cannot revoke (or see) it.
    const other = await signInNewDealer(url, 'api-keys-other');
    expect((await call(other.accessToken, 'POST', `/api/api-keys/${key.id}/revoke`)).status).toBe(404);
  }, 60_000);

  it(`answers 429 with Retry-After past ${API_KEY_CALLS_PER_MINUTE} calls a minute with one key, not with another key`, async () => {
    const dealer = await signInNewDealer(url, 'api-keys-rate');
    // Start at the beginning of a minute window, so all calls land in the same one.
    const intoWindow = Date.now() % 60_000;
    if (intoWindow > 30_000) await new Promise((r) => setTimeout(r, 60_000 - intoWindow + 50));
    const [a, b] = await Promise.all([1, 2].map(async (n) => ((await call(dealer.accessToken, 'POST', '/api/api-keys', { name: `key ${n}` })).body as { secret: string }).secret));
    const statuses: number[] = [];
    for (let i = 0; i < API_KEY_CALLS_PER_MINUTE; i += 10) {
      statuses.push(...(await Promise.all(Array.from({ length: 10 }, async () => (await call(a!, 'GET', '/api/v1/credits/balance')).status))));
    }
    expect(statuses.every((s) => s === 200)).toBe(true);
    const limited = await call(a!, 'GET', '/api/v1/credits/balance');
    expect(limited.status).toBe(429);
    expect(limited.body).toMatchObject({ type: 'rate_limit_error', param: null });
    const retryAfter = Number(limited.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(60);
    expect((await call(b!, 'GET', '/api/v1/credits/balance')).status).toBe(200);
  }, 120_000);

  it(`counts a dealer's keys together: past ${API_DEALER_CALLS_PER_MINUTE} calls a minute with three keys, each under its own limit, the answer is 429`, async () => {
    const dealer = await signInNewDealer(url, 'api-keys-dealer-rate');
    const intoWindow = Date.now() % 60_000;
    if (intoWindow > 30_000) await new Promise((r) => setTimeout(r, 60_000 - intoWindow + 50));
    const secrets = await Promise.all([1, 2, 3].map(async (n) => ((await call(dealer.accessToken, 'POST', '/api/api-keys', { name: `key ${n}` })).body as { secret: string }).secret));
    const statuses: number[] = [];
    // 3 keys x 90 calls: 270, each key under its 120.
    for (let i = 0; i < 90; i += 10) {
      for (const secret of secrets) statuses.push(...(await Promise.all(Array.from({ length: 10 }, async () => (await call(secret, 'GET', '/api/v1/credits/balance')).status))));
    }
    expect(statuses.filter((s) => s === 200)).toHaveLength(API_DEALER_CALLS_PER_MINUTE);
    expect(statuses.filter((s) => s !== 200).every((s) => s === 429)).toBe(true);
    const limited = await call(secrets[2]!, 'GET', '/api/v1/credits/balance');
    expect(limited.status).toBe(429);
    expect(String(limited.body.message)).toContain(`at most ${API_DEALER_CALLS_PER_MINUTE} a minute for all of them`);
    // Another dealer's key is not affected.
    const other = await signInNewDealer(url, 'api-keys-dealer-rate-other');
    const otherKey = ((await call(other.accessToken, 'POST', '/api/api-keys', { name: 'other' })).body as { secret: string }).secret;
    expect((await call(otherKey, 'GET', '/api/v1/credits/balance')).status).toBe(200);
  }, 150_000);
});

describe('API keys: revocation does not wait for the gateway', () => {
  it('a revoked key is refused by the route itself, even when the authorizer had let it through (its answer cached in AWS)', async () => {
    const dealer = await signInNewDealer(url, 'api-keys-cache');
    const { key } = (await call(dealer.accessToken, 'POST', '/api/api-keys', { name: 'cached' })).body as { key: ApiKey };
    const { subOf } = await import('../support/car-package-http');
    const { handler } = await import('../../functions/src/handlers/v1-get-credit-balance');
    // What API Gateway hands the function while the authorizer's "allowed" answer for this key is still cached.
    const event = {
      version: '2.0',
      routeKey: 'GET /api/v1/credits/balance',
      rawPath: '/api/v1/credits/balance',
      rawQueryString: '',
      headers: {},
      isBase64Encoded: false,
      requestContext: { http: { method: 'GET', path: '/api/v1/credits/balance', sourceIp: '127.0.0.1' }, requestId: 'cached', authorizer: { lambda: { sub: subOf(dealer), key_id: key.id } } },
    } as never;
    expect((await handler(event)).statusCode).toBe(200);
    expect((await call(dealer.accessToken, 'POST', `/api/api-keys/${key.id}/revoke`)).status).toBe(200);
    const refused = await handler(event);
    expect(refused.statusCode).toBe(401);
    expect(JSON.parse(refused.body!)).toMatchObject({ type: 'authentication_error' });
  }, 60_000);
});
