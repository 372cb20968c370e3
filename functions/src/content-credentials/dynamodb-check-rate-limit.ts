import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { dynamo, isConditionFailure, tableName } from '../adapters/dynamodb/client';
import { keys, ttlAt } from '../adapters/dynamodb/keys';
import type { CheckRateLimit } from './check-image';

const WINDOW_MS = 60_000;

/** A fixed one-minute window per client, counted with one conditional update (expired by TTL). */
export class DynamoDbCheckRateLimit implements CheckRateLimit {
  async allow(client: string, perMinute: number, atMs: number): Promise<boolean> {
    const windowStart = atMs - (atMs % WINDOW_MS);
    try {
      await dynamo().send(
        new UpdateCommand({
          TableName: tableName(),
          Key: keys.rateWindow('verify-credentials', client, windowStart),
          UpdateExpression: 'ADD #count :one SET expiresAt = :exp',
          ConditionExpression: 'attribute_not_exists(#count) OR #count < :max',
          ExpressionAttributeNames: { '#count': 'count' },
          ExpressionAttributeValues: { ':one': 1, ':max': perMinute, ':exp': ttlAt(windowStart + 2 * WINDOW_MS) },
        }),
      );
      return true;
    } catch (error) {
      if (isConditionFailure(error)) return false;
      throw error;
    }
  }
}
