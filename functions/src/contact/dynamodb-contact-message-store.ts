import { TransactWriteCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { dynamo, isConditionFailure, tableName } from '../adapters/dynamodb/client';
import { keys, ttlAt } from '../adapters/dynamodb/keys';
import type { ContactMessageStore, StoredContactMessage } from './send-contact-message';

export class DynamoDbContactMessageStore implements ContactMessageStore {
  async saveWithinLimits(message: StoredContactMessage, limits: { perClient: number; perEmail: number; windowMs: number }): Promise<boolean> {
    const now = Date.parse(message.createdAt);
    const windowStart = now - (now % limits.windowMs);
    const expiresAt = ttlAt(windowStart + 2 * limits.windowMs);
    const counter = (subject: string, scope: string, max: number) => ({
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
            counter(message.clientIp, 'contact-client', limits.perClient),
            counter(message.email, 'contact-email', limits.perEmail),
            {
              Put: {
                TableName: tableName(),
                Item: {
                  ...keys.contactMessage(message.id),
                  // Listed newest first in the admin inbox (a Query on GSI1, not a Scan).
                  ...keys.contactMessageIndex(message.createdAt, message.id),
                  entity: 'contact_message',
                  status: 'received',
                  ...message,
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
        Key: keys.contactMessage(id),
        UpdateExpression: 'SET #status = :s',
        ExpressionAttributeNames: { '#status': 'status' },
        ExpressionAttributeValues: { ':s': outcome },
      }),
    );
  }
}
