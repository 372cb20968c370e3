import { describe, expect, it } from 'vitest';
import type { ApiUsage } from '@shared/schemas/integrations';
import { useLocalHost } from '../support/local-host';
import { startReceiver } from '../support/webhook-receiver';

/** Usage (issue 28): every API call and webhook delivery is counted per key and per dealer; super users read it. */
const { url } = useLocalHost();
const { signInNewDealer } = await import('./package-api-client');
const { subOf } = await import('../support/car-package-http');
const { promoteToSuperUser } = await import('../../functions/src/accounts/super-user');
const { DynamoDbAccountStore } = await import('../../functions/src/accounts/dynamodb-account-store');

const call = async (token: string, method: string, path: string, body?: unknown) => {
  const response = await fetch(`${url}${path}`, {
    method,
    headers: { authorization: `Bearer ${token}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
};

describe('API usage', () => {
  it('counts each call per key and each webhook delivery per dealer; the admin area reads it, a dealer cannot', async () => {
    const receiver = await startReceiver((n) => (n === 1 ? 503 : 200));
    try {
      const [dealer, admin] = await Promise.all([signInNewDealer(url, 'usage'), signInNewDealer(url, 'usage-admin')]);
      await promoteToSuperUser(new DynamoDbAccountStore(), admin.email);
      const { secret, key } = (await call(dealer.accessToken, 'POST', '/api/api-keys', { name: 'usage' })).body as { secret: string; key: { id: string } };
      for (let i = 0; i < 3; i++) expect((await call(secret, 'GET', '/api/v1/credits/balance')).status).toBe(200);
      // A refused input is not a call that reached the API's work: not counted.
      expect((await call(secret, 'GET', '/api/v1/car-packages?limit=0')).status).toBe(400);
      const { endpoint } = (await call(dealer.accessToken, 'POST', '/api/webhooks/endpoints', { url: receiver.url })).body as { endpoint: { id: string } };
      await call(dealer.accessToken, 'POST', `/api/webhooks/endpoints/${endpoint.id}/test`);
      await receiver.waitFor((r) => r.length === 2, 20_000);
      await new Promise((r) => setTimeout(r, 300));

      const path = `/api/admin/dealers/${subOf(dealer)}/api-usage`;
      expect((await call(dealer.accessToken, 'GET', path)).status).toBe(403);
      const usage = (await call(admin.accessToken, 'GET', path)).body as ApiUsage;
      expect(usage.keys).toEqual([expect.objectContaining({ id: key.id, calls: 3 })]);
      const today = new Date().toISOString().slice(0, 10);
      expect(usage.days).toEqual([{ day: today, api_calls: 3, webhook_deliveries: 2 }]);
    } finally {
      await receiver.close();
    }
  }, 60_000);
});
