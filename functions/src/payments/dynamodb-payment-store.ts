import { GetCommand, PutCommand, TransactWriteCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { CreditPackageSeed } from '@shared/pricing';
import { cancellationCodes, dynamo, ignoreConditionFailure, isConditionFailure, tableName } from '../adapters/dynamodb/client';
import { withoutKeys } from '../adapters/dynamodb/item-attributes';
import { keys } from '../adapters/dynamodb/keys';
import { dynamoMailMark } from '../adapters/dynamodb/mail-mark';
import type { MailMark } from '../mail/mail-once';
import type { CouponRecord, CouponRedemptionRecord, PaymentRecord, StripeDeliveryRecord, StripeEventRecord } from './payment-records';
import type { PaymentStore, ReserveOutcome } from './ports';

const TRANSACTION_ATTEMPTS = 8;
const pause = (attempt: number) => new Promise((r) => setTimeout(r, Math.random() * Math.min(250, 15 * 2 ** attempt)));

const strip = <T>(item: Record<string, unknown> | undefined): T | undefined => (item ? withoutKeys<T>(item) : undefined);

/** Payments, coupons and Stripe events in the single table, in the shapes of payment-records.ts. */
export class DynamoDbPaymentStore implements PaymentStore {
  private get(key: { PK: string; SK: string }) {
    return dynamo().send(new GetCommand({ TableName: tableName(), Key: key, ConsistentRead: true })).then((o) => o.Item);
  }

  async getPackage(id: string): Promise<CreditPackageSeed | undefined> {
    const item = await this.get(keys.creditPackage(id));
    if (!item) return undefined;
    const { entity: _e, ...rest } = strip<CreditPackageSeed & { entity: string }>(item)!;
    return rest;
  }

  async getCoupon(code: string) {
    return strip<CouponRecord>(await this.get(keys.coupon(code)));
  }

  async getRedemption(code: string, sub: string) {
    return strip<CouponRedemptionRecord>(await this.get(keys.couponRedemption(code, sub)));
  }

  async reserveCoupon(code: string, sub: string, holderKey: string, now: Date): Promise<ReserveOutcome> {
    const redemption: CouponRedemptionRecord = {
      entity: 'coupon_redemption',
      code,
      user_id: sub,
      payment_intent_id: holderKey,
      holder_key: holderKey,
      state: 'reserved',
      created_at: now.toISOString(),
      redeemed_at: null,
    };
    for (let attempt = 0; attempt < TRANSACTION_ATTEMPTS; attempt++) {
      try {
        await dynamo().send(
          new TransactWriteCommand({
            TransactItems: [
              {
                Update: {
                  TableName: tableName(),
                  Key: keys.coupon(code),
                  UpdateExpression: 'SET redemptions = redemptions + :one',
                  ConditionExpression: 'attribute_exists(PK) AND active = :yes AND (attribute_not_exists(max_redemptions) OR max_redemptions = :null OR redemptions < max_redemptions)',
                  ExpressionAttributeValues: { ':one': 1, ':yes': true, ':null': null },
                },
              },
              { Put: { TableName: tableName(), Item: { ...keys.couponRedemption(code, sub), ...redemption }, ConditionExpression: 'attribute_not_exists(PK)' } },
            ],
          }),
        );
        return 'reserved';
      } catch (error) {
        if (!isConditionFailure(error)) throw error;
        const [couponCode, redemptionCode] = cancellationCodes(error);
        if (redemptionCode === 'ConditionalCheckFailed') {
          const mine = await this.getRedemption(code, sub);
          if (mine?.state === 'redeemed') return 'already_redeemed';
          if (mine?.state === 'reserved') return 'already_held';
          continue; // released meanwhile: try again
        }
        if (couponCode === 'ConditionalCheckFailed') {
          const coupon = await this.getCoupon(code);
          return coupon && coupon.active ? 'exhausted' : 'unavailable';
        }
        // TransactionConflict: another dealer's reservation of the same coupon is in flight.
        await pause(attempt);
      }
    }
    throw new Error(`Coupon ${code} is busy; the reservation was not made`);
  }

  async takeOverReservation(code: string, sub: string, fromPaymentIntent: string, holderKey: string): Promise<boolean> {
    return ignoreConditionFailure(
      dynamo().send(
        new UpdateCommand({
          TableName: tableName(),
          Key: keys.couponRedemption(code, sub),
          UpdateExpression: 'SET payment_intent_id = :key, holder_key = :key',
          ConditionExpression: '#state = :reserved AND payment_intent_id = :from',
          ExpressionAttributeNames: { '#state': 'state' },
          ExpressionAttributeValues: { ':key': holderKey, ':from': fromPaymentIntent, ':reserved': 'reserved' },
        }),
      ),
    );
  }

  async attachReservation(code: string, sub: string, holderKey: string, paymentIntentId: string): Promise<boolean> {
    return ignoreConditionFailure(
      dynamo().send(
        new UpdateCommand({
          TableName: tableName(),
          Key: keys.couponRedemption(code, sub),
          UpdateExpression: 'SET payment_intent_id = :pi',
          ConditionExpression: '#state = :reserved AND holder_key = :key',
          ExpressionAttributeNames: { '#state': 'state' },
          ExpressionAttributeValues: { ':pi': paymentIntentId, ':reserved': 'reserved', ':key': holderKey },
        }),
      ),
    );
  }

  async releaseCoupon(code: string, sub: string, holder: string): Promise<boolean> {
    for (let attempt = 0; attempt < TRANSACTION_ATTEMPTS; attempt++) {
      try {
        await dynamo().send(
          new TransactWriteCommand({
            TransactItems: [
              {
                Delete: {
                  TableName: tableName(),
                  Key: keys.couponRedemption(code, sub),
                  ConditionExpression: '#state = :reserved AND payment_intent_id = :holder',
                  ExpressionAttributeNames: { '#state': 'state' },
                  ExpressionAttributeValues: { ':reserved': 'reserved', ':holder': holder },
                },
              },
              {
                Update: {
                  TableName: tableName(),
                  Key: keys.coupon(code),
                  UpdateExpression: 'SET redemptions = redemptions - :one',
                  ConditionExpression: 'redemptions > :zero',
                  ExpressionAttributeValues: { ':one': 1, ':zero': 0 },
                },
              },
            ],
          }),
        );
        return true;
      } catch (error) {
        if (!isConditionFailure(error)) throw error;
        if (cancellationCodes(error).includes('ConditionalCheckFailed')) return false;
        await pause(attempt);
      }
    }
    throw new Error(`Coupon ${code} is busy; the reservation was not released`);
  }

  async redeemCoupon(code: string, sub: string, paymentIntentId: string, now: Date): Promise<void> {
    const at = now.toISOString();
    const marked = await ignoreConditionFailure(
      dynamo().send(
        new UpdateCommand({
          TableName: tableName(),
          Key: keys.couponRedemption(code, sub),
          UpdateExpression: 'SET #state = :redeemed, redeemed_at = :at, payment_intent_id = :pi',
          ConditionExpression: 'attribute_exists(PK) AND #state = :reserved',
          ExpressionAttributeNames: { '#state': 'state' },
          ExpressionAttributeValues: { ':redeemed': 'redeemed', ':reserved': 'reserved', ':at': at, ':pi': paymentIntentId },
        }),
      ),
    );
    if (marked) return;
    // Already redeemed (a repeated delivery), or released by an earlier failed attempt of this intent: the money was
    // taken with the discount, so the redemption is recorded and counted again (once: the put is conditional).
    const redemption: CouponRedemptionRecord = { entity: 'coupon_redemption', code, user_id: sub, payment_intent_id: paymentIntentId, state: 'redeemed', created_at: at, redeemed_at: at };
    for (let attempt = 0; attempt < TRANSACTION_ATTEMPTS; attempt++) {
      try {
        await dynamo().send(
          new TransactWriteCommand({
            TransactItems: [
              { Put: { TableName: tableName(), Item: { ...keys.couponRedemption(code, sub), ...redemption }, ConditionExpression: 'attribute_not_exists(PK)' } },
              { Update: { TableName: tableName(), Key: keys.coupon(code), UpdateExpression: 'SET redemptions = redemptions + :one', ConditionExpression: 'attribute_exists(PK)', ExpressionAttributeValues: { ':one': 1 } } },
            ],
          }),
        );
        return;
      } catch (error) {
        if (!isConditionFailure(error)) throw error;
        const [redemptionCode] = cancellationCodes(error);
        if (redemptionCode === 'ConditionalCheckFailed') {
          const existing = await this.getRedemption(code, sub);
          if (existing?.state === 'reserved') return this.redeemCoupon(code, sub, paymentIntentId, now);
          return; // redeemed already
        }
        if (cancellationCodes(error).includes('ConditionalCheckFailed')) return; // the coupon itself was deleted
        await pause(attempt);
      }
    }
    throw new Error(`Coupon ${code} is busy; the redemption was not recorded`);
  }

  async getPayment(paymentIntentId: string) {
    return strip<PaymentRecord>(await this.get(keys.payment(paymentIntentId)));
  }

  async putPaymentIfNew(record: PaymentRecord): Promise<void> {
    await ignoreConditionFailure(
      dynamo().send(
        new PutCommand({
          TableName: tableName(),
          Item: { ...keys.payment(record.payment_intent_id), ...keys.paymentIndex(record.created_at, record.payment_intent_id), ...record },
          ConditionExpression: 'attribute_not_exists(PK)',
        }),
      ),
    );
  }

  receiptMailMark(paymentIntentId: string): MailMark {
    return dynamoMailMark(keys.payment(paymentIntentId), 'receipt_mail');
  }

  async markSucceeded(paymentIntentId: string, sub: string, credits: number, now: Date): Promise<boolean> {
    const at = now.toISOString();
    for (let attempt = 0; attempt < TRANSACTION_ATTEMPTS; attempt++) {
      try {
        await dynamo().send(
          new TransactWriteCommand({
            TransactItems: [
              {
                Update: {
                  TableName: tableName(),
                  Key: keys.payment(paymentIntentId),
                  UpdateExpression: 'SET #status = :succeeded, succeeded_at = :at, updated_at = :at, status_detail = :null',
                  ConditionExpression: 'attribute_exists(PK) AND succeeded_at = :null',
                  ExpressionAttributeNames: { '#status': 'status' },
                  ExpressionAttributeValues: { ':succeeded': 'succeeded', ':at': at, ':null': null },
                },
              },
              {
                // The first purchase makes the dealer a subscriber (spec: user type), dated once.
                Update: {
                  TableName: tableName(),
                  Key: keys.profile(sub),
                  UpdateExpression:
                    'SET total_credits_purchased = if_not_exists(total_credits_purchased, :zero) + :credits, user_type = :subscriber, first_purchase_date = if_not_exists(first_purchase_date, :at), updated_at = :at',
                  ConditionExpression: 'attribute_exists(PK)',
                  ExpressionAttributeValues: { ':zero': 0, ':credits': credits, ':subscriber': 'subscriber', ':at': at },
                },
              },
            ],
          }),
        );
        // first_purchase_date is stored as null on new profiles: if_not_exists keeps a null, so set it explicitly.
        await ignoreConditionFailure(
          dynamo().send(
            new UpdateCommand({
              TableName: tableName(),
              Key: keys.profile(sub),
              UpdateExpression: 'SET first_purchase_date = :at',
              ConditionExpression: 'attribute_exists(PK) AND (attribute_not_exists(first_purchase_date) OR first_purchase_date = :null)',
              ExpressionAttributeValues: { ':at': at, ':null': null },
            }),
          ),
        );
        return true;
      } catch (error) {
        if (!isConditionFailure(error)) throw error;
        if (cancellationCodes(error).includes('ConditionalCheckFailed')) return false;
        await pause(attempt);
      }
    }
    throw new Error(`Payment ${paymentIntentId} is busy; its success was not recorded`);
  }

  async markUnsuccessful(paymentIntentId: string, status: 'failed' | 'canceled', detail: string | null, now: Date): Promise<boolean> {
    return ignoreConditionFailure(
      dynamo().send(
        new UpdateCommand({
          TableName: tableName(),
          Key: keys.payment(paymentIntentId),
          UpdateExpression: 'SET #status = :status, status_detail = :detail, updated_at = :at',
          // Never over a success; a repeat of the same failure changes nothing.
          ConditionExpression: 'attribute_exists(PK) AND succeeded_at = :null AND NOT (#status = :status AND status_detail = :detail)',
          ExpressionAttributeNames: { '#status': 'status' },
          ExpressionAttributeValues: { ':status': status, ':detail': detail, ':at': now.toISOString(), ':null': null },
        }),
      ),
    );
  }

  async recordAfterSuccess(
    paymentIntentId: string,
    change: { status: 'refunded' | 'partially_refunded' | 'disputed'; refundedCents?: number; detail: string | null },
    now: Date,
  ): Promise<'recorded' | 'stale' | 'not_succeeded'> {
    const current = await this.getPayment(paymentIntentId);
    if (!current || current.succeeded_at === null) return 'not_succeeded';
    const refund = change.refundedCents !== undefined;
    const ok = await ignoreConditionFailure(
      dynamo().send(
        new UpdateCommand({
          TableName: tableName(),
          Key: keys.payment(paymentIntentId),
          UpdateExpression: `SET #status = :status, status_detail = :detail, updated_at = :at${refund ? ', refunded_cents = :refunded' : ''}`,
          // A refund only ever grows (events may come out of order); a dispute is recorded once.
          ConditionExpression: refund ? 'succeeded_at <> :null AND refunded_cents < :refunded' : 'succeeded_at <> :null AND #status <> :status',
          ExpressionAttributeNames: { '#status': 'status' },
          ExpressionAttributeValues: {
            ':status': change.status,
            ':detail': change.detail,
            ':at': now.toISOString(),
            ':null': null,
            ...(refund ? { ':refunded': change.refundedCents } : {}),
          },
        }),
      ),
    );
    return ok ? 'recorded' : 'stale';
  }

  async putEventIfNew(record: StripeEventRecord): Promise<boolean> {
    return ignoreConditionFailure(
      dynamo().send(new PutCommand({ TableName: tableName(), Item: { ...keys.stripeEvent(record.event_id), ...record }, ConditionExpression: 'attribute_not_exists(PK)' })),
    );
  }

  async putDelivery(record: StripeDeliveryRecord): Promise<void> {
    await dynamo().send(
      new PutCommand({
        TableName: tableName(),
        Item: { ...keys.stripeEventDelivery(record.event_id, record.delivery_id), ...keys.stripeDeliveryIndex(record.received_at, record.delivery_id), ...record },
      }),
    );
  }
}
