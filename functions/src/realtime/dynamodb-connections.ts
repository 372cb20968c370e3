import { DeleteCommand, GetCommand, PutCommand, QueryCommand, TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { dynamo, isConditionFailure, tableName } from '../adapters/dynamodb/client';
import { keys, ttlAt } from '../adapters/dynamodb/keys';
import type { ConnectionRepository, ConnectionTicketStore } from './connections';

export class DynamoDbConnectionTicketStore implements ConnectionTicketStore {
  async save(ticketHash: string, sub: string, expiresAtMs: number): Promise<void> {
    await dynamo().send(
      new PutCommand({
        TableName: tableName(),
        Item: { ...keys.wsTicket(ticketHash), entity: 'ws_ticket', sub, validUntil: expiresAtMs, expiresAt: ttlAt(expiresAtMs) },
      }),
    );
  }

  async consume(ticketHash: string, nowMs: number): Promise<string | undefined> {
    try {
      // Delete-with-condition makes the ticket single use even under concurrent connects.
      const out = await dynamo().send(
        new DeleteCommand({
          TableName: tableName(),
          Key: keys.wsTicket(ticketHash),
          ConditionExpression: 'attribute_exists(PK) AND validUntil > :now',
          ExpressionAttributeValues: { ':now': nowMs },
          ReturnValues: 'ALL_OLD',
        }),
      );
      return out.Attributes?.sub as string | undefined;
    } catch (error) {
      if (isConditionFailure(error)) return undefined;
      throw error;
    }
  }
}

const connectionOwner = (connectionId: string) => ({ PK: `CONNECTION#${connectionId}`, SK: 'OWNER' });

export class DynamoDbConnectionRepository implements ConnectionRepository {
  async add(sub: string, connectionId: string, expiresAtMs: number): Promise<void> {
    const expiresAt = ttlAt(expiresAtMs);
    await dynamo().send(
      new TransactWriteCommand({
        TransactItems: [
          { Put: { TableName: tableName(), Item: { ...keys.wsConnection(sub, connectionId), entity: 'ws_connection', connectionId, expiresAt } } },
          { Put: { TableName: tableName(), Item: { ...connectionOwner(connectionId), entity: 'ws_connection_owner', sub, expiresAt } } },
        ],
      }),
    );
  }

  async remove(connectionId: string): Promise<void> {
    const owner = await dynamo().send(new GetCommand({ TableName: tableName(), Key: connectionOwner(connectionId) }));
    const sub = owner.Item?.sub as string | undefined;
    await dynamo().send(
      new TransactWriteCommand({
        TransactItems: [
          { Delete: { TableName: tableName(), Key: connectionOwner(connectionId) } },
          ...(sub ? [{ Delete: { TableName: tableName(), Key: keys.wsConnection(sub, connectionId) } }] : []),
        ],
      }),
    );
  }

  async listForUser(sub: string): Promise<string[]> {
    const out = await dynamo().send(
      new QueryCommand({
        TableName: tableName(),
        KeyConditionExpression: 'PK = :pk AND begins_with(SK, :conn)',
        ExpressionAttributeValues: { ':pk': keys.userPartition(sub), ':conn': keys.wsConnectionPrefix },
      }),
    );
    return (out.Items ?? []).map((i) => i.connectionId as string);
  }
}
