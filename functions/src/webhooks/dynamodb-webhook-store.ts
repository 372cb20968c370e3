import { DeleteCommand, GetCommand, PutCommand, QueryCommand, TransactWriteCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { dynamo, ignoreConditionFailure, isConditionFailure, tableName } from '../adapters/dynamodb/client';
import { integrationKeys as ik, keys, ttlAt } from '../adapters/dynamodb/keys';
import type { DeliveryAttempt, StoredDelivery, StoredEndpoint, WebhookEvent, WebhookStore } from './ports';

/** The count of a dealer's endpoints, kept beside them so that the cap holds under concurrent registrations. */
const endpointCount = (sub: string) => ({ PK: `USER#${sub}`, SK: 'WEBHOOK_COUNT' });
/** Deliveries and events are kept 30 days. */
const KEEP_MS = 30 * 24 * 60 * 60 * 1000;

const strip = <T>(item: Record<string, unknown>): T => {
  const { PK: _pk, SK: _sk, GSI1PK: _g, GSI1SK: _gs, expiresAt: _e, ...rest } = item;
  return rest as T;
};

export class DynamoDbWebhookStore implements WebhookStore {
  async putEndpoint(endpoint: StoredEndpoint, max: number): Promise<boolean> {
    try {
      await dynamo().send(
        new TransactWriteCommand({
          TransactItems: [
            {
              Update: {
                TableName: tableName(),
                Key: endpointCount(endpoint.user_id),
                UpdateExpression: 'ADD #n :one',
                ConditionExpression: 'attribute_not_exists(#n) OR #n < :max',
                ExpressionAttributeNames: { '#n': 'endpoints' },
                ExpressionAttributeValues: { ':one': 1, ':max': max },
              },
            },
            { Put: { TableName: tableName(), Item: { ...ik.webhookEndpoint(endpoint.user_id, endpoint.id), ...endpoint }, ConditionExpression: 'attribute_not_exists(PK)' } },
          ],
        }),
      );
      return true;
    } catch (error) {
      if (isConditionFailure(error)) return false;
      throw error;
    }
  }

  async listEndpoints(sub: string): Promise<StoredEndpoint[]> {
    const out = await dynamo().send(
      new QueryCommand({
        TableName: tableName(),
        KeyConditionExpression: 'PK = :pk AND begins_with(SK, :p)',
        ExpressionAttributeValues: { ':pk': keys.userPartition(sub), ':p': ik.webhookEndpointPrefix },
        ConsistentRead: true,
      }),
    );
    return (out.Items ?? []).map((i) => strip<StoredEndpoint>(i));
  }

  async getEndpoint(sub: string, id: string): Promise<StoredEndpoint | undefined> {
    const out = await dynamo().send(new GetCommand({ TableName: tableName(), Key: ik.webhookEndpoint(sub, id), ConsistentRead: true }));
    return out.Item ? strip<StoredEndpoint>(out.Item) : undefined;
  }

  async deleteEndpoint(sub: string, id: string): Promise<boolean> {
    try {
      await dynamo().send(
        new TransactWriteCommand({
          TransactItems: [
            { Delete: { TableName: tableName(), Key: ik.webhookEndpoint(sub, id), ConditionExpression: 'attribute_exists(PK)' } },
            { Update: { TableName: tableName(), Key: endpointCount(sub), UpdateExpression: 'ADD #n :minus', ExpressionAttributeNames: { '#n': 'endpoints' }, ExpressionAttributeValues: { ':minus': -1 } } },
          ],
        }),
      );
    } catch (error) {
      if (isConditionFailure(error)) return false;
      throw error;
    }
    // Its delivery log goes with it.
    const log = await this.listDeliveries(sub, id, 1000);
    for (const d of log) await dynamo().send(new DeleteCommand({ TableName: tableName(), Key: ik.webhookDelivery(sub, id, d.id) }));
    return true;
  }

  async recordEvent(sub: string, event: WebhookEvent): Promise<boolean> {
    return ignoreConditionFailure(
      dynamo().send(
        new PutCommand({
          TableName: tableName(),
          Item: { ...ik.webhookEvent(event.id), ...ik.webhookEventIndex(sub, event.id), event_type: event.type, created_at: event.created_at, expiresAt: ttlAt(Date.parse(event.created_at) + KEEP_MS) },
          ConditionExpression: 'attribute_not_exists(PK)',
        }),
      ),
    );
  }

  async putDelivery(d: StoredDelivery): Promise<void> {
    await dynamo().send(
      new PutCommand({ TableName: tableName(), Item: { ...ik.webhookDelivery(d.user_id, d.endpoint_id, d.id), ...d, expiresAt: ttlAt(Date.parse(d.created_at) + KEEP_MS) } }),
    );
  }

  async recordAttempt(sub: string, endpointId: string, deliveryId: string, attempt: DeliveryAttempt, status: StoredDelivery['status'], nextAttemptAt: string | null): Promise<void> {
    await ignoreConditionFailure(
      dynamo().send(
        new UpdateCommand({
          TableName: tableName(),
          Key: ik.webhookDelivery(sub, endpointId, deliveryId),
          UpdateExpression: 'SET attempts = list_append(attempts, :a), #s = :s, next_attempt_at = :next',
          // The endpoint (and its log) may have been deleted meanwhile: nothing is recreated.
          ConditionExpression: 'attribute_exists(PK)',
          ExpressionAttributeNames: { '#s': 'status' },
          ExpressionAttributeValues: { ':a': [attempt], ':s': status, ':next': nextAttemptAt },
        }),
      ),
    );
  }

  async listDeliveries(sub: string, endpointId: string, limit: number): Promise<StoredDelivery[]> {
    const out = await dynamo().send(
      new QueryCommand({
        TableName: tableName(),
        KeyConditionExpression: 'PK = :pk AND begins_with(SK, :p)',
        ExpressionAttributeValues: { ':pk': keys.userPartition(sub), ':p': ik.webhookDeliveryPrefix(endpointId) },
        ScanIndexForward: false,
        Limit: limit,
        ConsistentRead: true,
      }),
    );
    return (out.Items ?? []).map((i) => strip<StoredDelivery>(i));
  }
}
