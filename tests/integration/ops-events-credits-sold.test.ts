import { describe, expect, it, vi } from 'vitest';
import { useLocalHost } from '../support/local-host';
import { callRoute, newUser } from './accounts-test-events';
import { getPayment, signedEvent, stripeClient } from './payments-test-support';

/**
 * The "credits sold" ops event (the Ops dashboard's CreditsSold metric in AWS): logged once per fulfilled purchase, with
 * the credits and the amount paid, however often Stripe delivers the success. The webhook's use case runs in this
 * process (the real adapters against the shared host) so its log lines can be watched.
 */
useLocalHost();
const { ensureAccountInTable } = await import('../../functions/src/accounts/ensure-account-in-table');
const { webhookDeps } = await import('../../functions/src/payments/payment-deps');
const { handleStripeWebhook } = await import('../../functions/src/payments/stripe-webhook');
const { logger } = await import('../../functions/src/lib/logger');
const { OPS_EVENTS } = await import('../../functions/src/lib/ops-events');

describe('ops event: credits sold', () => {
  it('a purchase whose success is delivered three times logs one credits-sold event with its credits and amount', async () => {
    const dealer = newUser('ops-sold');
    await ensureAccountInTable(dealer);
    const purchase = await callRoute('POST /api/credits/purchase', { user: dealer, body: { package_id: 'starter' } });
    expect(purchase.status).toBe(200);
    const pi = (await stripeClient().paymentIntents.retrieve(purchase.body.payment_intent_id)) as unknown as Record<string, unknown> & { id: string };
    const { payload, signature } = signedEvent('payment_intent.succeeded', { ...pi, status: 'succeeded' });

    const logged = vi.spyOn(logger, 'info');
    const deps = webhookDeps();
    const outcomes = [];
    for (let i = 0; i < 3; i++) outcomes.push((await handleStripeWebhook(deps, Buffer.from(payload), signature)).outcome);
    const calls = [...logged.mock.calls];
    logged.mockRestore();

    expect(outcomes).toEqual(['fulfilled', 'duplicate', 'duplicate']);
    const payment = (await getPayment(pi.id))!;
    const sold = calls.filter(([message]) => message === OPS_EVENTS.creditsSold).map(([, fields]) => fields);
    expect(sold).toEqual([{ credits: payment.credits, amountCents: payment.amount_cents }]);
    expect(payment.credits).toBeGreaterThan(0);
  }, 60_000);
});
