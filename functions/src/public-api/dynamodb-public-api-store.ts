import { DeleteCommand, GetCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { dynamo, ignoreConditionFailure, isConditionFailure, tableName } from '../adapters/dynamodb/client';
import { integrationKeys as ik, ttlAt } from '../adapters/dynamodb/keys';
import type { ExternalIdClaim, ExternalIdIndex, IdempotencyKeys } from './ports';

export class DynamoDbExternalIdIndex implements ExternalIdIndex {
  async claim(sub: string, externalId: string, packageId: string, nowMs: number): Promise<ExternalIdClaim> {
    const claimed = await ignoreConditionFailure(
      dynamo().send(
        new PutCommand({
          TableName: tableName(),
          Item: { ...ik.externalId(sub, externalId), external_id: externalId, package_id: packageId, claimed_at: nowMs },
          ConditionExpression: 'attribute_not_exists(PK)',
        }),
      ),
    );
    if (claimed) return { packageId, claimedAtMs: nowMs };
    const out = await dynamo().send(new GetCommand({ TableName: tableName(), Key: ik.externalId(sub, externalId), ConsistentRead: true }));
    // Released between the two calls: nobody holds it now, so claim it again.
    if (!out.Item) return this.claim(sub, externalId, packageId, nowMs);
    return { packageId: String(out.Item.package_id), claimedAtMs: Number(out.Item.claimed_at ?? 0) };
  }

  async replace(sub: string, externalId: string, fromId: string, toId: string, nowMs: number): Promise<boolean> {
    return ignoreConditionFailure(
      dynamo().send(
        new UpdateCommand({
          TableName: tableName(),
          Key: ik.externalId(sub, externalId),
          UpdateExpression: 'SET package_id = :to, claimed_at = :now',
          ConditionExpression: 'package_id = :from',
          ExpressionAttributeValues: { ':from': fromId, ':to': toId, ':now': nowMs },
        }),
      ),
    );
  }

  async release(sub: string, externalId: string, packageId: string): Promise<void> {
    await ignoreConditionFailure(
      dynamo().send(new DeleteCommand({ TableName: tableName(), Key: ik.externalId(sub, externalId), ConditionExpression: 'package_id = :id', ExpressionAttributeValues: { ':id': packageId } })),
    );
  }
}

export class DynamoDbIdempotencyKeys implements IdempotencyKeys {
  async claim(sub: string, keyHash: string, request: string, expiresAtMs: number): Promise<string> {
    try {
      await dynamo().send(
        new PutCommand({
          TableName: tableName(),
          Item: { ...ik.idempotencyKey(sub, keyHash), request, expiresAt: ttlAt(expiresAtMs) },
          // An expired key (TTL deletes within days, not at once) may be used again.
          ConditionExpression: 'attribute_not_exists(PK) OR expiresAt < :now',
          ExpressionAttributeValues: { ':now': ttlAt(Date.now()) },
        }),
      );
      return request;
    } catch (error) {
      if (!isConditionFailure(error)) throw error;
      const out = await dynamo().send(new GetCommand({ TableName: tableName(), Key: ik.idempotencyKey(sub, keyHash), ConsistentRead: true }));
      return String(out.Item?.request ?? request);
    }
  }
}
