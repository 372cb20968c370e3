import { createServer } from 'node:http';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseStripeForm } from './form-body';
import { StripeSimulator } from './simulator';
import { cardOutcome } from './test-cards';
import { WebhookDeliverer, type SimulatedEvent } from './webhook-deliverer';

describe('webhook deliveries of the Stripe simulator', () => {
  /** A webhook endpoint that answers with the given statuses in turn and records what it got. */
  async function endpoint(statuses: number[]) {
    const got: { type: string; id: string; verified: boolean }[] = [];
    const server = createServer((req, res) => {
      let body = '';
      req.on('data', (c) => (body += c));
      req.on('end', () => {
        let verified = true;
        try {
          Stripe.webhooks.constructEvent(body, String(req.headers['stripe-signature']), 'whsec_test');
        } catch {
          verified = false;
        }
        const event = JSON.parse(body) as { id: string; type: string };
        got.push({ type: event.type, id: event.id, verified });
        res.writeHead(statuses.shift() ?? 200).end();
      });
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    const url = `http://127.0.0.1:${(server.address() as { port: number }).port}/`;
    return { url, got, close: () => new Promise((r) => server.close(r)) };
  }
  const event = (type: string, id = `evt_${type}`): SimulatedEvent => ({ id, type, created: 1, payload: JSON.stringify({ id, type, object: 'event', data: { object: {} } }, null, 2) });

  it('retries with backoff until the endpoint answers 2xx, signing each attempt', async () => {
    const ep = await endpoint([500, 503]);
    const log: string[] = [];
    const d = new WebhookDeliverer({ url: ep.url, secret: 'whsec_test', mode: 'normal', retryBaseMs: 20, attempts: 5, holdBackMs: 0, log: (l) => log.push(l) });
    const started = Date.now();
    d.send(event('payment_intent.succeeded'), true);
    await d.idle();
    expect(ep.got.map((g) => g.verified)).toEqual([true, true, true]);
    expect(Date.now() - started).toBeGreaterThanOrEqual(20 + 40);
    expect(log).toHaveLength(2);
    await ep.close();
  });

  it('gives up after the last attempt', async () => {
    const ep = await endpoint([500, 500, 500, 500]);
    const log: string[] = [];
    const d = new WebhookDeliverer({ url: ep.url, secret: 'whsec_test', mode: 'normal', retryBaseMs: 5, attempts: 3, holdBackMs: 0, log: (l) => log.push(l) });
    d.send(event('payment_intent.succeeded'), true);
    await d.idle();
    expect(ep.got).toHaveLength(3);
    expect(log.at(-1)).toMatch(/not accepted after 3 attempts/);
    await ep.close();
  });

  it('the test switch delivers each event twice, the later event first', async () => {
    const ep = await endpoint([]);
    const d = new WebhookDeliverer({ url: ep.url, secret: 'whsec_test', mode: 'twice-out-of-order', retryBaseMs: 5, attempts: 3, holdBackMs: 100, log: () => undefined });
    d.send(event('payment_intent.created'), false, 'pi_1');
    await new Promise((r) => setTimeout(r, 200)); // however long the payment takes, created waits for succeeded
    d.send(event('payment_intent.succeeded'), true, 'pi_1');
    await d.idle();
    expect(ep.got.map((g) => g.type)).toEqual(['payment_intent.succeeded', 'payment_intent.succeeded', 'payment_intent.created', 'payment_intent.created']);
    // An intent never paid: its created event goes after the longest hold.
    const lone = new WebhookDeliverer({ url: ep.url, secret: 'whsec_test', mode: 'twice-out-of-order', retryBaseMs: 5, attempts: 3, holdBackMs: 10, maxHoldMs: 50, log: () => undefined });
    lone.send(event('payment_intent.created', 'evt_lone'), false, 'pi_2');
    await new Promise((r) => setTimeout(r, 150));
    await lone.idle();
    expect(ep.got.filter((g) => g.id === 'evt_lone')).toHaveLength(2);
    await ep.close();
  });
});

/** A simulator's secret key, as a data folder's would be (infra/local/local-secrets.ts). */
const SECRET_KEY = 'sk_test_local_unit_test_key';

describe('the Stripe simulator API, through the official client', () => {
  let dir: string;
  let server: ReturnType<typeof createServer>;
  let stripe: Stripe;
  const sent: SimulatedEvent[] = [];
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'stripe-sim-'));
    const deliverer = { send: (e: SimulatedEvent) => sent.push(e) } as unknown as WebhookDeliverer;
    const sim = new StripeSimulator(dir, deliverer, SECRET_KEY);
    server = createServer((req, res) => void sim.handle(req, res));
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    stripe = new Stripe(SECRET_KEY, { host: '127.0.0.1', port: (server.address() as { port: number }).port, protocol: 'http', maxNetworkRetries: 0 });
  });
  afterAll(async () => {
    await new Promise((r) => server.close(r));
    await rm(dir, { recursive: true, force: true });
  });

  it('creates, retrieves and confirms PaymentIntents with Stripe’s shapes; Idempotency-Key replays', async () => {
    const pi = await stripe.paymentIntents.create({ amount: 800, currency: 'usd', metadata: { user_id: 'u1' } }, { idempotencyKey: 'k1' });
    expect(pi).toMatchObject({ object: 'payment_intent', amount: 800, currency: 'usd', status: 'requires_payment_method', metadata: { user_id: 'u1' } });
    expect(pi.client_secret).toMatch(new RegExp(`^${pi.id}_secret_`));
    const again = await stripe.paymentIntents.create({ amount: 800, currency: 'usd', metadata: { user_id: 'u1' } }, { idempotencyKey: 'k1' });
    expect(again.id).toBe(pi.id);
    await expect(stripe.paymentIntents.create({ amount: 900, currency: 'usd' }, { idempotencyKey: 'k1' })).rejects.toMatchObject({ type: 'StripeIdempotencyError' });
    expect((await stripe.paymentIntents.retrieve(pi.id)).amount).toBe(800);

    const declined = stripe.paymentIntents.confirm(pi.id, { payment_method_data: { type: 'card', card: { number: '4000000000000002', exp_month: 12, exp_year: 2034, cvc: '123' } } as never });
    await expect(declined).rejects.toMatchObject({ type: 'StripeCardError', code: 'card_declined', decline_code: 'generic_decline', message: 'Your card was declined.' });
    const ok = await stripe.paymentIntents.confirm(pi.id, { payment_method_data: { type: 'card', card: { number: '4242424242424242', exp_month: 12, exp_year: 2034, cvc: '123' } } as never });
    expect(ok.status).toBe('succeeded');
    expect(sent.map((e) => e.type)).toEqual(['payment_intent.created', 'payment_intent.payment_failed', 'payment_intent.succeeded']);
    await expect(stripe.paymentIntents.retrieve('pi_missing')).rejects.toMatchObject({ type: 'StripeInvalidRequestError', code: 'resource_missing' });
    await expect(stripe.paymentIntents.create({ amount: 10, currency: 'usd' })).rejects.toMatchObject({ code: 'amount_too_small' });
    const wrongKey = new Stripe('sk_test_wrong', { host: '127.0.0.1', port: (server.address() as { port: number }).port, protocol: 'http', maxNetworkRetries: 0 });
    await expect(wrongKey.paymentIntents.retrieve(pi.id)).rejects.toMatchObject({ type: 'StripeAuthenticationError' });
  });
});

describe('test cards and form bodies', () => {
  it('follows Stripe’s test cards', () => {
    const card = (number: string) => cardOutcome({ number, exp_month: '12', exp_year: '34', cvc: '123' }, new Date('2026-01-01'));
    expect(card('4242 4242 4242 4242')).toMatchObject({ ok: true, last4: '4242' });
    expect(card('4000000000000002')).toMatchObject({ ok: false, message: 'Your card was declined.' });
    expect(card('4000000000009995')).toMatchObject({ ok: false, decline_code: 'insufficient_funds', message: 'Your card has insufficient funds.' });
    expect(card('4242424242424241')).toMatchObject({ ok: false, code: 'incorrect_number' });
    expect(cardOutcome({ number: '4242424242424242', exp_month: '1', exp_year: '20', cvc: '123' }, new Date('2026-01-01'))).toMatchObject({ ok: false, code: 'invalid_expiry_year' });
  });

  it('parses bracketed form keys', () => {
    expect(parseStripeForm('amount=800&metadata[user_id]=u&payment_method_data[card][number]=42')).toEqual({ amount: '800', metadata: { user_id: 'u' }, payment_method_data: { card: { number: '42' } } });
  });
});
