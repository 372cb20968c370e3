import { PutCommand, UpdateCommand, type QueryCommandInput } from '@aws-sdk/lib-dynamodb';
import { ADMIN_MESSAGES } from '@shared/messages';
import { newestInPartition } from '../adapters/dynamodb/newest-first';
import { dynamo, tableName } from '../adapters/dynamodb/client';
import { encodeCursor } from '../adapters/dynamodb/cursor';
import { withoutKeys } from '../adapters/dynamodb/item-attributes';
import { keys } from '../adapters/dynamodb/keys';
import { queryAll } from '../adapters/dynamodb/query-all';
import { validationError } from '../lib/errors';
import type { CouponRecord, PaymentRecord, StripeDeliveryRecord, StripeEventRecord } from '../payments/payment-records';
import type { CouponStore, CreditPackageAdmin, CreditPackageChanges, FinanceReader, Page, StoredCreditPackage } from './ports';

const record = <T>(item: Record<string, unknown>): T => withoutKeys<T>(item);

/**
 * next_cursor: the last key of a page, as base64url JSON (encodeCursor); anything else sent back is refused with 400.
 * Admin lists answer with their own message, so the check is kept here rather than in adapters/dynamodb/cursor.ts.
 */
function decodeCursor(cursor: string | undefined, partition: string): Record<string, string> | undefined {
  if (cursor === undefined) return undefined;
  try {
    const key = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')) as unknown;
    const valid =
      key !== null &&
      typeof key === 'object' &&
      Object.entries(key).every(([k, v]) => ['PK', 'SK', 'GSI1PK', 'GSI1SK'].includes(k) && typeof v === 'string') &&
      (key as Record<string, string>).GSI1PK === partition;
    if (valid) return key as Record<string, string>;
  } catch {
    // falls through to the refusal
  }
  throw validationError(ADMIN_MESSAGES.badCursor, { cursor: ADMIN_MESSAGES.badCursor });
}

async function newestPage<T>(partition: string, limit: number, cursor: string | undefined): Promise<Page<T>> {
  const page = await newestInPartition(partition, limit, decodeCursor(cursor, partition));
  return { items: page.items.map((i) => record<T>(i)), next: encodeCursor(page.lastKey) };
}

/** Every item the query finds, as records. */
async function queryRecords<T>(input: Omit<QueryCommandInput, 'TableName' | 'ExclusiveStartKey'>): Promise<T[]> {
  return (await queryAll(input)).map((i) => record<T>(i));
}

export class DynamoDbFinanceReader implements FinanceReader {
  listPayments(limit: number, cursor: string | undefined) {
    return newestPage<PaymentRecord>(keys.paymentsIndexPartition, limit, cursor);
  }

  paymentsSince(sinceIso: string) {
    return queryRecords<PaymentRecord>({
      IndexName: 'GSI1',
      KeyConditionExpression: 'GSI1PK = :pk AND GSI1SK >= :since',
      ExpressionAttributeValues: { ':pk': keys.paymentsIndexPartition, ':since': sinceIso },
    });
  }

  listDeliveries(limit: number, cursor: string | undefined) {
    return newestPage<StripeDeliveryRecord>(keys.stripeDeliveriesIndexPartition, limit, cursor);
  }

  async getEvent(eventId: string) {
    const items = await queryRecords<(StripeEventRecord | StripeDeliveryRecord) & { entity: string }>({
      KeyConditionExpression: 'PK = :pk',
      ExpressionAttributeValues: { ':pk': keys.stripeEvent(eventId).PK },
    });
    return {
      event: items.find((i): i is StripeEventRecord => i.entity === 'stripe_event'),
      deliveries: items.filter((i): i is StripeDeliveryRecord => i.entity === 'stripe_delivery'),
    };
  }
}

export class DynamoDbCouponStore implements CouponStore {
  list() {
    return queryRecords<CouponRecord>({
      IndexName: 'GSI1',
      KeyConditionExpression: 'GSI1PK = :pk',
      ExpressionAttributeValues: { ':pk': keys.couponsIndexPartition },
      ScanIndexForward: false,
    });
  }

  async create(coupon: CouponRecord): Promise<'created' | 'exists'> {
    try {
      await dynamo().send(
        new PutCommand({
          TableName: tableName(),
          Item: { ...keys.coupon(coupon.code), ...keys.couponIndex(coupon.created_at, coupon.code), ...coupon },
          ConditionExpression: 'attribute_not_exists(PK)',
        }),
      );
      return 'created';
    } catch (error) {
      if ((error as Error).name === 'ConditionalCheckFailedException') return 'exists';
      throw error;
    }
  }

  async disable(code: string): Promise<CouponRecord | undefined> {
    try {
      const out = await dynamo().send(
        new UpdateCommand({
          TableName: tableName(),
          Key: keys.coupon(code),
          UpdateExpression: 'SET active = :no',
          ConditionExpression: 'attribute_exists(PK)',
          ExpressionAttributeValues: { ':no': false },
          ReturnValues: 'ALL_NEW',
        }),
      );
      return record<CouponRecord>(out.Attributes!);
    } catch (error) {
      if ((error as Error).name === 'ConditionalCheckFailedException') return undefined;
      throw error;
    }
  }
}

export class DynamoDbCreditPackageAdmin implements CreditPackageAdmin {
  async listAll(): Promise<StoredCreditPackage[]> {
    return (
      await queryRecords<StoredCreditPackage & { entity?: string }>({
        KeyConditionExpression: 'PK = :pk',
        ExpressionAttributeValues: { ':pk': keys.creditPackagesPartition },
        ConsistentRead: true,
      })
    ).map(({ entity: _entity, ...p }) => p);
  }

  async update(id: string, changes: CreditPackageChanges, by: string, now: Date): Promise<StoredCreditPackage | undefined> {
    const fields = Object.entries(changes).filter(([, v]) => v !== undefined);
    const names = Object.fromEntries([...fields.map(([k]) => [`#${k}`, k]), ['#updated_at', 'updated_at'], ['#updated_by', 'updated_by']]);
    const values = Object.fromEntries([...fields.map(([k, v]) => [`:${k}`, v]), [':updated_at', now.toISOString()], [':updated_by', by]]);
    try {
      const out = await dynamo().send(
        new UpdateCommand({
          TableName: tableName(),
          Key: keys.creditPackage(id),
          UpdateExpression: `SET ${[...fields.map(([k]) => `#${k} = :${k}`), '#updated_at = :updated_at', '#updated_by = :updated_by'].join(', ')}`,
          ConditionExpression: 'attribute_exists(PK)',
          ExpressionAttributeNames: names,
          ExpressionAttributeValues: values,
          ReturnValues: 'ALL_NEW',
        }),
      );
      const { entity: _entity, ...p } = record<StoredCreditPackage & { entity?: string }>(out.Attributes!);
      return p;
    } catch (error) {
      if ((error as Error).name === 'ConditionalCheckFailedException') return undefined;
      throw error;
    }
  }
}
