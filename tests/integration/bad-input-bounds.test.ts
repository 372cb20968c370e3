import { describe, expect, it } from 'vitest';
import { useLocalHost } from '../support/local-host';
import { callRoute, newUser } from './accounts-test-events';

/**
 * Issue 27, item 6: bad input that reached the engines and came back as a 5xx. JSON the table cannot hold (metadata
 * nested 32 levels, a number like 1e200, an empty key) and a malformed percent-encoding in a path parameter must get
 * a clear 4xx and change nothing, through the real local gateway and the real handlers.
 */
const { url } = useLocalHost();
const { ensureAccountInTable } = await import('../../functions/src/accounts/ensure-account-in-table');
const { DynamoDbCreditStore } = await import('../../functions/src/credits/dynamodb-credit-store');
const store = new DynamoDbCreditStore();

const nested = (depth: number): unknown => (depth === 0 ? 'deep' : { level: nested(depth - 1) });

describe('JSON bodies the table cannot hold get a clear 400 and change nothing', () => {
  const cases: [string, unknown][] = [
    ['metadata nested 32 levels', nested(32)],
    ['a number like 1e200 in metadata', { amount: 1e200 }],
    ['a number like -1e200 in metadata', { amount: -1e200 }],
    ['a number like 1e-200 in metadata', { amount: 1e-200 }],
    ['an empty key in metadata', { '': 'empty' }],
    ['an empty key deeper in metadata', { batch: { '': 1 } }],
  ];
  for (const [name, metadata] of cases) {
    it(`POST /api/credits/use with ${name}`, async () => {
      const user = newUser('bounds');
      await ensureAccountInTable(user);
      const before = await store.listAll(user.sub);
      const res = await callRoute('POST /api/credits/use', { user, body: { credits_to_use: 1, description: 'bounds', metadata, idempotency_key: `k-${user.sub}` } });
      expect(res.status, JSON.stringify(res.body)).toBe(400);
      expect(typeof res.body.message).toBe('string');
      expect(res.body.message.length).toBeGreaterThan(10);
      expect(await store.listAll(user.sub)).toEqual(before);
    });
  }

  it('an empty field name in a form-encoded body is refused', async () => {
    const user = newUser('bounds-form');
    await ensureAccountInTable(user);
    const res = await callRoute('POST /api/trial/transfer-photos', { user, rawBody: `=x&trial_token=${'A'.repeat(43)}`, contentType: 'application/x-www-form-urlencoded' });
    expect(res.status).toBe(400);
    expect(res.body.message).toMatch(/empty name/i);
  });
});

describe('a malformed percent-encoding in a path parameter is a 4xx, never a 5xx', () => {
  for (const bad of ['%', '%ZZ', '%E0%A4%A', '%C0%AF', 'a%']) {
    it(`GET /api/car-packages/${bad} anonymously and signed in; the public trial route too`, async () => {
      const anonymous = await fetch(`${url}/api/car-packages/${bad}`);
      expect(anonymous.status).toBe(401);
      const publicRoute = await fetch(`${url}/api/trial/validate-token/${bad}`);
      expect(publicRoute.status).toBeLessThan(500);
      expect(publicRoute.status).toBeGreaterThanOrEqual(200);
      const body = (await publicRoute.json()) as { message?: string; valid?: boolean };
      expect(body.valid === false || typeof body.message === 'string').toBe(true);
    });
  }

  it('signed in: every parameterised dealer route answers a malformed id with a 4xx and a message', async () => {
    const { signInNewDealer } = await import('./package-api-client');
    const dealer = await signInNewDealer(url, 'bounds-path');
    for (const [method, path] of [
      ['GET', '/api/car-packages/%'],
      ['DELETE', '/api/car-packages/%E0%A4%A'],
      ['POST', '/api/car-packages/%C0%AF/start'],
      ['POST', '/api/car-packages/%/angles/front/retry'],
      ['POST', '/api/car-packages/01ARZ3NDEKTSV4RRFFQ69G5FAV/angles/%ZZ/retry'],
    ] as const) {
      const res = await fetch(`${url}${path}`, { method, headers: { authorization: `Bearer ${dealer.accessToken}` } });
      expect(res.status, `${method} ${path}`).toBeGreaterThanOrEqual(400);
      expect(res.status, `${method} ${path}`).toBeLessThan(500);
      expect(typeof ((await res.json()) as { message?: unknown }).message).toBe('string');
    }
  });
});
