import { DeleteCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { dynamo, isConditionFailure, tableName } from '../adapters/dynamodb/client';
import { keys, ttlAt } from '../adapters/dynamodb/keys';
import type { MagicLinkRecord, MagicLinkStore } from './ports';

export class DynamoDbMagicLinkStore implements MagicLinkStore {
  async saveIfAllowed(record: MagicLinkRecord, minIntervalMs: number): Promise<boolean> {
    try {
      await dynamo().send(
        new PutCommand({
          TableName: tableName(),
          Item: { ...keys.magicLink(record.emailHash), entity: 'magic_link', ...record, expiresAt: ttlAt(record.expiresAtMs) },
          // One link a minute per address: a newer link replaces the old one (which then stops working).
          ConditionExpression: 'attribute_not_exists(PK) OR sentAtMs <= :cutoff',
          ExpressionAttributeValues: { ':cutoff': record.sentAtMs - minIntervalMs },
        }),
      );
      return true;
    } catch (error) {
      if (isConditionFailure(error)) return false;
      throw error;
    }
  }

  async consume(emailHash: string, tokenHash: string, nowMs: number): Promise<boolean> {
    try {
      await dynamo().send(
        new DeleteCommand({
          TableName: tableName(),
          Key: keys.magicLink(emailHash),
          ConditionExpression: 'tokenHash = :t AND expiresAtMs > :now',
          ExpressionAttributeValues: { ':t': tokenHash, ':now': nowMs },
        }),
      );
      return true;
    } catch (error) {
      if (isConditionFailure(error)) return false;
      throw error;
    }
  }
}
