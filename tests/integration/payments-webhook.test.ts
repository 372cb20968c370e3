import { describe, expect, it } from 'vitest';
import { useLocalHost } from '../support/local-host';
import { callRoute, newUser } from './accounts-test-events';
import { deliveriesOf, getPayment, postWebhook, signedEvent, stripeClient } from './payments-test-support';

const { url } = useLocalHost();
const { ensureAccountInTable } = await import('../../functions/src/accounts/ensure-account-in-table');
const { DynamoDbCreditStore } = await import('../../functions/src/credits/dynamodb-credit-store');
const { DynamoDbAccountStore } = await import('../../functions/src/accounts/dynamodb-account-store');
const credits = new DynamoDbCreditStore();
const accounts = new DynamoDbAccountStore();

/** A dealer with a pending Starter Pack purchase (a real PaymentIntent in the simulator, never confirmed). */
async function pendingPurchase() {
  const dealer = newUser('webhook');
  await ensureAccountInTable(dealer);
  const res = await callRoute('POST /api/credits/purchase', { user: dealer, body: { package_id: 'starter' } });
  expect(res.status).toBe(200);
  const pi = await stripeClient().paymentIntents.retrieve(res.body.payment_intent_id);
  return { dealer, pi: pi as unknown as Record<string, unknown> & { id: string; amount: number } };
}

describe('POST /api/stripe/webhook', () => {
  it('one payment_intent.succeeded delivered 10 times at once, out of order with its created event: credits granted once, 1 fulfilled and 9 duplicates', async () => {
    const { dealer, pi } = await pendingPurchase();
    const created = signedEvent('payment_intent.created', { ...pi, status: 'requires_payment_method' });
    const succeeded = signedEvent('payment_intent.succeeded', { ...pi, status: 'succeeded', amount_received: pi.amount });
    // The created event goes last, after all ten copies of the succeeded one were sent.
    const sends = Array.from({ length: 10 }, () => postWebhook(url, succeeded.payload, succeeded.signature));
    sends.push(postWebhook(url, created.payload, created.signature));
    const answers = await Promise.all(sends);
    expect(answers.map((a) => a.status)).toEqual(Array(11).fill(200));

    const { balance, entries } = await credits.read(dealer.sub, [`PURCHASE#${pi.id}`]);
    expect(balance!.purchased_credits).toBe(8);
    expect(entries.get(`PURCHASE#${pi.id}`)?.credits).toBe(8);
    expect((await credits.listAll(dealer.sub)).filter((e) => e.kind === 'purchase')).toHaveLength(1);

    const outcomes = (await deliveriesOf(succeeded.event.id)).map((d) => d.outcome).sort();
    expect(outcomes).toEqual(['duplicate', ...Array(8).fill('duplicate'), 'fulfilled'].sort());
    expect((await deliveriesOf(created.event.id)).map((d) => d.outcome)).toEqual(['ignored']);

    const payment = await getPayment(pi.id);
    expect(payment).toMatchObject({ status: 'succeeded', credits: 8, amount_cents: 800, user_id: dealer.sub, GSI1PK: 'PAYMENTS' });
    const profile = await accounts.getProfile(dealer.sub);
    expect(profile).toMatchObject({ user_type: 'subscriber', total_credits_purchased: 8 });
    expect(profile!.first_purchase_date).toBe(payment!.succeeded_at);

    // Delivered again later (Stripe retries), and a failure event arriving after the success: nothing changes.
    expect((await postWebhook(url, succeeded.payload, signedEvent('x', {}).signature.replace(/v1=\w+/, 'v1=0'))).status).toBe(400);
    const resent = signedEvent('payment_intent.succeeded', succeeded.event.data.object, { id: succeeded.event.id });
    expect((await postWebhook(url, resent.payload, resent.signature)).body.outcome).toBe('duplicate');
    const lateFailure = signedEvent('payment_intent.payment_failed', { ...pi, status: 'requires_payment_method', last_payment_error: { message: 'Your card was declined.' } });
    expect((await postWebhook(url, lateFailure.payload, lateFailure.signature)).status).toBe(200);
    expect((await getPayment(pi.id))!.status).toBe('succeeded');
    expect((await credits.read(dealer.sub, [])).balance!.purchased_credits).toBe(8);
    expect((await accounts.getProfile(dealer.sub))!.total_credits_purchased).toBe(8);
  });

  const refusals: [string, (ev: ReturnType<typeof signedEvent>) => { payload: string; signature: string }][] = [
    ['a bad signature', (ev) => ({ payload: ev.payload, signature: signedEvent('payment_intent.succeeded', ev.event.data.object, { id: ev.event.id, secret: 'whsec_not_ours' }).signature })],
    ['a stale timestamp (10 minutes old)', (ev) => {
      const old = signedEvent('payment_intent.succeeded', ev.event.data.object, { id: ev.event.id, timestamp: Math.floor(Date.now() / 1000) - 600 });
      return { payload: old.payload, signature: old.signature };
    }],
    ['a timestamp a day ahead', (ev) => {
      const ahead = signedEvent('payment_intent.succeeded', ev.event.data.object, { id: ev.event.id, timestamp: Math.floor(Date.now() / 1000) + 86_400 });
      return { payload: ahead.payload, signature: ahead.signature };
    }],
    ['a body re-serialized after parsing', (ev) => ({ payload: JSON.stringify(JSON.parse(ev.payload)), signature: ev.signature })],
    ['no signature header', (ev) => ({ payload: ev.payload, signature: '' })],
  ];
  for (const [name, tamper] of refusals) {
    it(`${name}: 400, nothing granted, nothing stored`, async () => {
      const { dealer, pi } = await pendingPurchase();
      const genuine = signedEvent('payment_intent.succeeded', { ...pi, status: 'succeeded' });
      const { payload, signature } = tamper(genuine);
      const res = await fetch(`${url}/api/stripe/webhook`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...(signature ? { 'stripe-signature': signature } : {}) },
        body: payload,
      });
      expect(res.status).toBe(400);
      expect((await res.json()).message).toMatch(/signature/i);
      expect((await credits.read(dealer.sub, [])).balance!.purchased_credits).toBe(0);
      expect(await deliveriesOf(genuine.event.id)).toEqual([]);
      expect((await getPayment(pi.id))!.status).toBe('pending');
      // The genuine delivery still works afterwards.
      expect((await postWebhook(url, genuine.payload, genuine.signature)).body.outcome).toBe('fulfilled');
    });
  }

  it('a signed event without its created time: 400 with a message, nothing granted, nothing stored', async () => {
    const { dealer, pi } = await pendingPurchase();
    const odd = signedEvent('payment_intent.succeeded', { ...pi, status: 'succeeded' }, { without: 'created' });
    const res = await postWebhook(url, odd.payload, odd.signature);
    expect(res.status).toBe(400);
    expect(res.body.message).toMatch(/created time/);
    expect(await deliveriesOf(odd.event.id)).toEqual([]);
    expect((await credits.read(dealer.sub, [])).balance!.purchased_credits).toBe(0);
    expect((await getPayment(pi.id))!.status).toBe('pending');
  });

  it('refunds and disputes are recorded on the payment (credits kept), never before the success; unknown types are ignored', async () => {
    const { dealer, pi } = await pendingPurchase();
    const charge = { id: 'ch_test_1', object: 'charge', amount: 800, amount_refunded: 300, refunded: false, payment_intent: pi.id };
    const early = signedEvent('charge.refunded', charge);
    const tooEarly = await postWebhook(url, early.payload, early.signature);
    expect(tooEarly.status).toBe(409); // Stripe retries it
    expect((await deliveriesOf(early.event.id)).map((d) => d.outcome)).toEqual(['failed']);

    const ok = signedEvent('payment_intent.succeeded', { ...pi, status: 'succeeded' });
    expect((await postWebhook(url, ok.payload, ok.signature)).body.outcome).toBe('fulfilled');
    const again = signedEvent('charge.refunded', charge, { id: early.event.id });
    expect((await postWebhook(url, again.payload, again.signature)).body.outcome).toBe('recorded');
    expect(await getPayment(pi.id)).toMatchObject({ status: 'partially_refunded', refunded_cents: 300 });
    // An older, smaller refund event arriving late changes nothing.
    const full = signedEvent('charge.refunded', { ...charge, amount_refunded: 800, refunded: true });
    expect((await postWebhook(url, full.payload, full.signature)).status).toBe(200);
    const older = signedEvent('charge.refunded', { ...charge, amount_refunded: 100 });
    expect((await postWebhook(url, older.payload, older.signature)).status).toBe(200);
    expect(await getPayment(pi.id)).toMatchObject({ status: 'refunded', refunded_cents: 800 });
    const dispute = signedEvent('charge.dispute.created', { id: 'dp_1', object: 'dispute', amount: 800, reason: 'fraudulent', payment_intent: pi.id });
    expect((await postWebhook(url, dispute.payload, dispute.signature)).body.outcome).toBe('recorded');
    expect(await getPayment(pi.id)).toMatchObject({ status: 'disputed', status_detail: 'dispute: fraudulent' });
    expect((await credits.read(dealer.sub, [])).balance!.purchased_credits).toBe(8);

    const other = signedEvent('customer.created', { id: 'cus_1', object: 'customer' });
    expect((await postWebhook(url, other.payload, other.signature)).body.outcome).toBe('ignored');
  });
});
