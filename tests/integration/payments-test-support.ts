import Stripe from 'stripe';
import { GetCommand, PutCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { dynamo, tableName } from '../../functions/src/adapters/dynamodb/client';
import { keys } from '../../functions/src/adapters/dynamodb/keys';
import type { CouponRecord, PaymentRecord, StripeDeliveryRecord } from '../../functions/src/payments/payment-records';

/**
 * Helpers of the payment tests. Coupons are made by super users through the admin API (another issue); here they are
 * written to the table directly, in the stored shape. Call useLocalHost() before using them.
 */
export async function putCoupon(code: string, fields: Partial<CouponRecord> = {}): Promise<CouponRecord> {
  const coupon: CouponRecord = {
    entity: 'coupon',
    code,
    kind: 'percent',
    percent_off: 50,
    amount_off_cents: null,
    expires_at: null,
    max_redemptions: null,
    redemptions: 0,
    package_ids: null,
    active: true,
    created_at: new Date().toISOString(),
    created_by: 'test',
    ...fields,
  };
  await dynamo().send(new PutCommand({ TableName: tableName(), Item: { ...keys.coupon(code), ...keys.couponIndex(coupon.created_at, code), ...coupon } }));
  return coupon;
}

export const uniqueCode = (prefix: string) => `${prefix}${Math.random().toString(36).slice(2, 8).toUpperCase()}`;

export async function getItem<T>(key: { PK: string; SK: string }): Promise<T | undefined> {
  return (await dynamo().send(new GetCommand({ TableName: tableName(), Key: key, ConsistentRead: true }))).Item as T | undefined;
}

export const getPayment = (pi: string) => getItem<PaymentRecord>(keys.payment(pi));
export const getCoupon = (code: string) => getItem<CouponRecord>(keys.coupon(code));

export async function deliveriesOf(eventId: string): Promise<StripeDeliveryRecord[]> {
  const out = await dynamo().send(
    new QueryCommand({
      TableName: tableName(),
      KeyConditionExpression: 'PK = :pk AND begins_with(SK, :d)',
      ExpressionAttributeValues: { ':pk': keys.stripeEvent(eventId).PK, ':d': keys.stripeEventDeliveryPrefix },
      ConsistentRead: true,
    }),
  );
  return (out.Items ?? []) as StripeDeliveryRecord[];
}

/** The official client pointed at the running host's simulator, as the functions use it. */
export function stripeClient(): Stripe {
  const base = new URL(process.env.STRIPE_API_BASE!);
  return new Stripe(process.env.STRIPE_SECRET_KEY!, { host: base.hostname, port: Number(base.port), protocol: 'http' });
}

/** A Stripe event around an object, as Stripe sends it (pretty-printed JSON), and its signature header. */
export function signedEvent(type: string, object: Record<string, unknown>, opts: { id?: string; secret?: string; timestamp?: number; without?: 'created' } = {}) {
  const event: Record<string, unknown> & { id: string; data: { object: Record<string, unknown> } } = {
    id: opts.id ?? `evt_test_${Math.random().toString(36).slice(2, 14)}`,
    object: 'event',
    api_version: '2025-01-01',
    created: Math.floor(Date.now() / 1000),
    data: { object },
    livemode: false,
    pending_webhooks: 1,
    request: { id: null, idempotency_key: null },
    type,
  };
  if (opts.without) delete event[opts.without];
  const payload = JSON.stringify(event, null, 2);
  const signature = Stripe.webhooks.generateTestHeaderString({ payload, secret: opts.secret ?? process.env.STRIPE_WEBHOOK_SECRET!, ...(opts.timestamp ? { timestamp: opts.timestamp } : {}) });
  return { event, payload, signature };
}

/** Posts to the webhook through the local API gateway, as Stripe would. */
export async function postWebhook(url: string, payload: string, signature: string): Promise<{ status: number; body: any }> {
  const res = await fetch(`${url}/api/stripe/webhook`, { method: 'POST', headers: { 'content-type': 'application/json; charset=utf-8', 'stripe-signature': signature }, body: payload });
  return { status: res.status, body: await res.json() };
}

export async function waitFor<T>(read: () => Promise<T>, done: (v: T) => boolean, ms = 10_000): Promise<T> {
  const until = Date.now() + ms;
  let value = await read();
  while (!done(value) && Date.now() < until) {
    await new Promise((r) => setTimeout(r, 100));
    value = await read();
  }
  return value;
}

/** The payments stored for a dealer (read from the finance index, as finance sees them). */
export async function paymentsOf(sub: string): Promise<PaymentRecord[]> {
  const items: PaymentRecord[] = [];
  let start: Record<string, unknown> | undefined;
  do {
    const out = await dynamo().send(
      new QueryCommand({
        TableName: tableName(),
        IndexName: 'GSI1',
        KeyConditionExpression: 'GSI1PK = :p',
        FilterExpression: 'user_id = :u',
        ExpressionAttributeValues: { ':p': keys.paymentsIndexPartition, ':u': sub },
        ExclusiveStartKey: start,
      }),
    );
    items.push(...((out.Items ?? []) as PaymentRecord[]));
    start = out.LastEvaluatedKey;
  } while (start);
  return items;
}

/** Confirms a PaymentIntent as the local card form does (the publishable key and the client secret). */
export async function confirmWithCard(url: string, clientSecret: string, number = '4242424242424242'): Promise<{ status: number; body: any }> {
  const id = clientSecret.split('_secret_')[0]!;
  const body = new URLSearchParams({
    client_secret: clientSecret,
    'payment_method_data[type]': 'card',
    'payment_method_data[card][number]': number,
    'payment_method_data[card][exp_month]': '12',
    'payment_method_data[card][exp_year]': '34',
    'payment_method_data[card][cvc]': '123',
  });
  const res = await fetch(`${url}/v1/payment_intents/${id}/confirm`, {
    method: 'POST',
    headers: { authorization: 'Bearer pk_test_local_simulator', 'content-type': 'application/x-www-form-urlencoded' },
    body,
  });
  return { status: res.status, body: (await res.json()) as any };
}
