import { describe, expect, it } from 'vitest';
import { purchaseResponseSchema, validateCouponResponseSchema } from '@shared/schemas/payments';
import { useLocalHost } from '../support/local-host';
import { callRoute, newUser } from './accounts-test-events';
import { confirmWithCard as confirmCard, getCoupon, getItem, getPayment, paymentsOf, putCoupon, stripeClient, uniqueCode, waitFor } from './payments-test-support';

const { url } = useLocalHost();
const { ensureAccountInTable } = await import('../../functions/src/accounts/ensure-account-in-table');
const { DynamoDbCreditStore } = await import('../../functions/src/credits/dynamodb-credit-store');
const { keys } = await import('../../functions/src/adapters/dynamodb/keys');
const credits = new DynamoDbCreditStore();

const dealer = async (label = 'buyer') => {
  const user = newUser(label);
  await ensureAccountInTable(user);
  return user;
};
const purchase = (user: { sub: string; email: string }, body: unknown) => callRoute('POST /api/credits/purchase', { user, body });

const confirmWithCard = (clientSecret: string, number: string) => confirmCard(url, clientSecret, number);

describe('POST /api/credits/purchase and /api/credits/validate-coupon', () => {
  it('charges the server price of the package; paying with 4242… grants the credits through the simulator’s signed webhook', async () => {
    const user = await dealer();
    // A return address of another site is not taken (the card form sends Stripe.js its own page), nor anything else unknown.
    const elsewhere = await purchase(user, { package_id: 'small-business', return_url: 'https://evil.example/thanks' });
    expect(elsewhere.status).toBe(400);
    expect(JSON.stringify(elsewhere.body)).toContain('Unknown field: return_url');
    const res = await purchase(user, { package_id: 'small-business' });
    expect(res.status).toBe(200);
    const body = purchaseResponseSchema.parse(res.body);
    expect(body).toMatchObject({ amount_cents: 2400, credits: 30, currency: 'usd' });
    const pi = await stripeClient().paymentIntents.retrieve(body.payment_intent_id);
    expect(pi).toMatchObject({ amount: 2400, currency: 'usd', status: 'requires_payment_method', metadata: { user_id: user.sub, package_id: 'small-business', credits: '30', coupon_code: '' } });
    expect(await getPayment(pi.id)).toMatchObject({ status: 'pending', amount_cents: 2400, list_price_cents: 2400, email: user.email, GSI1PK: 'PAYMENTS' });

    const paid = await confirmWithCard(body.client_secret, '4242424242424242');
    expect(paid.status).toBe(200);
    expect(paid.body.status).toBe('succeeded');
    const after = await waitFor(() => credits.read(user.sub, []), (r) => r.balance!.purchased_credits === 30);
    expect(after.balance).toMatchObject({ purchased_credits: 30, trial_credits: 5 });
    // The grant comes first, then the payment's own move to succeeded.
    expect((await waitFor(() => getPayment(pi.id), (p) => p?.status === 'succeeded'))!.status).toBe('succeeded');
  });

  it('a declined card grants nothing, answers Stripe’s message, and the same intent can then be paid', async () => {
    const user = await dealer('declined');
    const { body } = await purchase(user, { package_id: 'starter' });
    const declined = await confirmWithCard(body.client_secret, '4000000000000002');
    expect(declined.status).toBe(402);
    expect(declined.body.error).toMatchObject({ type: 'card_error', code: 'card_declined', decline_code: 'generic_decline', message: 'Your card was declined.' });
    const poor = await confirmWithCard(body.client_secret, '4000000000009995');
    expect(poor.body.error.message).toBe('Your card has insufficient funds.');
    const failed = await waitFor(() => getPayment(body.payment_intent_id), (p) => p?.status_detail === 'Your card has insufficient funds.');
    expect(failed).toMatchObject({ status: 'failed' });
    expect((await credits.read(user.sub, [])).balance!.purchased_credits).toBe(0);

    expect((await confirmWithCard(body.client_secret, '4242424242424242')).status).toBe(200);
    await waitFor(() => getPayment(body.payment_intent_id), (p) => p?.status === 'succeeded');
    expect((await credits.read(user.sub, [])).balance!.purchased_credits).toBe(8);
  });

  it('a coupon with 1 redemption left, used by 20 dealers at once: exactly one gets the discount', async () => {
    const code = uniqueCode('LAST');
    await putCoupon(code, { percent_off: 25, max_redemptions: 5, redemptions: 4 });
    const dealers = await Promise.all(Array.from({ length: 20 }, () => dealer('race')));
    const answers = await Promise.all(dealers.map((d) => purchase(d, { package_id: 'starter', coupon_code: code })));
    const won = answers.filter((a) => a.status === 200);
    expect(won).toHaveLength(1);
    expect(won[0]!.body.amount_cents).toBe(600);
    const withPayment = (await Promise.all(dealers.map((d) => paymentsOf(d.sub)))).filter((p) => p.length > 0);
    expect(withPayment).toHaveLength(1);
    expect(withPayment[0]![0]).toMatchObject({ amount_cents: 600, discount_cents: 200, coupon_code: code });
    for (const lost of answers.filter((a) => a.status !== 200)) {
      expect(lost.status).toBe(400);
      expect(lost.body.message).toBe('Invalid coupon code: This coupon has been fully redeemed.');
    }
    expect((await getCoupon(code))!.redemptions).toBe(5);
    const pi = await stripeClient().paymentIntents.retrieve(won[0]!.body.payment_intent_id);
    expect(pi.amount).toBe(600);
  });

  it('coupon rules: trimmed and upper-cased, percent or fixed, expiry, package limits, active flag, once per dealer; used on success', async () => {
    const user = await dealer('coupons');
    const code = uniqueCode('TEN');
    await putCoupon(code, { kind: 'fixed', percent_off: null, amount_off_cents: 1000, package_ids: ['small-business', 'professional'] });
    const check = (body: unknown) => callRoute('POST /api/credits/validate-coupon', { user, body });
    const ok = await check({ coupon_code: `  ${code.toLowerCase()} `, package_id: 'small-business' });
    expect(ok.status).toBe(200);
    expect(validateCouponResponseSchema.parse(ok.body)).toMatchObject({ list_price: 2400, final_price: 1400, discount_cents: 1000, discount_value: 42 });
    expect((await check({ coupon_code: code, package_id: 'starter' })).body.message).toBe('Invalid coupon code: This coupon does not apply to this package.');
    expect((await check({ coupon_code: 'NOPE-NOT-A-COUPON', package_id: 'starter' })).body.message).toBe('Invalid coupon code: This coupon code does not exist.');
    const expired = uniqueCode('OLD');
    await putCoupon(expired, { expires_at: new Date(Date.now() - 1000).toISOString() });
    expect((await check({ coupon_code: expired, package_id: 'starter' })).body.message).toBe('Invalid coupon code: This coupon has expired.');
    const off = uniqueCode('OFF');
    await putCoupon(off, { active: false });
    expect((await check({ coupon_code: off, package_id: 'starter' })).status).toBe(400);
    expect((await purchase(user, { package_id: 'starter', coupon_code: off })).body.message).toBe('Invalid coupon code: This coupon is no longer active.');
    // Validation reserves nothing.
    expect((await getCoupon(code))!.redemptions).toBe(0);

    const bought = await purchase(user, { package_id: 'professional', coupon_code: code.toLowerCase() });
    expect(bought.body.amount_cents).toBe(5000);
    expect(await getItem(keys.couponRedemption(code, user.sub))).toMatchObject({ state: 'reserved', payment_intent_id: bought.body.payment_intent_id });
    await confirmWithCard(bought.body.client_secret, '4242424242424242');
    await waitFor(() => getItem<{ state: string }>(keys.couponRedemption(code, user.sub)), (r) => r?.state === 'redeemed');
    expect((await getCoupon(code))!.redemptions).toBe(1);
    expect((await check({ coupon_code: code, package_id: 'professional' })).body.message).toBe('Invalid coupon code: You have already used this coupon.');
  });

  it('a declined discounted payment releases the coupon for others', async () => {
    const code = uniqueCode('ONE');
    await putCoupon(code, { max_redemptions: 1 });
    const first = await dealer('release');
    const res = await purchase(first, { package_id: 'starter', coupon_code: code });
    expect((await getCoupon(code))!.redemptions).toBe(1);
    const other = await dealer('release');
    expect((await purchase(other, { package_id: 'starter', coupon_code: code })).status).toBe(400);
    await confirmWithCard(res.body.client_secret, '4000000000000002');
    await waitFor(() => getCoupon(code), (c) => c!.redemptions === 0);
    expect(await getItem(keys.couponRedemption(code, first.sub))).toBeUndefined();
    expect((await purchase(other, { package_id: 'starter', coupon_code: code })).body.amount_cents).toBe(400);
  });

  const tampered: [string, unknown, RegExp][] = [
    ['an amount field', { package_id: 'starter', amount: 1 }, /Unknown field: amount/],
    ['an amount_cents field', { package_id: 'starter', amount_cents: 1 }, /Unknown field: amount_cents/],
    ['a price inside the body', { package_id: 'starter', price_cents: 1, credits: 1000 }, /Unknown field/],
    ['an unknown package', { package_id: 'platinum' }, /no credit package "platinum"/],
    ['a package id with a key prefix', { package_id: 'PACKAGE#starter' }, /no credit package/],
    ['an unknown coupon', { package_id: 'starter', coupon_code: 'FREE100' }, /Invalid coupon code/],
    ['a coupon with bad characters', { package_id: 'starter', coupon_code: 'FREE 100%' }, /coupon_code may only contain/],
    ['a user id', { package_id: 'starter', user_id: 'someone-else' }, /Unknown field: user_id/],
    ['metadata', { package_id: 'starter', metadata: { credits: '1000' } }, /Unknown field: metadata/],
  ];
  for (const [name, body, message] of tampered) {
    it(`a request with ${name} is refused with 400 and creates nothing`, async () => {
      const user = await dealer('tamper');
      const res = await purchase(user, body);
      expect(res.status).toBe(400);
      expect(res.body.message).toMatch(message);
      expect(await paymentsOf(user.sub)).toEqual([]);
    });
  }

  it('a retried purchase (same Idempotency-Key) answers the same PaymentIntent; signed-out callers get 401 from the gateway', async () => {
    const user = await dealer('retry');
    const { loadHandler, lambdaContext } = await import('../../infra/local/handler-loader');
    const handler = await loadHandler('purchase-credits');
    const call = async () => {
      const event = {
        version: '2.0', routeKey: 'POST /api/credits/purchase', rawPath: '/api/credits/purchase', rawQueryString: '',
        headers: { 'content-type': 'application/json', 'idempotency-key': `retry-${user.sub}` }, isBase64Encoded: false,
        body: JSON.stringify({ package_id: 'starter' }),
        requestContext: { http: { method: 'POST', path: '/api/credits/purchase', sourceIp: '127.0.0.1' }, requestId: 'r', authorizer: { jwt: { claims: { sub: user.sub }, scopes: [] } } },
      };
      const out = (await handler(event, lambdaContext('purchase-credits'))) as { statusCode: number; body: string };
      return JSON.parse(out.body);
    };
    const [a, b] = await Promise.all([call(), call()]);
    expect(a.payment_intent_id).toBe(b.payment_intent_id);
    const anonymous = await fetch(`${url}/api/credits/purchase`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"package_id":"starter"}' });
    expect(anonymous.status).toBe(401);
  });
});
