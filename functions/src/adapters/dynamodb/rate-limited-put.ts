import { TransactWriteCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { dynamo, isConditionFailure, tableName } from './client';
import { windowUpdate } from './count-in-window';
import { ttlAt } from './keys';

export interface RateCounter {
  /** What is counted, e.g. "contact-email". */
  scope: string;
  /** Whom it is counted for, e.g. the address. */
  subject: string;
  max: number;
}

/**
 * Stores a new item and counts it against fixed-window rate counters, all in one transaction: when any window
 * is full, nothing is written (neither the item nor any counter). Returns false in that case.
 */
export async function putWithinRateLimits(input: { item: Record<string, unknown> & { PK: string; SK: string }; counters: RateCounter[]; windowMs: number; atMs: number }): Promise<boolean> {
  const windowStart = input.atMs - (input.atMs % input.windowMs);
  const expiresAt = ttlAt(windowStart + 2 * input.windowMs);
  try {
    await dynamo().send(
      new TransactWriteCommand({
        TransactItems: [
          ...input.counters.map((c) => countIn(c, windowStart, expiresAt)),
          { Put: { TableName: tableName(), Item: input.item, ConditionExpression: 'attribute_not_exists(PK)' } },
        ],
      }),
    );
    return true;
  } catch (error) {
    if (isConditionFailure(error)) return false;
    throw error;
  }
}

/** Sets an item's `status` attribute. */
export async function setStatus(key: { PK: string; SK: string }, status: string): Promise<void> {
  await dynamo().send(
    new UpdateCommand({
      TableName: tableName(),
      Key: key,
      UpdateExpression: 'SET #status = :s',
      ExpressionAttributeNames: { '#status': 'status' },
      ExpressionAttributeValues: { ':s': status },
    }),
  );
}

/** Counts one request against fixed-window counters (each with its own window); false when any is full. */
export async function countWithinRateLimits(counters: (RateCounter & { windowMs: number })[], atMs = Date.now()): Promise<boolean> {
  try {
    await dynamo().send(
      new TransactWriteCommand({
        TransactItems: counters.map((c) => {
          const windowStart = atMs - (atMs % c.windowMs);
          return countIn(c, windowStart, ttlAt(windowStart + 2 * c.windowMs));
        }),
      }),
    );
    return true;
  } catch (error) {
    if (isConditionFailure(error)) return false;
    throw error;
  }
}

/** One more in a counter's window, only while it is under its maximum (a transaction item). */
function countIn(c: RateCounter, windowStart: number, expiresAt: number) {
  return { Update: windowUpdate(c, windowStart, expiresAt) };
}
