import { describe, expect, it } from 'vitest';
import { purchaseResponseSchema } from '@shared/schemas/payments';
import { useLocalHost } from '../support/local-host';
import { callRoute, newUser } from './accounts-test-events';
import { confirmWithCard, getCoupon, getItem, paymentsOf, putCoupon, uniqueCode, waitFor } from './payments-test-support';

/**
 * Issue 27, item 1: a once-per-dealer coupon was reused. Eight purchases of the Starter Pack with a 50% coupon (one
 * redemption), each with its own idempotency key, all got a $4 PaymentIntent; three were paid: 24 credits at half
 * price, and the coupon showed one redemption. A new attempt must replace the dealer's open reservation (its
 * earlier intent can no longer be paid), never add a redemption.
 */
const { url } = useLocalHost();
const { ensureAccountInTable } = await import('../../functions/src/accounts/ensure-account-in-table');
const { DynamoDbCreditStore } = await import('../../functions/src/credits/dynamodb-credit-store');
const { keys } = await import('../../functions/src/adapters/dynamodb/keys');
const credits = new DynamoDbCreditStore();

const purchase = (user: { sub: string; email: string }, body: unknown, attempt: string) =>
  callRoute('POST /api/credits/purchase', { user, body, headers: { 'idempotency-key': attempt } });

describe('a once-per-dealer coupon across purchase attempts', () => {
  it('eight attempts, each with its own key, leave one payable discounted intent: paying them all buys 8 credits once', async () => {
    const user = newUser('coupon-reuse');
    await ensureAccountInTable(user);
    const code = uniqueCode('HALF');
    await putCoupon(code, { percent_off: 50, max_redemptions: 1 });
    const secrets: string[] = [];
    for (let i = 0; i < 8; i++) {
      const res = await purchase(user, { package_id: 'starter', coupon_code: code }, `attempt-${i}-${user.sub.slice(0, 8)}`);
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      const body = purchaseResponseSchema.parse(res.body);
      expect(body.amount_cents).toBe(400);
      secrets.push(body.client_secret);
    }
    // Every intent the dealer was given is tried with a good card.
    const paid = [];
    for (const secret of secrets) paid.push((await confirmWithCard(url, secret)).body.status === 'succeeded');
    expect(paid.filter(Boolean)).toHaveLength(1);
    expect(paid.at(-1)).toBe(true);

    const after = await waitFor(() => credits.read(user.sub, []), (r) => r.balance!.purchased_credits >= 8);
    await new Promise((r) => setTimeout(r, 3000)); // any late webhook of another intent would land by now
    expect((await credits.read(user.sub, [])).balance!.purchased_credits).toBe(after.balance!.purchased_credits);
    expect(after.balance!.purchased_credits).toBe(8);
    expect((await getCoupon(code))!.redemptions).toBe(1);
    expect(await getItem(keys.couponRedemption(code, user.sub))).toMatchObject({ state: 'redeemed' });
    const payments = await waitFor(() => paymentsOf(user.sub), (ps) => ps.filter((p) => p.status === 'canceled').length === 7);
    expect(payments.map((p) => p.status).sort()).toEqual([...Array(7).fill('canceled'), 'succeeded']);

    // Used: a ninth attempt is refused in the dealer's words.
    const again = await purchase(user, { package_id: 'starter', coupon_code: code }, `attempt-9-${user.sub.slice(0, 8)}`);
    expect(again).toMatchObject({ status: 400, body: { message: 'Invalid coupon code: You have already used this coupon.' } });
  }, 60_000);

  it('the same attempt retried answers the same intent and keeps it payable', async () => {
    const user = newUser('coupon-retry');
    await ensureAccountInTable(user);
    const code = uniqueCode('SAME');
    await putCoupon(code, { percent_off: 50, max_redemptions: 1 });
    const key = `same-${user.sub.slice(0, 8)}`;
    const first = purchaseResponseSchema.parse((await purchase(user, { package_id: 'starter', coupon_code: code }, key)).body);
    const second = purchaseResponseSchema.parse((await purchase(user, { package_id: 'starter', coupon_code: code }, key)).body);
    expect(second.payment_intent_id).toBe(first.payment_intent_id);
    expect((await confirmWithCard(url, first.client_secret)).body.status).toBe('succeeded');
    expect((await getCoupon(code))!.redemptions).toBe(1);
  });
});
