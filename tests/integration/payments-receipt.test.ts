import { describe, expect, it } from 'vitest';
import { useLocalHost } from '../support/local-host';
import { callRoute, newUser } from './accounts-test-events';
import { getPayment, postWebhook, putCoupon, signedEvent, stripeClient, uniqueCode } from './payments-test-support';

/** Issue 41, item 5: a receipt for each purchase, once per payment however often Stripe delivers its success. */
const { url } = useLocalHost();
const { ensureAccountInTable } = await import('../../functions/src/accounts/ensure-account-in-table');

interface Mail { to: string; subject: string; text: string; html: string }
const receiptsTo = async (address: string): Promise<Mail[]> =>
  ((await (await fetch(`${url}/_local/mailbox/messages.json?to=${encodeURIComponent(address)}`)).json()) as { messages: Mail[] }).messages.filter((m) =>
    m.subject.startsWith('Your Studio Lot receipt'),
  );

/** A dealer's purchase (a real PaymentIntent in the simulator) and its payment_intent.succeeded event, signed. */
async function purchase(label: string, body: Record<string, unknown>) {
  const dealer = newUser(label);
  await ensureAccountInTable(dealer);
  const res = await callRoute('POST /api/credits/purchase', { user: dealer, body });
  expect(res.status).toBe(200);
  const pi = (await stripeClient().paymentIntents.retrieve(res.body.payment_intent_id)) as unknown as Record<string, unknown> & { id: string; amount: number };
  const succeeded = signedEvent('payment_intent.succeeded', { ...pi, status: 'succeeded', amount_received: pi.amount });
  return { dealer, pi, succeeded };
}

describe('the purchase receipt', () => {
  it('one payment_intent.succeeded delivered 5 times at once and again later (another event id, as Stripe resends): one receipt with the amount, credits and date', async () => {
    const { dealer, pi, succeeded } = await purchase('receipt', { package_id: 'starter' });
    const answers = await Promise.all(Array.from({ length: 5 }, () => postWebhook(url, succeeded.payload, succeeded.signature)));
    expect(answers.map((a) => a.status)).toEqual(Array(5).fill(200));
    const again = signedEvent('payment_intent.succeeded', succeeded.event.data.object);
    expect((await postWebhook(url, again.payload, again.signature)).body.outcome).toBe('duplicate');

    const receipts = await receiptsTo(dealer.email);
    expect(receipts).toHaveLength(1);
    const payment = (await getPayment(pi.id))!;
    expect(payment).toMatchObject({ status: 'succeeded', receipt_mail: 'sent' });
    expect(receipts[0]!.subject).toBe('Your Studio Lot receipt: 8 credits, $8.00');
    expect(receipts[0]!.text).toContain(`Date: ${payment.succeeded_at!.slice(0, 10)}`);
    expect(receipts[0]!.text).toContain('Amount paid: $8.00');
    expect(receipts[0]!.text).toContain(`Reference: ${pi.id}`);
    expect(receipts[0]!.text).not.toContain('Coupon');
    // Exactly one delivery says it mailed it.
    expect(answers.filter((a) => String(a.body.detail).includes('receipt mailed'))).toHaveLength(1);
  });

  it('a purchase with a coupon: the receipt names the coupon and its discount', async () => {
    const code = uniqueCode('RCPT');
    await putCoupon(code, { percent_off: 25 });
    const { dealer, succeeded } = await purchase('receipt-coupon', { package_id: 'starter', coupon_code: code });
    expect((await postWebhook(url, succeeded.payload, succeeded.signature)).body.outcome).toBe('fulfilled');
    const [receipt, ...more] = await receiptsTo(dealer.email);
    expect(more).toEqual([]);
    expect(receipt!.text).toContain(`Price: $8.00\nCoupon: ${code} (-$2.00)\nAmount paid: $6.00`);
  });
});
