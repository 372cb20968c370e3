import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { dynamo, isConditionFailure, tableName } from './client';
import { keys, ttlAt } from './keys';

/** A fixed-window counter: what is counted, for whom, its maximum and its window. */
export interface WindowCounter {
  scope: string;
  subject: string;
  max: number;
  windowMs: number;
}

/** The conditional update that counts one more in a counter's window while it is under its maximum (expired by TTL). */
export function windowUpdate(c: Omit<WindowCounter, 'windowMs'>, windowStart: number, expiresAt: number) {
  return {
    TableName: tableName(),
    Key: keys.rateWindow(c.scope, c.subject, windowStart),
    UpdateExpression: 'ADD #count :one SET expiresAt = :exp',
    ConditionExpression: 'attribute_not_exists(#count) OR #count < :max',
    ExpressionAttributeNames: { '#count': 'count' },
    ExpressionAttributeValues: { ':one': 1, ':max': c.max, ':exp': expiresAt },
  };
}

/**
 * Counts one request against one fixed-window counter with a single conditional update: concurrent requests queue on
 * the item instead of cancelling each other (as transactions on one item do), so a busy counter is never "full" early.
 * A module of its own: a handler that counts this way is granted UpdateItem alone (its code constructs nothing else).
 */
export async function countInWindow(c: WindowCounter, atMs = Date.now()): Promise<boolean> {
  const windowStart = atMs - (atMs % c.windowMs);
  try {
    await dynamo().send(new UpdateCommand(windowUpdate(c, windowStart, ttlAt(windowStart + 2 * c.windowMs))));
    return true;
  } catch (error) {
    if (isConditionFailure(error)) return false;
    throw error;
  }
}
