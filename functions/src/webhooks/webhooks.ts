/**
 * Outgoing webhooks: a dealer registers endpoints; each event of theirs (package.completed, package.failed,
 * angle.completed, or a test event) becomes one delivery per endpoint, queued (never sent inside the task that produced
 * the event), signed at each attempt and retried with backoff for a day; every attempt is logged on the delivery.
 * No AWS SDK here.
 */
import { randomBytes } from 'node:crypto';
import { lookup } from 'node:dns/promises';
import { MAX_WEBHOOK_ENDPOINTS, WEBHOOK_EVENT_TYPES, WEBHOOK_RETRY_WINDOW_MS, WEBHOOK_SECRET_PREFIX, WEBHOOK_SIGNATURE_HEADER, WEBHOOK_TIMEOUT_MS, type WebhookEventType } from '@shared/integrations';
import { INTEGRATION_MESSAGES } from '@shared/messages';
import type { CreateWebhookEndpointResponse, WebhookDelivery, WebhookEndpoint } from '@shared/schemas/integrations';
import { DomainError, RateLimitedError, secondsToWindowEnd } from '../lib/errors';
import { newId, sha256 } from '../lib/ids';
import { logger } from '../lib/logger';
import type { RequestCounter } from '../auth/request-magic-link';
import { addressAllowed, portOf, urlShapeAllowed } from './endpoint-check';
import { signPayload } from './signing';
import type { DeliveryMessage, StoredDelivery, StoredEndpoint, WebhookEvent, WebhookQueue, WebhookSender, WebhookStore } from './ports';

export interface WebhookDeps {
  store: WebhookStore;
  queue: WebhookQueue;
  /** Local home: loopback receivers allowed. */
  local: boolean;
  now?: () => Date;
  /** Resolves a host name to its addresses (DNS). */
  resolve?: (host: string) => Promise<string[]>;
  /** First retry delay; each next one three times longer (1 min in AWS; tests shorten it). */
  retryBaseMs?: number;
  /** How long deliveries are retried (a day). */
  retryWindowMs?: number;
  /** Local home: the host's own ports (its site and engines), never a webhook's target. */
  reservedPorts?: readonly number[];
  /** Fixed-window counters (the test events' limit); absent: no limit (unit tests of other rules). */
  count?: RequestCounter;
}

export interface DeliveryDeps extends WebhookDeps {
  send: WebhookSender;
  /** Counts the dealer's deliveries of the day (usage). */
  countDelivery?: (sub: string, day: string) => Promise<void>;
  /** An attempt's whole deadline, connection to last byte (WEBHOOK_TIMEOUT_MS; tests shorten it). */
  timeoutMs?: number;
}

const clock = (deps: { now?: () => Date }) => deps.now?.() ?? new Date();
const defaultResolve = async (host: string) => (await lookup(host, { all: true })).map((a) => a.address);
export const DEFAULT_RETRY_BASE_MS = 60_000;
/** The delay before attempt n+1 after attempt n failed: base, 3x base, 9x base... */
export const retryDelayMs = (attempt: number, baseMs: number) => baseMs * 3 ** (attempt - 1);

const endpointView = (e: StoredEndpoint): WebhookEndpoint => ({ id: e.id, url: e.url, created_at: e.created_at, events: WEBHOOK_EVENT_TYPES.filter((t) => t !== 'test.event') });
const deliveryView = (d: StoredDelivery): WebhookDelivery => ({
  id: d.id,
  event_id: d.event_id,
  event_type: d.event_type,
  created_at: d.created_at,
  status: d.status,
  next_attempt_at: d.next_attempt_at,
  attempts: d.attempts,
});

/** Refuses a URL a delivery must not go to (scheme, credentials, any resolved address private or reserved). */
export async function checkEndpointUrl(deps: Pick<WebhookDeps, 'local' | 'resolve' | 'reservedPorts'>, raw: string): Promise<URL> {
  const url = new URL(raw);
  const refusal = deps.local ? INTEGRATION_MESSAGES.endpointUrlLocal : INTEGRATION_MESSAGES.endpointUrl;
  if (deps.local && deps.reservedPorts?.includes(portOf(url))) {
    const message = INTEGRATION_MESSAGES.endpointReservedPort(portOf(url));
    throw new DomainError('validation', message, { url: message });
  }
  if (!urlShapeAllowed(url, deps.local, deps.reservedPorts)) throw new DomainError('validation', refusal, { url: refusal });
  const host = url.hostname.replace(/^\[|\]$/g, '');
  let addresses: string[];
  try {
    addresses = await (deps.resolve ?? defaultResolve)(host);
  } catch {
    throw new DomainError('validation', INTEGRATION_MESSAGES.endpointUnresolvable(host), { url: INTEGRATION_MESSAGES.endpointUnresolvable(host) });
  }
  const bad = addresses.find((a) => !addressAllowed(a, deps.local));
  if (bad !== undefined || addresses.length === 0) {
    const message = INTEGRATION_MESSAGES.endpointPrivate(bad ?? host);
    throw new DomainError('validation', message, { url: message });
  }
  return url;
}

export async function createEndpoint(deps: WebhookDeps, sub: string, rawUrl: string): Promise<CreateWebhookEndpointResponse> {
  const url = await checkEndpointUrl(deps, rawUrl);
  const endpoint: StoredEndpoint = {
    id: newId(),
    user_id: sub,
    url: url.toString(),
    secret: `${WEBHOOK_SECRET_PREFIX}${randomBytes(24).toString('base64url')}`,
    created_at: clock(deps).toISOString(),
  };
  if (!(await deps.store.putEndpoint(endpoint, MAX_WEBHOOK_ENDPOINTS))) throw new DomainError('conflict', INTEGRATION_MESSAGES.tooManyEndpoints(MAX_WEBHOOK_ENDPOINTS));
  return { endpoint: endpointView(endpoint), secret: endpoint.secret };
}

export async function listEndpoints(deps: Pick<WebhookDeps, 'store'>, sub: string): Promise<WebhookEndpoint[]> {
  return (await deps.store.listEndpoints(sub)).map(endpointView);
}

export async function deleteEndpoint(deps: Pick<WebhookDeps, 'store'>, sub: string, id: string): Promise<void> {
  if (!(await deps.store.deleteEndpoint(sub, id))) throw new DomainError('not_found', INTEGRATION_MESSAGES.endpointNotFound);
}

export async function listDeliveries(deps: Pick<WebhookDeps, 'store'>, sub: string, endpointId: string): Promise<WebhookDelivery[]> {
  if (!(await deps.store.getEndpoint(sub, endpointId))) throw new DomainError('not_found', INTEGRATION_MESSAGES.endpointNotFound);
  return (await deps.store.listDeliveries(sub, endpointId, 50)).map(deliveryView);
}

async function enqueue(deps: WebhookDeps, endpoint: StoredEndpoint, event: WebhookEvent): Promise<string> {
  const delivery: StoredDelivery = {
    id: newId(),
    user_id: endpoint.user_id,
    endpoint_id: endpoint.id,
    event_id: event.id,
    event_type: event.type,
    created_at: clock(deps).toISOString(),
    status: 'pending',
    next_attempt_at: clock(deps).toISOString(),
    attempts: [],
  };
  await deps.store.putDelivery(delivery);
  await deps.queue.send({ user_id: endpoint.user_id, endpoint_id: endpoint.id, delivery_id: delivery.id, event, attempt: 1, not_before: 0 }, 0);
  return delivery.id;
}

/** Test events an endpoint takes a minute: each is retried for a day, so they are not free to send. */
export const TEST_EVENTS_PER_MINUTE = 5;

/** "Send test event" in Settings: one test.event to that endpoint only, through the same queue and signing. */
export async function sendTestEvent(deps: WebhookDeps, sub: string, endpointId: string) {
  const endpoint = await deps.store.getEndpoint(sub, endpointId);
  if (!endpoint) throw new DomainError('not_found', INTEGRATION_MESSAGES.endpointNotFound);
  if (deps.count && !(await deps.count([{ scope: 'webhook-test', subject: endpoint.id, max: TEST_EVENTS_PER_MINUTE, windowMs: 60_000 }]))) {
    throw new RateLimitedError(secondsToWindowEnd(clock(deps).getTime(), 60_000), INTEGRATION_MESSAGES.tooManyTestEvents(TEST_EVENTS_PER_MINUTE));
  }
  const event: WebhookEvent = { id: `evt_${newId()}`, type: 'test.event', created_at: clock(deps).toISOString(), data: { message: 'A test event from Studio Lot Settings.' } };
  const deliveryId = await enqueue(deps, endpoint, event);
  return { delivery_id: deliveryId, event_id: event.id };
}

/**
 * An event of the dealer's: recorded once by its id (deterministic from what happened, so a task that runs twice emits
 * it once), then one delivery per endpoint queued. The dealer's endpoints are read only when there is an event.
 */
export async function emitEvent(deps: WebhookDeps, sub: string, type: WebhookEventType, identity: string, data: Record<string, unknown>): Promise<void> {
  const endpoints = await deps.store.listEndpoints(sub);
  if (endpoints.length === 0) return;
  const event: WebhookEvent = { id: `evt_${sha256(`${type}:${identity}`).slice(0, 32)}`, type, created_at: clock(deps).toISOString(), data };
  if (!(await deps.store.recordEvent(sub, event))) return;
  for (const endpoint of endpoints) await enqueue(deps, endpoint, event);
}

/**
 * One queued attempt (the queue consumer's work, the same in both homes): signs the event with the endpoint's secret
 * and a fresh timestamp, POSTs it, logs the attempt; a 2xx delivers it, anything else schedules the next attempt with
 * backoff until a day has passed since the event.
 */
export async function deliverMessage(deps: DeliveryDeps, message: DeliveryMessage): Promise<void> {
  const now = clock(deps);
  if (message.not_before > now.getTime()) {
    await deps.queue.send(message, message.not_before - now.getTime());
    return;
  }
  const endpoint = await deps.store.getEndpoint(message.user_id, message.endpoint_id);
  if (!endpoint) return; // deleted with its deliveries: nothing to send, nothing to log
  const body = JSON.stringify(message.event);
  const headers = {
    'content-type': 'application/json',
    'user-agent': 'StudioLot-Webhooks/1',
    [WEBHOOK_SIGNATURE_HEADER]: signPayload(endpoint.secret, body, Math.floor(now.getTime() / 1000)),
    'studiolot-event-id': message.event.id,
    'studiolot-delivery-id': message.delivery_id,
  };
  let statusCode: number | null = null;
  let error: string | null = null;
  const started = Date.now();
  try {
    statusCode = await deps.send(endpoint.url, body, headers, deps.timeoutMs ?? WEBHOOK_TIMEOUT_MS);
  } catch (e) {
    error = (e as Error).message.slice(0, 300);
  }
  const attempt = { at: now.toISOString(), status_code: statusCode, error, duration_ms: Date.now() - started };
  await deps.countDelivery?.(message.user_id, now.toISOString().slice(0, 10)).catch((e) => logger.warn('webhook usage not counted', { error: e as Error }));
  if (statusCode !== null && statusCode >= 200 && statusCode < 300) {
    await deps.store.recordAttempt(message.user_id, message.endpoint_id, message.delivery_id, attempt, 'delivered', null);
    return;
  }
  const delay = retryDelayMs(message.attempt, deps.retryBaseMs ?? DEFAULT_RETRY_BASE_MS);
  const next = now.getTime() + delay;
  if (next > Date.parse(message.event.created_at) + (deps.retryWindowMs ?? WEBHOOK_RETRY_WINDOW_MS)) {
    await deps.store.recordAttempt(message.user_id, message.endpoint_id, message.delivery_id, attempt, 'failed', null);
    logger.warn('webhook delivery given up', { deliveryId: message.delivery_id, attempts: message.attempt });
    return;
  }
  await deps.store.recordAttempt(message.user_id, message.endpoint_id, message.delivery_id, attempt, 'pending', new Date(next).toISOString());
  await deps.queue.send({ ...message, attempt: message.attempt + 1, not_before: next }, delay);
}

