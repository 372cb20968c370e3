import { afterAll, describe, expect, it } from 'vitest';
import { WEBHOOK_SIGNATURE_HEADER } from '@shared/integrations';
import type { WebhookDelivery } from '@shared/schemas/integrations';
import { useLocalHost } from '../support/local-host';
import { startReceiver } from '../support/webhook-receiver';

/**
 * Outgoing webhooks on the local host (issue 28): queued, signed per attempt, retried with backoff (the test host's
 * first retry after 0.3 s instead of 1 minute, then 3x longer each time), every attempt logged with its response code.
 */
const { url } = useLocalHost();
const { signInNewDealer, sleep } = await import('./package-api-client');
const { verifySignature } = await import('../../functions/src/webhooks/signing');

const receivers: Awaited<ReturnType<typeof startReceiver>>[] = [];
afterAll(async () => {
  for (const r of receivers) await r.close();
});

const session = (token: string) => async (method: string, path: string, body?: unknown) => {
  const response = await fetch(`${url}${path}`, {
    method,
    headers: { authorization: `Bearer ${token}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
};

describe('webhooks', () => {
  it('an endpoint that fails twice then answers 200 gets the event once more, and the delivery log shows all three attempts', async () => {
    const receiver = await startReceiver((n) => (n <= 2 ? 500 : 200));
    receivers.push(receiver);
    const call = session((await signInNewDealer(url, 'webhook-retry')).accessToken);
    const created = await call('POST', '/api/webhooks/endpoints', { url: receiver.url });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const { endpoint, secret } = created.body as { endpoint: { id: string }; secret: string };

    const sent = await call('POST', `/api/webhooks/endpoints/${endpoint.id}/test`);
    expect(sent.status).toBe(202);
    await receiver.waitFor((r) => r.length >= 3, 30_000);
    // Long enough for a fourth attempt to have come (the next would be 2.7 s after the third): it must not.
    await sleep(4_000);
    expect(receiver.received).toHaveLength(3);
    const bodies = receiver.received.map((r) => JSON.parse(r.body) as { id: string; type: string });
    expect(new Set(bodies.map((b) => b.id)).size, 'the same event each time').toBe(1);
    expect(bodies[0]).toMatchObject({ id: sent.body.event_id, type: 'test.event' });
    for (const r of receiver.received) expect(verifySignature(secret, r.body, String(r.headers[WEBHOOK_SIGNATURE_HEADER]))).toBe(true);
    // Backoff: the second wait is about three times the first.
    const [a, b, c] = receiver.received.map((r) => r.at);
    expect(b! - a!).toBeGreaterThanOrEqual(250);
    expect(c! - b!).toBeGreaterThanOrEqual(800);

    const log = await call('GET', `/api/webhooks/endpoints/${endpoint.id}/deliveries`);
    const [delivery] = (log.body as { deliveries: WebhookDelivery[] }).deliveries;
    expect(delivery).toMatchObject({ id: sent.body.delivery_id, event_id: sent.body.event_id, event_type: 'test.event', status: 'delivered', next_attempt_at: null });
    expect(delivery!.attempts.map((x) => x.status_code)).toEqual([500, 500, 200]);
  }, 60_000);

  it('refuses endpoints on private addresses and non-https URLs to other hosts; another dealer cannot reach an endpoint', async () => {
    const call = session((await signInNewDealer(url, 'webhook-ssrf')).accessToken);
    for (const bad of ['http://10.0.0.8/hook', 'https://192.168.1.1/hook', 'https://169.254.169.254/latest/meta-data', 'http://example.com/hook', 'https://[fd00::1]/hook', 'ftp://127.0.0.1/x', 'https://user:pw@127.0.0.1/x']) {
      const refused = await call('POST', '/api/webhooks/endpoints', { url: bad });
      expect(refused.status, `${bad}: ${JSON.stringify(refused.body)}`).toBe(400);
      expect(String(refused.body.message)).toMatch(/private|https|public/);
    }
    expect((await call('GET', '/api/webhooks/endpoints')).body).toEqual({ endpoints: [] });
    const own = await call('POST', '/api/webhooks/endpoints', { url: 'http://127.0.0.1:9/ok' });
    expect(own.status).toBe(201);
    const other = session((await signInNewDealer(url, 'webhook-other')).accessToken);
    const id = (own.body as { endpoint: { id: string } }).endpoint.id;
    expect((await other('POST', `/api/webhooks/endpoints/${id}/test`)).status).toBe(404);
    expect((await other('DELETE', `/api/webhooks/endpoints/${id}`)).status).toBe(404);
  }, 60_000);

  it('locally refuses the host itself as a receiver, and takes 5 test events a minute per endpoint (429 with Retry-After)', async () => {
    const token = (await signInNewDealer(url, 'webhook-bounds')).accessToken;
    const call = session(token);
    const hostPort = new URL(url).port;
    const self = await call('POST', '/api/webhooks/endpoints', { url: `http://127.0.0.1:${hostPort}/_local/mailbox` });
    expect(self.status).toBe(400);
    expect(String(self.body.message)).toContain(`Port ${hostPort} is this local host's own`);
    const mapped = await call('POST', '/api/webhooks/endpoints', { url: 'https://[::ffff:a9fe:a9fe]/latest/meta-data' });
    expect(mapped.status, JSON.stringify(mapped.body)).toBe(400);

    const created = await call('POST', '/api/webhooks/endpoints', { url: 'http://127.0.0.1:9/ok' });
    const id = (created.body as { endpoint: { id: string } }).endpoint.id;
    // The six sends stay in one fixed one-minute window.
    if (Date.now() % 60_000 > 50_000) await sleep(60_500 - (Date.now() % 60_000));
    const statuses: number[] = [];
    let refused: Response | undefined;
    for (let i = 0; i < 6; i++) {
      const response = await fetch(`${url}/api/webhooks/endpoints/${id}/test`, { method: 'POST', headers: { authorization: `Bearer ${token}` } });
      statuses.push(response.status);
      if (response.status === 429) refused = response;
    }
    expect(statuses).toEqual([202, 202, 202, 202, 202, 429]);
    expect(Number(refused!.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(((await refused!.json()) as { message: string }).message).toMatch(/At most 5 test events a minute/);
  }, 60_000);
});
