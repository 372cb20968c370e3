import { createHash, randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { join } from 'node:path';
import { parseStripeForm } from './form-body';
import { SIMULATOR_PUBLISHABLE_KEY, type SimulatorKeys } from './keys';
import { cardOutcome } from './test-cards';
import type { WebhookDeliverer } from './webhook-deliverer';

export { SIMULATOR_PUBLISHABLE_KEY, type SimulatorKeys };

type PaymentIntent = Record<string, unknown> & {
  id: string;
  amount: number;
  currency: string;
  status: string;
  client_secret: string;
  metadata: Record<string, string>;
};

interface StripeErrorBody {
  type: 'invalid_request_error' | 'card_error' | 'idempotency_error' | 'authentication_error';
  message: string;
  code?: string;
  decline_code?: string;
  param?: string;
  payment_intent?: PaymentIntent;
}

class StripeHttpError extends Error {
  constructor(
    readonly status: number,
    readonly body: StripeErrorBody,
  ) {
    super(body.message);
  }
}

const id = (prefix: string) => `${prefix}_${randomBytes(12).toString('base64url').replace(/[-_]/g, 'x')}`;
const now = () => Math.floor(Date.now() / 1000);

/**
 * The part of Stripe's API the server and the card form use: PaymentIntents create, retrieve, confirm and cancel at
 * `/v1/payment_intents`, with Stripe's object and error shapes and Idempotency-Key replay, reached by pointing the
 * official `stripe` client at this host. Confirming delivers Stripe-signed events to the webhook. Payment intents are
 * kept in `<data>/stripe/payment-intents.json`, so a restart loses nothing.
 */
export class StripeSimulator {
  private readonly intents = new Map<string, PaymentIntent>();
  private readonly idempotent = new Map<string, { fingerprint: string; status: number; body: unknown }>();
  private readonly file: string;

  constructor(
    dataDir: string,
    private readonly deliverer: WebhookDeliverer,
    /** The secret API key this simulator accepts (generated per data folder); the publishable key is the public one. */
    private readonly secretKey: string,
  ) {
    mkdirSync(join(dataDir, 'stripe'), { recursive: true });
    this.file = join(dataDir, 'stripe', 'payment-intents.json');
    try {
      for (const pi of JSON.parse(readFileSync(this.file, 'utf8')) as PaymentIntent[]) this.intents.set(pi.id, pi);
    } catch {
      // First start: nothing stored yet.
    }
  }

  private save() {
    writeFileSync(`${this.file}.tmp`, JSON.stringify([...this.intents.values()]));
    renameSync(`${this.file}.tmp`, this.file);
  }

  /** Serves `/v1/...`. */
  async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const chunks: Buffer[] = [];
    for await (const c of req) chunks.push(c as Buffer);
    const text = Buffer.concat(chunks).toString('utf8');
    const url = new URL(req.url ?? '/', 'http://local');
    const method = (req.method ?? 'GET').toUpperCase();
    const params = method === 'GET' ? parseStripeForm(url.search.slice(1)) : parseStripeForm(text);
    let status = 200;
    let body: unknown;
    const headers: Record<string, string> = { 'content-type': 'application/json', 'request-id': id('req'), 'stripe-version': '2025-01-01' };
    try {
      const key = /^Bearer (.+)$/i.exec(req.headers.authorization ?? '')?.[1];
      if (key !== this.secretKey && key !== SIMULATOR_PUBLISHABLE_KEY) {
        throw new StripeHttpError(401, { type: 'invalid_request_error', message: `Invalid API Key provided: ${key ? `${key.slice(0, 8)}…` : '(none)'}` });
      }
      const publishable = key === SIMULATOR_PUBLISHABLE_KEY;
      const idempotencyKey = method === 'POST' ? (req.headers['idempotency-key'] as string | undefined) : undefined;
      const fingerprint = createHash('sha256').update(`${method} ${url.pathname} ${text}`).digest('hex');
      const replay = idempotencyKey ? this.idempotent.get(`${key}:${idempotencyKey}`) : undefined;
      if (replay) {
        if (replay.fingerprint !== fingerprint) {
          throw new StripeHttpError(400, {
            type: 'idempotency_error',
            message: `Keys for idempotent requests can only be used with the same parameters they were first used with. Try using a key other than '${idempotencyKey}' if you meant to execute a different request.`,
          });
        }
        headers['idempotent-replayed'] = 'true';
        status = replay.status;
        body = replay.body;
      } else {
        try {
          body = this.route(method, url.pathname, params, publishable);
        } catch (error) {
          if (!(error instanceof StripeHttpError)) throw error;
          status = error.status;
          body = { error: error.body };
        }
        // Stripe keeps the result of a key, errors included (not 5xx), for 24 hours.
        if (idempotencyKey && status < 500) this.idempotent.set(`${key}:${idempotencyKey}`, { fingerprint, status, body });
        if (idempotencyKey) headers['idempotency-key'] = idempotencyKey;
      }
    } catch (error) {
      if (!(error instanceof StripeHttpError)) throw error;
      status = error.status;
      body = { error: error.body };
    }
    res.writeHead(status, headers);
    res.end(JSON.stringify(body));
  }

  private route(method: string, path: string, params: Record<string, unknown>, publishable: boolean): unknown {
    const m = /^\/v1\/payment_intents(?:\/([^/]+)(?:\/(confirm|cancel))?)?$/.exec(path);
    if (!m) throw new StripeHttpError(404, { type: 'invalid_request_error', message: `Unrecognized request URL (${method}: ${path}). The local Stripe simulator serves PaymentIntents only.` });
    const [, piId, action] = m;
    if (!piId && method === 'POST') {
      if (publishable) throw new StripeHttpError(401, { type: 'invalid_request_error', message: 'This API call cannot be made with a publishable API key. Please use a secret API key.' });
      return this.create(params);
    }
    if (!piId) throw new StripeHttpError(404, { type: 'invalid_request_error', message: 'Listing PaymentIntents is not simulated.' });
    const pi = this.intents.get(piId);
    if (!pi || (publishable && params.client_secret !== pi.client_secret)) {
      throw new StripeHttpError(404, { type: 'invalid_request_error', code: 'resource_missing', param: 'intent', message: `No such payment_intent: '${piId}'` });
    }
    if (!action && method === 'GET') return pi;
    if (action === 'confirm' && method === 'POST') return this.confirm(pi, params);
    if (action === 'cancel' && method === 'POST' && !publishable) return this.cancel(pi, params);
    throw new StripeHttpError(404, { type: 'invalid_request_error', message: `Unrecognized request URL (${method}: ${path}).` });
  }

  private create(params: Record<string, unknown>): PaymentIntent {
    const amount = Number(params.amount);
    if (!Number.isInteger(amount) || amount < 50) {
      throw new StripeHttpError(400, { type: 'invalid_request_error', code: 'amount_too_small', param: 'amount', message: 'Amount must be at least $0.50 usd' });
    }
    const currency = String(params.currency ?? '').toLowerCase();
    if (!/^[a-z]{3}$/.test(currency)) throw new StripeHttpError(400, { type: 'invalid_request_error', code: 'parameter_missing', param: 'currency', message: 'Missing required param: currency.' });
    const piId = id('pi');
    const pi: PaymentIntent = {
      id: piId,
      object: 'payment_intent',
      amount,
      amount_capturable: 0,
      amount_received: 0,
      automatic_payment_methods: params.automatic_payment_methods ? { enabled: true, allow_redirects: 'always' } : null,
      canceled_at: null,
      cancellation_reason: null,
      capture_method: 'automatic',
      client_secret: `${piId}_secret_${randomBytes(12).toString('base64url').replace(/[-_]/g, 'y')}`,
      confirmation_method: 'automatic',
      created: now(),
      currency,
      description: typeof params.description === 'string' ? params.description : null,
      last_payment_error: null,
      latest_charge: null,
      livemode: false,
      metadata: (params.metadata ?? {}) as Record<string, string>,
      payment_method: null,
      payment_method_types: ['card'],
      receipt_email: typeof params.receipt_email === 'string' ? params.receipt_email : null,
      status: 'requires_payment_method',
    };
    this.intents.set(piId, pi);
    this.save();
    this.emit('payment_intent.created', pi, false);
    return pi;
  }

  private confirm(pi: PaymentIntent, params: Record<string, unknown>): PaymentIntent {
    if (pi.status === 'succeeded' || pi.status === 'canceled') {
      throw new StripeHttpError(400, {
        type: 'invalid_request_error',
        code: 'payment_intent_unexpected_state',
        message: `You cannot confirm this PaymentIntent because it has a status of ${pi.status}.`,
        payment_intent: pi,
      });
    }
    const card = ((params.payment_method_data as Record<string, unknown> | undefined)?.card ?? {}) as Record<string, string>;
    const outcome = cardOutcome(card);
    const chargeId = id('ch');
    if (!outcome.ok) {
      const error = {
        type: 'card_error' as const,
        code: outcome.code,
        ...(outcome.decline_code ? { decline_code: outcome.decline_code } : {}),
        ...(outcome.param ? { param: outcome.param } : {}),
        message: outcome.message,
        ...(outcome.decline_code ? { charge: chargeId } : {}),
      };
      Object.assign(pi, { status: 'requires_payment_method', last_payment_error: error, latest_charge: outcome.decline_code ? chargeId : pi.latest_charge });
      this.save();
      // Incomplete card details never reach the network in Stripe (no event); a decline does.
      if (outcome.decline_code) this.emit('payment_intent.payment_failed', pi, true);
      throw new StripeHttpError(402, { ...error, payment_intent: pi });
    }
    const pmId = id('pm');
    Object.assign(pi, {
      status: 'succeeded',
      amount_received: pi.amount,
      last_payment_error: null,
      latest_charge: chargeId,
      payment_method: pmId,
      payment_method_details: { type: 'card', card: { brand: outcome.brand, last4: outcome.last4 } },
    });
    this.save();
    this.emit('payment_intent.succeeded', pi, true);
    return pi;
  }

  private cancel(pi: PaymentIntent, params: Record<string, unknown>): PaymentIntent {
    if (pi.status === 'succeeded' || pi.status === 'canceled') {
      throw new StripeHttpError(400, { type: 'invalid_request_error', code: 'payment_intent_unexpected_state', message: `You cannot cancel this PaymentIntent because it has a status of ${pi.status}.` });
    }
    Object.assign(pi, { status: 'canceled', canceled_at: now(), cancellation_reason: typeof params.cancellation_reason === 'string' ? params.cancellation_reason : 'requested_by_customer' });
    this.save();
    this.emit('payment_intent.canceled', pi, true);
    return pi;
  }

  private emit(type: string, pi: PaymentIntent, final: boolean) {
    const event = {
      id: id('evt'),
      object: 'event',
      api_version: '2025-01-01',
      created: now(),
      data: { object: structuredClone(pi) },
      livemode: false,
      pending_webhooks: 1,
      request: { id: null, idempotency_key: null },
      type,
    };
    this.deliverer.send({ id: event.id, type, created: event.created, payload: JSON.stringify(event, null, 2) }, final, pi.id);
  }
}
