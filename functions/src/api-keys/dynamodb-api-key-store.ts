import { GetCommand, QueryCommand, TransactWriteCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { dynamo, isConditionFailure, tableName } from '../adapters/dynamodb/client';
import { integrationKeys as ik, keys, ttlAt } from '../adapters/dynamodb/keys';
import type { ApiKeyStore, StoredApiKey } from './ports';

/** The count of a dealer's active keys, kept beside them so that the cap holds under concurrent creates. */
const activeCount = (sub: string) => ({ PK: `USER#${sub}`, SK: 'APIKEY_COUNT' });

const withoutNulls = (o: object) => Object.fromEntries(Object.entries(o).filter(([, v]) => v !== null));

export class DynamoDbApiKeyStore implements ApiKeyStore {
  async create(key: StoredApiKey, max: number): Promise<boolean> {
    try {
      await dynamo().send(
        new TransactWriteCommand({
          TransactItems: [
            {
              Update: {
                TableName: tableName(),
                Key: activeCount(key.user_id),
                UpdateExpression: 'ADD active :one',
                ConditionExpression: 'attribute_not_exists(active) OR active < :max',
                ExpressionAttributeValues: { ':one': 1, ':max': max },
              },
            },
            // Absent, not null, until used or revoked: the conditions test attribute_not_exists(revoked_at).
            { Put: { TableName: tableName(), Item: { ...ik.apiKey(key.user_id, key.key_id), ...withoutNulls(key) }, ConditionExpression: 'attribute_not_exists(PK)' } },
            {
              Put: {
                TableName: tableName(),
                Item: { ...ik.apiKeyHash(key.key_hash), ...ik.apiKeyHashIndex(key.user_id, key.key_hash), user_id: key.user_id, key_id: key.key_id },
                ConditionExpression: 'attribute_not_exists(PK)',
              },
            },
          ],
        }),
      );
      return true;
    } catch (error) {
      if (isConditionFailure(error)) return false;
      throw error;
    }
  }

  async list(sub: string): Promise<StoredApiKey[]> {
    const out = await dynamo().send(
      new QueryCommand({
        TableName: tableName(),
        KeyConditionExpression: 'PK = :pk AND begins_with(SK, :prefix)',
        ExpressionAttributeValues: { ':pk': keys.userPartition(sub), ':prefix': ik.apiKeyPrefix },
        ScanIndexForward: false,
      }),
    );
    return (out.Items ?? []).map((i) => ({
      key_id: i.key_id,
      user_id: i.user_id,
      name: i.name,
      prefix: i.prefix,
      key_hash: i.key_hash,
      created_at: i.created_at,
      ...(i.created_by ? { created_by: i.created_by } : {}),
      last_used_at: i.last_used_at ?? null,
      revoked_at: i.revoked_at ?? null,
      calls: i.calls ?? 0,
    }));
  }

  async revoke(sub: string, keyId: string, now: string): Promise<boolean> {
    const found = await dynamo().send(new GetCommand({ TableName: tableName(), Key: ik.apiKey(sub, keyId), ConsistentRead: true }));
    if (!found.Item) return false;
    if (found.Item.revoked_at) return true;
    try {
      await dynamo().send(
        new TransactWriteCommand({
          TransactItems: [
            {
              Update: {
                TableName: tableName(),
                Key: ik.apiKey(sub, keyId),
                UpdateExpression: 'SET revoked_at = :now',
                ConditionExpression: 'attribute_exists(PK) AND attribute_not_exists(revoked_at)',
                ExpressionAttributeValues: { ':now': now },
              },
            },
            { Delete: { TableName: tableName(), Key: ik.apiKeyHash(found.Item.key_hash as string) } },
            { Update: { TableName: tableName(), Key: activeCount(sub), UpdateExpression: 'ADD active :minus', ExpressionAttributeValues: { ':minus': -1 } } },
          ],
        }),
      );
    } catch (error) {
      // Revoked meanwhile by another call: revoked all the same.
      if (!isConditionFailure(error)) throw error;
    }
    return true;
  }

  async findByHash(hash: string) {
    const out = await dynamo().send(new GetCommand({ TableName: tableName(), Key: ik.apiKeyHash(hash), ConsistentRead: true }));
    return out.Item ? { user_id: String(out.Item.user_id), key_id: String(out.Item.key_id) } : undefined;
  }

  async recordCall(sub: string, keyId: string, now: string): Promise<boolean> {
    try {
      await dynamo().send(
        new UpdateCommand({
          TableName: tableName(),
          Key: ik.apiKey(sub, keyId),
          UpdateExpression: 'SET last_used_at = :now ADD calls :one',
          ConditionExpression: 'attribute_exists(PK) AND attribute_not_exists(revoked_at)',
          ExpressionAttributeValues: { ':now': now, ':one': 1 },
        }),
      );
      return true;
    } catch (error) {
      if (isConditionFailure(error)) return false;
      throw error;
    }
  }

  async allowCall(scope: 'api-key' | 'api-dealer', subject: string, perWindow: number, windowStartMs: number, windowMs: number): Promise<boolean> {
    try {
      await dynamo().send(
        new UpdateCommand({
          TableName: tableName(),
          Key: keys.rateWindow(scope, subject, windowStartMs),
          UpdateExpression: 'ADD #count :one SET expiresAt = :exp',
          ConditionExpression: 'attribute_not_exists(#count) OR #count < :max',
          ExpressionAttributeNames: { '#count': 'count' },
          ExpressionAttributeValues: { ':one': 1, ':max': perWindow, ':exp': ttlAt(windowStartMs + 2 * windowMs) },
        }),
      );
      return true;
    } catch (error) {
      if (isConditionFailure(error)) return false;
      throw error;
    }
  }

  async countUsage(sub: string, day: string, what: 'api_calls' | 'webhook_deliveries'): Promise<void> {
    await dynamo().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: ik.usageDay(sub, day),
        UpdateExpression: 'ADD #what :one SET #day = :day',
        ExpressionAttributeNames: { '#what': what, '#day': 'day' },
        ExpressionAttributeValues: { ':one': 1, ':day': day },
      }),
    );
  }

  async usage(sub: string, sinceDay: string) {
    const out = await dynamo().send(
      new QueryCommand({
        TableName: tableName(),
        KeyConditionExpression: 'PK = :pk AND SK BETWEEN :from AND :to',
        ExpressionAttributeValues: { ':pk': keys.userPartition(sub), ':from': `${ik.usagePrefix}${sinceDay}`, ':to': `${ik.usagePrefix}9999` },
        ScanIndexForward: false,
      }),
    );
    return (out.Items ?? []).map((i) => ({ day: String(i.day), api_calls: Number(i.api_calls ?? 0), webhook_deliveries: Number(i.webhook_deliveries ?? 0) }));
  }
}
