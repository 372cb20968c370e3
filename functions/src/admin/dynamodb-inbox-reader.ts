import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import { dynamo, tableName } from '../adapters/dynamodb/client';
import { keys } from '../adapters/dynamodb/keys';
import type { InboxReader } from './inbox';

async function newest(partition: string, limit: number) {
  const out = await dynamo().send(
    new QueryCommand({
      TableName: tableName(),
      IndexName: 'GSI1',
      KeyConditionExpression: 'GSI1PK = :pk',
      ExpressionAttributeValues: { ':pk': partition },
      ScanIndexForward: false,
      Limit: limit,
    }),
  );
  return out.Items ?? [];
}

export class DynamoDbInboxReader implements InboxReader {
  async recentContactMessages(limit: number) {
    return (await newest(keys.contactMessagesIndexPartition, limit)).map((i) => ({
      id: String(i.id),
      name: String(i.name),
      email: String(i.email),
      message: String(i.message),
      status: String(i.status),
      created_at: String(i.createdAt),
    }));
  }

  async recentSupportTickets(limit: number) {
    return (await newest(keys.supportTicketsIndexPartition, limit)).map((i) => ({
      id: String(i.id),
      user_id: String(i.user_id),
      name: String(i.name),
      email: String(i.email),
      category: i.category,
      subject: String(i.subject),
      message: String(i.message),
      status: String(i.status),
      created_at: String(i.created_at),
      attachment: i.attachment ?? null,
    }));
  }
}
