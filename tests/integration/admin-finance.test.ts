import { randomUUID } from 'node:crypto';
import { DeleteCommand, GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { describe, expect, it } from 'vitest';
import { API_ROUTES } from '@shared/api-routes';
import { BONUS_CREDIT_LIFETIME_MS } from '@shared/limits';
import { ADMIN_MESSAGES, MESSAGES } from '@shared/messages';
import {
  adminCouponsResponseSchema,
  adminCreditPackagesResponseSchema,
  adminPaymentsResponseSchema,
  adminStripeEventDetailSchema,
  adminStripeEventsResponseSchema,
  grantBonusResponseSchema,
} from '@shared/schemas';
import { useLocalHost } from '../support/local-host';
import { callRoute, newUser } from './accounts-test-events';

useLocalHost();
const { ensureAccountInTable } = await import('../../functions/src/accounts/ensure-account-in-table');
const { DynamoDbAccountStore } = await import('../../functions/src/accounts/dynamodb-account-store');
const { promoteToSuperUser } = await import('../../functions/src/accounts/super-user');
const { DynamoDbCreditStore } = await import('../../functions/src/credits/dynamodb-credit-store');
const { DynamoDbCreditPackageRepository } = await import('../../functions/src/credits/dynamodb-credit-package-repository');
const { dynamo, tableName } = await import('../../functions/src/adapters/dynamodb/client');
const { keys } = await import('../../functions/src/adapters/dynamodb/keys');
type PaymentRecord = import('../../functions/src/payments/payment-records').PaymentRecord;
type StripeEventRecord = import('../../functions/src/payments/payment-records').StripeEventRecord;
type StripeDeliveryRecord = import('../../functions/src/payments/payment-records').StripeDeliveryRecord;

const accounts = new DynamoDbAccountStore();
const credits = new DynamoDbCreditStore();
const put = (Item: Record<string, unknown>) => dynamo().send(new PutCommand({ TableName: tableName(), Item }));
const get = async (Key: { PK: string; SK: string }) => (await dynamo().send(new GetCommand({ TableName: tableName(), Key, ConsistentRead: true }))).Item;

async function superUser() {
  const user = newUser('finance');
  await ensureAccountInTable(user);
  await promoteToSuperUser(accounts, user.email);
  return user;
}
async function dealer(label = 'dealer') {
  const user = newUser(label);
  await ensureAccountInTable(user);
  return user;
}
const code = () => `T${randomUUID().replace(/-/g, '').slice(0, 12).toUpperCase()}`;

/** What the purchase flow and the webhook store (their shapes), written straight to the table. */
async function seedPayment(p: Partial<PaymentRecord> & { payment_intent_id: string; created_at: string }) {
  const record: PaymentRecord = {
    entity: 'payment', user_id: 'u', email: 'buyer@example.com', dealer_name: 'Harbor Motors', package_id: 'starter', package_name: 'Starter Pack',
    credits: 8, list_price_cents: 800, discount_cents: 0, amount_cents: 800, refunded_cents: 0, currency: 'usd', coupon_code: null,
    status: 'succeeded', status_detail: null, succeeded_at: p.created_at, updated_at: p.created_at, ...p,
  };
  await put({ ...keys.payment(record.payment_intent_id), ...keys.paymentIndex(record.created_at, record.payment_intent_id), ...record });
  return record;
}
async function seedEvent(eventId: string, receivedAt: string[], outcomes: StripeDeliveryRecord['outcome'][]) {
  const payload = { id: eventId, type: 'payment_intent.succeeded', data: { object: { id: `pi_${eventId}`, amount: 800, metadata: { package_id: 'starter' } } } };
  const event: StripeEventRecord = {
    entity: 'stripe_event', event_id: eventId, type: 'payment_intent.succeeded', created_at: receivedAt[0]!, received_at: receivedAt[0]!,
    payload_json: JSON.stringify(payload), payment_intent_id: `pi_${eventId}`, livemode: false,
  };
  await put({ ...keys.stripeEvent(eventId), ...event });
  for (const [i, at] of receivedAt.entries()) {
    const delivery: StripeDeliveryRecord = {
      entity: 'stripe_delivery', delivery_id: `${eventId}-d${i}`, event_id: eventId, type: event.type, received_at: at, outcome: outcomes[i]!,
      detail: outcomes[i] === 'fulfilled' ? 'credits granted: 8' : 'already fulfilled', payment_intent_id: event.payment_intent_id, livemode: false,
    };
    await put({ ...keys.stripeEventDelivery(eventId, delivery.delivery_id), ...keys.stripeDeliveryIndex(at, delivery.delivery_id), ...delivery });
  }
  return payload;
}

const ADMIN_ROUTES = API_ROUTES.filter((r) => r.access === 'super');
const PARAMS = { id: 'starter', code: 'SOMECODE' };

describe('admin area: access', () => {
  it('covers the nine finance routes, all super-user only', () => {
    // The other super-user routes belong to the inbox, health, dealers (and their API usage), trial links, operations and
    // the batch processor.
    const others = /^(get-admin-inbox|get-admin-health|get-admin-operations|find-admin-dealer|list-admin-dealer-transactions|set-admin-dealer-role|get-admin-api-usage|.*-admin-trial-links?|.*-batch)$/;
    const finance = ADMIN_ROUTES.map((r) => r.handler).filter((h) => !others.test(h));
    expect(finance.sort()).toEqual(
      [
        'list-admin-payments', 'list-admin-stripe-events', 'get-admin-stripe-event', 'list-admin-coupons', 'create-admin-coupon',
        'disable-admin-coupon', 'grant-admin-bonus-credits', 'list-admin-credit-packages', 'update-admin-credit-package',
      ].sort(),
    );
  });

  it('every admin route: 401 without a user, 403 for a standard user (even with a valid body), and nothing written', async () => {
    const standard = await dealer('standard');
    const target = await dealer('target');
    const coupon = code();
    const bodies: Record<string, unknown> = {
      'create-admin-coupon': { code: coupon, kind: 'percent', percent_off: 50 },
      'grant-admin-bonus-credits': { email: target.email, credits: 50, reason: 'self-service', idempotency_key: 'try' },
      'update-admin-credit-package': { price_cents: 50 },
    };
    for (const route of ADMIN_ROUTES) {
      const key = `${route.method} ${route.path}`;
      const opts = { pathParameters: route.path.includes('{') ? PARAMS : undefined, body: bodies[route.handler] };
      const anonymous = await callRoute(key, opts);
      expect(anonymous.status, key).toBe(401);
      const refused = await callRoute(key, { ...opts, user: standard });
      expect(refused.status, key).toBe(403);
      expect(refused.body.message, key).toBe(MESSAGES.forbiddenSuperUser);
    }
    expect(await get(keys.coupon(coupon))).toBeUndefined();
    expect((await credits.listAll(target.sub)).map((e) => e.kind)).toEqual(['trial_grant']);
    expect((await get(keys.creditPackage('starter')))!.price_cents).toBe(800);
  }, 60_000);
});

describe('admin area: bonus credits', () => {
  it('a grant retried with the same idempotency key (6 times, 5 at once) grants once; the ledger names the granter and the reason', async () => {
    const admin = await superUser();
    const target = await dealer('bonus');
    const body = { email: target.email.toUpperCase(), credits: 10, reason: 'Launch partner', idempotency_key: `grant-${randomUUID()}` };
    const results = await Promise.all([1, 2, 3, 4, 5].map(() => callRoute('POST /api/admin/bonus-credits', { user: admin, body })));
    results.push(await callRoute('POST /api/admin/bonus-credits', { user: admin, body }));
    for (const r of results) expect(r.status).toBe(200);
    const answers = results.map((r) => grantBonusResponseSchema.parse(r.body));
    expect(answers.filter((a) => !a.replayed).length).toBe(1);
    expect(new Set(answers.map((a) => a.transaction_id)).size).toBe(1);
    expect(answers[0]).toMatchObject({ user_id: target.sub, email: target.email, credits: 10, total_credits: 15 });

    const grants = (await credits.listAll(target.sub)).filter((e) => e.kind === 'bonus_grant');
    expect(grants.length).toBe(1);
    expect(grants[0]!.description).toBe(`Bonus credits from ${admin.email}: Launch partner`);
    expect(grants[0]!.metadata).toMatchObject({ granted_by: admin.sub, granted_by_email: admin.email, reason: 'Launch partner' });
    expect(Date.parse(answers[0]!.expires_at) - Date.parse(grants[0]!.created_at)).toBe(BONUS_CREDIT_LIFETIME_MS);
    const { balance } = await credits.read(target.sub, []);
    expect(balance!.bonus_lots.map((l) => [l.credits, l.expires_at])).toEqual([[10, answers[0]!.expires_at]]);

    // The same key for another amount is refused, not taken for the first grant.
    const reused = await callRoute('POST /api/admin/bonus-credits', { user: admin, body: { ...body, credits: 11 } });
    expect(reused.status).toBe(409);
    expect(reused.body.message).toBe(MESSAGES.idempotencyKeyReused);
  }, 60_000);

  it('bad input gets a clear 4xx and grants nothing', async () => {
    const admin = await superUser();
    const target = await dealer('bonus-bad');
    const ok = { email: target.email, credits: 5, reason: 'Goodwill', idempotency_key: 'k-1' };
    const cases: Array<[unknown, number, string | RegExp]> = [
      [{ ...ok, credits: 0 }, 400, 'credits must be at least 1'],
      [{ ...ok, credits: 10_001 }, 400, 'credits must be at most 10000'],
      [{ ...ok, credits: 2.5 }, 400, /credits/],
      [{ ...ok, credits: '5' }, 400, /credits/],
      [{ ...ok, reason: '   ' }, 400, 'reason is required'],
      [{ ...ok, email: 'not-an-email' }, 400, 'email must be an e-mail address'],
      [{ ...ok, idempotency_key: undefined }, 400, /idempotency_key/],
      [{ ...ok, user_id: target.sub }, 400, 'Unknown field: user_id'],
      [{ ...ok, email: 'nobody-signed-in@example.com' }, 404, ADMIN_MESSAGES.noDealer('nobody-signed-in@example.com')],
    ];
    for (const [body, status, message] of cases) {
      const res = await callRoute('POST /api/admin/bonus-credits', { user: admin, body });
      expect(res.status, JSON.stringify(body)).toBe(status);
      if (typeof message === 'string') expect(res.body.message).toBe(message);
      else expect(res.body.message).toMatch(message);
    }
    const raw = await callRoute('POST /api/admin/bonus-credits', { user: admin, rawBody: '{"email": ' });
    expect(raw.status).toBe(400);
    expect((await credits.listAll(target.sub)).map((e) => e.kind)).toEqual(['trial_grant']);
  }, 60_000);
});

describe('admin area: coupons', () => {
  it('a code is created once: 5 concurrent creates give one 201 and four 409s; listed, then disabled', async () => {
    const admin = await superUser();
    const c = code();
    const body = { code: ` ${c.toLowerCase()} `, kind: 'percent', percent_off: 20, max_redemptions: 3, package_ids: ['starter', 'professional'], expires_at: '2099-01-01T00:00:00Z' };
    const results = await Promise.all([1, 2, 3, 4, 5].map(() => callRoute('POST /api/admin/coupons', { user: admin, body })));
    expect(results.map((r) => r.status).sort()).toEqual([201, 409, 409, 409, 409]);
    expect(results.find((r) => r.status === 409)!.body.message).toBe(ADMIN_MESSAGES.couponExists(c));
    const again = await callRoute('POST /api/admin/coupons', { user: admin, body: { code: c, kind: 'fixed', amount_off_cents: 100 } });
    expect(again.status).toBe(409);
    // The stored coupon is the first one, untouched by the refused creates.
    expect(await get(keys.coupon(c))).toMatchObject({ code: c, kind: 'percent', percent_off: 20, amount_off_cents: null, redemptions: 0, active: true, created_by: admin.email });

    const list = adminCouponsResponseSchema.parse((await callRoute('GET /api/admin/coupons', { user: admin })).body);
    expect(list.coupons.find((x) => x.code === c)).toMatchObject({
      max_redemptions: 3, package_ids: ['starter', 'professional'], expires_at: '2099-01-01T00:00:00.000Z', redemptions: 0, active: true,
    });
    const disabled = await callRoute('POST /api/admin/coupons/{code}/disable', { user: admin, pathParameters: { code: c } });
    expect(disabled.status).toBe(200);
    expect(disabled.body.coupon).toMatchObject({ code: c, active: false });
    expect((await get(keys.coupon(c)))!.active).toBe(false);
    const missing = await callRoute('POST /api/admin/coupons/{code}/disable', { user: admin, pathParameters: { code: 'NOSUCHCODE1' } });
    expect(missing.status).toBe(404);
    expect(missing.body.message).toBe(ADMIN_MESSAGES.couponNotFound('NOSUCHCODE1'));
    expect(await get(keys.coupon('NOSUCHCODE1'))).toBeUndefined();
    const badPath = await callRoute('POST /api/admin/coupons/{code}/disable', { user: admin, pathParameters: { code: 'bad code!' } });
    expect(badPath.status).toBe(400);
  }, 60_000);

  it('bad input gets a clear 400 and stores nothing', async () => {
    const admin = await superUser();
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ kind: 'percent', percent_off: 10 }, 'coupon_code is required'],
      [{ kind: 'percent', percent_off: 0 }, 'percent_off'],
      [{ kind: 'percent', percent_off: 101 }, 'percent_off'],
      [{ kind: 'percent' }, 'A percent coupon needs percent_off (1-100); a fixed coupon needs amount_off_cents'],
      [{ kind: 'fixed', percent_off: 10 }, 'A percent coupon needs percent_off (1-100); a fixed coupon needs amount_off_cents'],
      [{ kind: 'bogus', percent_off: 10 }, 'kind must be percent or fixed'],
      [{ kind: 'percent', percent_off: 10, expires_at: 'tomorrow' }, 'expires_at must be an ISO date-time'],
      [{ kind: 'percent', percent_off: 10, expires_at: '2020-01-01T00:00:00Z' }, ADMIN_MESSAGES.couponExpiryPast],
      [{ kind: 'percent', percent_off: 10, package_ids: ['starter', 'no-such-pack'] }, ADMIN_MESSAGES.unknownPackages(['no-such-pack'])],
      [{ kind: 'percent', percent_off: 10, max_redemptions: 0 }, 'max_redemptions'],
      [{ kind: 'percent', percent_off: 10, redemptions: 5 }, 'Unknown field: redemptions'],
    ];
    for (const [partial, message] of cases) {
      const c = code();
      const body = message === 'coupon_code is required' ? partial : { code: c, ...partial };
      const res = await callRoute('POST /api/admin/coupons', { user: admin, body });
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.message).toContain(message);
      expect(await get(keys.coupon(c))).toBeUndefined();
    }
    for (const bad of ['ÄÖÜ', 'has space', 'x'.repeat(41)]) {
      const res = await callRoute('POST /api/admin/coupons', { user: admin, body: { code: bad, kind: 'percent', percent_off: 10 } });
      expect(res.status).toBe(400);
      expect(res.body.message).toMatch(/coupon_code/);
    }
  }, 60_000);
});

describe('admin area: payments and Stripe events', () => {
  it('lists seeded payments newest first with their coupon and status, pages with a cursor, refuses a forged cursor', async () => {
    const admin = await superUser();
    const tag = randomUUID().slice(0, 8);
    const now = Date.now();
    const older = await seedPayment({ payment_intent_id: `pi_old_${tag}`, created_at: new Date(now - 60_000).toISOString(), coupon_code: 'SPRING20', discount_cents: 160, amount_cents: 640 });
    const newer = await seedPayment({ payment_intent_id: `pi_new_${tag}`, created_at: new Date(now + 3_600_000).toISOString(), status: 'refunded', refunded_cents: 800 });
    const first = adminPaymentsResponseSchema.parse((await callRoute('GET /api/admin/payments', { user: admin, query: { limit: '100' } })).body);
    const ids = first.payments.map((p) => p.payment_intent_id);
    expect(ids.indexOf(newer.payment_intent_id)).toBeLessThan(ids.indexOf(older.payment_intent_id));
    expect(first.payments.find((p) => p.payment_intent_id === older.payment_intent_id)).toMatchObject({ coupon_code: 'SPRING20', amount_cents: 640, dealer_name: 'Harbor Motors', status: 'succeeded' });
    const today = new Date(now).toISOString().slice(0, 10);
    expect(first.totals.by_day.find((t) => t.period === today)!.amount_cents).toBeGreaterThanOrEqual(640);
    expect(first.totals.by_month.find((t) => t.period === today.slice(0, 7))!.count).toBeGreaterThanOrEqual(1);

    // Page by page with limit 1 reaches both, never the same one twice.
    const seen: string[] = [];
    let cursor: string | undefined;
    for (let i = 0; i < 200 && !(seen.includes(older.payment_intent_id) && seen.includes(newer.payment_intent_id)); i++) {
      const page = adminPaymentsResponseSchema.parse((await callRoute('GET /api/admin/payments', { user: admin, query: { limit: '1', ...(cursor ? { cursor } : {}) } })).body);
      expect(page.payments.length).toBe(1);
      seen.push(page.payments[0]!.payment_intent_id);
      cursor = page.next_cursor ?? undefined;
    }
    expect(new Set(seen).size).toBe(seen.length);
    for (const query of [{ cursor: 'garbage' }, { cursor: Buffer.from(JSON.stringify({ GSI1PK: 'USER#x', GSI1SK: 'a', PK: 'a', SK: 'b' })).toString('base64url') }]) {
      const res = await callRoute('GET /api/admin/payments', { user: admin, query });
      expect(res.status).toBe(400);
      expect(res.body.message).toBe(ADMIN_MESSAGES.badCursor);
    }
    for (const limit of ['0', '101', 'ten']) expect((await callRoute('GET /api/admin/payments', { user: admin, query: { limit } })).status).toBe(400);
  }, 60_000);

  it('lists every delivery with its outcome; the detail shows the payload and all deliveries; an unknown id is 404', async () => {
    const admin = await superUser();
    const eventId = `evt_${randomUUID().replace(/-/g, '')}`;
    const t = Date.now() + 7_200_000;
    const payload = await seedEvent(eventId, [new Date(t).toISOString(), new Date(t + 1000).toISOString()], ['fulfilled', 'duplicate']);
    const list = adminStripeEventsResponseSchema.parse((await callRoute('GET /api/admin/stripe-events', { user: admin, query: { limit: '100' } })).body);
    const mine = list.events.filter((e) => e.event_id === eventId);
    expect(mine.map((e) => e.outcome)).toEqual(['duplicate', 'fulfilled']);
    const detail = await callRoute('GET /api/admin/stripe-events/{id}', { user: admin, pathParameters: { id: eventId } });
    expect(detail.status).toBe(200);
    const parsed = adminStripeEventDetailSchema.parse(detail.body);
    expect(parsed.payload).toEqual(payload);
    expect(parsed.deliveries.map((d) => d.outcome)).toEqual(['fulfilled', 'duplicate']);
    const missing = await callRoute('GET /api/admin/stripe-events/{id}', { user: admin, pathParameters: { id: 'evt_nothing_here' } });
    expect(missing.status).toBe(404);
    expect(missing.body.message).toBe(ADMIN_MESSAGES.stripeEventNotFound('evt_nothing_here'));
    expect((await callRoute('GET /api/admin/stripe-events/{id}', { user: admin, pathParameters: { id: 'evt/../x' } })).status).toBe(400);
  }, 60_000);
});

describe('admin area: credit packages', () => {
  it('price, active and popular flags change; bad input changes nothing; seeding never overwrites a change', async () => {
    const admin = await superUser();
    const id = `test-pack-${randomUUID().slice(0, 8)}`;
    // Inactive from the start, so the purchase dialogs of other tests never see it.
    const seed = { id, name: 'Test Pack', description: 'for this test', credits: 12, price_cents: 1200, sort_order: 99, is_active: false, is_popular: false };
    const repo = new DynamoDbCreditPackageRepository();
    try {
      expect(await repo.putIfAbsent([seed])).toBe(1);
      const patch = (body: unknown, pid = id) => callRoute('PATCH /api/admin/credit-packages/{id}', { user: admin, pathParameters: { id: pid }, body });
      const changed = await patch({ price_cents: 999, is_popular: true });
      expect(changed.status).toBe(200);
      expect(changed.body.package).toMatchObject({ id, price_cents: 999, is_popular: true, is_active: false, credits: 12, updated_by: admin.email });

      for (const [body, message] of [
        [{}, 'Nothing to change'],
        [{ price_cents: 10 }, 'price_cents must be at least 50'],
        [{ price_cents: 12.5 }, 'price_cents'],
        [{ is_active: 'yes' }, 'is_active'],
        [{ credits: 500 }, 'Unknown field: credits'],
      ] as const) {
        const res = await patch(body);
        expect(res.status, JSON.stringify(body)).toBe(400);
        expect(res.body.message).toContain(message);
      }
      const unknown = await patch({ price_cents: 500 }, 'no-such-pack');
      expect(unknown.status).toBe(404);
      expect(unknown.body.message).toBe(ADMIN_MESSAGES.packageNotFound('no-such-pack'));
      expect(await get(keys.creditPackage('no-such-pack'))).toBeUndefined();

      // A redeploy (or local restart) seeds only what is absent.
      expect(await repo.putIfAbsent([seed])).toBe(0);
      const list = adminCreditPackagesResponseSchema.parse((await callRoute('GET /api/admin/credit-packages', { user: admin })).body);
      expect(list.packages.find((p) => p.id === id)).toMatchObject({ price_cents: 999, is_popular: true, is_active: false });
      expect(list.packages.map((p) => p.id)).toEqual(expect.arrayContaining(['starter', 'small-business', 'professional', 'business']));
      const publicList = await callRoute('GET /api/credits/packages');
      expect(JSON.stringify(publicList.body)).not.toContain(id);
    } finally {
      await dynamo().send(new DeleteCommand({ TableName: tableName(), Key: keys.creditPackage(id) }));
    }
  }, 60_000);
});
