import { TransactWriteCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { dynamo, isConditionFailure, tableName } from '../adapters/dynamodb/client';
import { keys, ttlAt } from '../adapters/dynamodb/keys';
import type { StoredSupportTicket, SupportTicketStore } from './create-support-ticket';

export class DynamoDbSupportTicketStore implements SupportTicketStore {
  async saveWithinLimits(ticket: StoredSupportTicket, limits: { perUser: number; perClient: number; windowMs: number }): Promise<boolean> {
    const now = Date.parse(ticket.created_at);
    const windowStart = now - (now % limits.windowMs);
    const expiresAt = ttlAt(windowStart + 2 * limits.windowMs);
    const counter = (scope: string, subject: string, max: number) => ({
      Update: {
        TableName: tableName(),
        Key: keys.rateWindow(scope, subject, windowStart),
        UpdateExpression: 'ADD #count :one SET expiresAt = :exp',
        ConditionExpression: 'attribute_not_exists(#count) OR #count < :max',
        ExpressionAttributeNames: { '#count': 'count' },
        ExpressionAttributeValues: { ':one': 1, ':max': max, ':exp': expiresAt },
      },
    });
    try {
      await dynamo().send(
        new TransactWriteCommand({
          TransactItems: [
            counter('support-user', ticket.user_id, limits.perUser),
            counter('support-client', ticket.client_ip, limits.perClient),
            {
              Put: {
                TableName: tableName(),
                Item: {
                  ...keys.supportTicket(ticket.id),
                  ...keys.supportTicketIndex(ticket.created_at, ticket.id),
                  entity: 'support_ticket',
                  status: 'received',
                  ...ticket,
                },
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

  async markMailed(id: string, outcome: 'mailed' | 'mail_failed'): Promise<void> {
    await dynamo().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: keys.supportTicket(id),
        UpdateExpression: 'SET #status = :s',
        ExpressionAttributeNames: { '#status': 'status' },
        ExpressionAttributeValues: { ':s': outcome },
      }),
    );
  }
}
