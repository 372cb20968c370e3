import { GetCommand, TransactWriteCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { dynamo, isConditionFailure, tableName } from '../adapters/dynamodb/client';
import { inventoryFeedKeys as fk } from '../adapters/dynamodb/keys';
import type { FeedRecord, InventoryFeedStore } from './ports';

const recordOf = (item: Record<string, unknown>): FeedRecord => ({
  signing_key: String(item.signing_key),
  link_hash: typeof item.link_hash === 'string' ? item.link_hash : null,
  link_created_at: typeof item.link_created_at === 'string' ? item.link_created_at : null,
});

export class DynamoDbInventoryFeedStore implements InventoryFeedStore {
  async get(sub: string): Promise<FeedRecord | undefined> {
    const out = await dynamo().send(new GetCommand({ TableName: tableName(), Key: fk.feed(sub), ConsistentRead: true }));
    return out.Item?.signing_key ? recordOf(out.Item) : undefined;
  }

  async ensure(sub: string, signingKey: string, now: string): Promise<FeedRecord> {
    const out = await dynamo().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: fk.feed(sub),
        UpdateExpression: 'SET entity = :e, user_id = :sub, signing_key = if_not_exists(signing_key, :k), created_at = if_not_exists(created_at, :now)',
        ExpressionAttributeValues: { ':e': 'inventory_feed', ':sub': sub, ':k': signingKey, ':now': now },
        ReturnValues: 'ALL_NEW',
      }),
    );
    return recordOf(out.Attributes!);
  }

  async rotate(sub: string, previous: FeedRecord | undefined, next: { signing_key: string; link_hash: string; link_created_at: string }): Promise<boolean> {
    try {
      await dynamo().send(
        new TransactWriteCommand({
          TransactItems: [
            {
              Put: {
                TableName: tableName(),
                Item: { ...fk.feed(sub), entity: 'inventory_feed', user_id: sub, created_at: next.link_created_at, ...next },
                ...(previous
                  ? { ConditionExpression: 'signing_key = :old', ExpressionAttributeValues: { ':old': previous.signing_key } }
                  : { ConditionExpression: 'attribute_not_exists(PK)' }),
              },
            },
            ...(previous?.link_hash ? [{ Delete: { TableName: tableName(), Key: fk.link(previous.link_hash) } }] : []),
            {
              Put: {
                TableName: tableName(),
                Item: { ...fk.link(next.link_hash), ...fk.linkIndex(sub, next.link_hash), entity: 'inventory_feed_link', user_id: sub, created_at: next.link_created_at },
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

  async findLink(tokenHash: string): Promise<string | undefined> {
    const out = await dynamo().send(new GetCommand({ TableName: tableName(), Key: fk.link(tokenHash), ConsistentRead: true }));
    return typeof out.Item?.user_id === 'string' ? out.Item.user_id : undefined;
  }
}
