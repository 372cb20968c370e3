import type { ActingMember } from '@shared/schemas/team';
import { GetCommand, TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { dynamo, ignoreConditionFailure, tableName } from '../adapters/dynamodb/client';
import { keys, shareKeys } from '../adapters/dynamodb/keys';
import type { ShareStore } from './share';

export class DynamoDbShareStore implements ShareStore {
  async turnOn(pkg: { id: string; user_id: string }, token: string, tokenHash: string, now: string, by?: ActingMember): Promise<boolean> {
    return ignoreConditionFailure(
      dynamo().send(
        new TransactWriteCommand({
          TransactItems: [
            {
              Update: {
                TableName: tableName(),
                Key: keys.carPackage(pkg.id),
                UpdateExpression: by ? 'SET share_token = :t, shared_by = :by' : 'SET share_token = :t REMOVE shared_by',
                ConditionExpression: 'attribute_exists(PK) AND user_id = :sub AND attribute_not_exists(share_token)',
                ExpressionAttributeValues: { ':t': token, ':sub': pkg.user_id, ...(by ? { ':by': by } : {}) },
              },
            },
            {
              Put: {
                TableName: tableName(),
                Item: { ...shareKeys.share(tokenHash), ...shareKeys.shareIndex(pkg.user_id, tokenHash), entity: 'share', package_id: pkg.id, user_id: pkg.user_id, created_at: now },
                ConditionExpression: 'attribute_not_exists(PK)',
              },
            },
          ],
        }),
      ),
    );
  }

  async turnOff(pkg: { id: string; user_id: string }, token: string, tokenHash: string): Promise<void> {
    await ignoreConditionFailure(
      dynamo().send(
        new TransactWriteCommand({
          TransactItems: [
            {
              Update: {
                TableName: tableName(),
                Key: keys.carPackage(pkg.id),
                UpdateExpression: 'REMOVE share_token, shared_by',
                ConditionExpression: 'share_token = :t',
                ExpressionAttributeValues: { ':t': token },
              },
            },
            { Delete: { TableName: tableName(), Key: shareKeys.share(tokenHash) } },
          ],
        }),
      ),
    );
  }

  async find(tokenHash: string) {
    const out = await dynamo().send(new GetCommand({ TableName: tableName(), Key: shareKeys.share(tokenHash), ConsistentRead: true }));
    if (!out.Item) return undefined;
    return { package_id: String(out.Item.package_id), user_id: String(out.Item.user_id) };
  }
}
