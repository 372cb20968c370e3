import { createServer } from 'node:http';
import { afterAll, describe, expect, it } from 'vitest';
import { httpWebhookSender } from './http-sender';
import type { DeliveryAttempt, DeliveryMessage, StoredDelivery, StoredEndpoint, WebhookStore } from './ports';
import { deliverMessage, sendTestEvent, TEST_EVENTS_PER_MINUTE } from './webhooks';

/**
 * What bounds a delivery (issue 40, N2): one deadline for the whole attempt, from the connection to the answer's last
 * byte, so a receiver that trickles a byte every few hundred milliseconds (never idle as long as the deadline) is cut
 * off and its attempt recorded as not delivered; and "Send test event" limited per endpoint.
 */
const servers: ReturnType<typeof createServer>[] = [];
afterAll(() => servers.forEach((s) => s.close()));

/** Answers 200 at once, then one byte of body every 300 ms for 20 s. */
async function tricklingReceiver(): Promise<string> {
  const server = createServer((req, res) => {
    req.resume();
    res.writeHead(200, { 'content-type': 'text/plain' });
    const timer = setInterval(() => res.write('.'), 300);
    setTimeout(() => {
      clearInterval(timer);
      res.end();
    }, 20_000);
    res.on('close', () => clearInterval(timer));
  });
  servers.push(server);
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
  return `http://127.0.0.1:${(server.address() as { port: number }).port}/hook`;
}

function memoryStore(endpoint: StoredEndpoint) {
  const attempts: { attempt: DeliveryAttempt; status: StoredDelivery['status'] }[] = [];
  const store: WebhookStore = {
    putEndpoint: async () => true,
    listEndpoints: async () => [endpoint],
    getEndpoint: async (_sub, id) => (id === endpoint.id ? endpoint : undefined),
    deleteEndpoint: async () => true,
    recordEvent: async () => true,
    putDelivery: async () => undefined,
    recordAttempt: async (_s, _e, _d, attempt, status) => void attempts.push({ attempt, status }),
    listDeliveries: async () => [],
  };
  return { store, attempts };
}

const endpointAt = (url: string): StoredEndpoint => ({ id: 'ep1', user_id: 'dealer', url, secret: 'whsec_test', created_at: new Date().toISOString() });

describe('webhook delivery bounds', () => {
  it('a receiver that trickles its answer is cut off at the deadline and the attempt is recorded as not delivered', async () => {
    const endpoint = endpointAt(await tricklingReceiver());
    const { store, attempts } = memoryStore(endpoint);
    const queued: DeliveryMessage[] = [];
    const message: DeliveryMessage = {
      user_id: 'dealer',
      endpoint_id: endpoint.id,
      delivery_id: 'd1',
      event: { id: 'evt_1', type: 'test.event', created_at: new Date().toISOString(), data: {} },
      attempt: 1,
      not_before: 0,
    };
    const started = Date.now();
    // 1.5 s here instead of 10 s: the trickle's gaps (0.3 s) are far shorter than either, so only a whole-attempt
    // deadline ends it; a per-socket idle timeout would wait the full 20 s.
    await deliverMessage({ store, queue: { send: async (m) => void queued.push(m) }, local: true, send: httpWebhookSender(true), timeoutMs: 1_500, retryWindowMs: 1 }, message);
    const took = Date.now() - started;
    expect(took).toBeGreaterThanOrEqual(1_400);
    expect(took).toBeLessThan(4_000);
    expect(attempts).toHaveLength(1);
    expect(attempts[0]!.status).toBe('failed');
    expect(attempts[0]!.attempt.error).toMatch(/no complete answer within 1.5 s/);
    expect(queued, 'no further attempt past the retry window').toHaveLength(0);
  }, 15_000);

  it(`"Send test event" takes ${TEST_EVENTS_PER_MINUTE} a minute per endpoint, then answers 429 with when to try again`, async () => {
    const endpoint = endpointAt('https://dms.example.com/hook');
    const { store } = memoryStore(endpoint);
    const windows = new Map<string, number>();
    const count = async (counters: { scope: string; subject: string; max: number; windowMs: number }[]) => {
      for (const c of counters) if ((windows.get(`${c.scope}:${c.subject}`) ?? 0) >= c.max) return false;
      for (const c of counters) windows.set(`${c.scope}:${c.subject}`, (windows.get(`${c.scope}:${c.subject}`) ?? 0) + 1);
      return true;
    };
    const queued: DeliveryMessage[] = [];
    const deps = { store, queue: { send: async (m: DeliveryMessage) => void queued.push(m) }, local: false, count, now: () => new Date('2026-11-29T12:00:20Z') };
    for (let i = 0; i < TEST_EVENTS_PER_MINUTE; i++) await sendTestEvent(deps, 'dealer', endpoint.id);
    const refused = await sendTestEvent(deps, 'dealer', endpoint.id).catch((e: unknown) => e);
    expect(refused).toMatchObject({ kind: 'rate_limited', retryAfterSeconds: 40, message: expect.stringMatching(/At most 5 test events a minute/) });
    expect(queued, 'the refused one queued nothing').toHaveLength(TEST_EVENTS_PER_MINUTE);
  });
});
