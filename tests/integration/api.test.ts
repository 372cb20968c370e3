import { describe, expect, it } from 'vitest';
import { healthResponseSchema, creditPackagesResponseSchema, livenessResponseSchema } from '@shared/schemas';
import { useLocalHost } from '../support/local-host';

const { url } = useLocalHost();
const post = (path: string, body: string, headers: Record<string, string> = { 'content-type': 'application/json' }) =>
  fetch(url + path, { method: 'POST', headers, body });

describe('public API on the local host', () => {
  it('GET /api/health answers liveness only: nothing about the engines behind it', async () => {
    const res = await fetch(`${url}/api/health`);
    expect(res.status).toBe(200);
    expect(livenessResponseSchema.parse(await res.json())).toEqual({ ok: true, home: 'local' });
  });

  it('GET /api/admin/health shows a super user every engine up', async () => {
    const { signInNewDealer } = await import('./package-api-client');
    const { promoteToSuperUser } = await import('../../functions/src/accounts/super-user');
    const { DynamoDbAccountStore } = await import('../../functions/src/accounts/dynamodb-account-store');
    const admin = await signInNewDealer(url, 'health-super');
    await promoteToSuperUser(new DynamoDbAccountStore(), admin.email);
    const res = await fetch(`${url}/api/admin/health`, { headers: { authorization: `Bearer ${admin.accessToken}` } });
    expect(res.status).toBe(200);
    const health = healthResponseSchema.parse(await res.json());
    expect(health.home).toBe('local');
    expect(Object.keys(health.engines).sort()).toEqual(['dynamodb', 'mail', 's3-renders', 's3-uploads']);
    for (const [name, state] of Object.entries(health.engines)) expect(state.ok, name).toBe(true);
  });

  it('GET /api/credits/packages returns the 4 seeded packages with derived fields', async () => {
    const res = await fetch(`${url}/api/credits/packages`);
    expect(res.status).toBe(200);
    const { packages } = creditPackagesResponseSchema.parse(await res.json());
    expect(packages.map((p) => [p.name, p.credits, p.price_dollars, p.price_per_credit_dollars, p.savings_percentage])).toEqual([
      ['Starter Pack', 8, '8.00', '1.00', 0],
      ['Small Business', 30, '24.00', '0.80', 20],
      ['Professional', 100, '60.00', '0.60', 40],
      ['Business', 250, '100.00', '0.40', 60],
    ]);
    expect(packages.find((p) => p.is_popular)?.name).toBe('Professional');
    expect(packages.filter((p) => p.best_value).map((p) => p.name)).toEqual(['Business']);
  });

  it('an unknown API path is 404 and a wrong method 405, both JSON', async () => {
    expect((await fetch(`${url}/api/nope`)).status).toBe(404);
    const res = await fetch(`${url}/api/credits/packages`, { method: 'DELETE' });
    expect(res.status).toBe(405);
    expect(await res.json()).toHaveProperty('message');
  });

  it('a route that needs a user refuses a request without a token', async () => {
    const res = await post('/api/realtime/ticket', '{}');
    expect(res.status).toBe(401);
  });
});

describe('bad input gets a 4xx naming the field, never a 5xx', () => {
  const cases: [string, string, Record<string, string> | undefined, number, RegExp][] = [
    ['malformed JSON', '{"name": "A",', undefined, 400, /not valid JSON/],
    ['empty body', '', undefined, 400, /JSON body is required/],
    ['wrong type', JSON.stringify({ name: 42, email: 'a@b.co', message: 'hi' }), undefined, 400, /name must be text/],
    ['missing field', JSON.stringify({ name: 'Ann', email: 'a@b.co' }), undefined, 400, /message is required/],
    ['unknown field', JSON.stringify({ name: 'Ann', email: 'a@b.co', message: 'hi', admin: true }), undefined, 400, /Unknown field: admin/],
    ['bad e-mail', JSON.stringify({ name: 'Ann', email: 'not-an-email', message: 'hi' }), undefined, 400, /valid email/],
    ['blank after trim', JSON.stringify({ name: '   ', email: 'a@b.co', message: 'hi' }), undefined, 400, /name is required/],
    ['array body', '[]', undefined, 400, /body|expected object/i],
    ['oversize body', JSON.stringify({ name: 'Ann', email: 'a@b.co', message: 'x'.repeat(70_000) }), undefined, 413, /larger than/],
  ];
  for (const [name, body, headers, status, message] of cases) {
    it(name, async () => {
      const res = await post('/api/contact', body, headers);
      expect(res.status).toBe(status);
      const json = (await res.json()) as { message: string; code: string };
      expect(json.message).toMatch(message);
      expect(JSON.stringify(json)).not.toMatch(/at .*\.ts:\d+/); // no stack trace
    });
  }
});
