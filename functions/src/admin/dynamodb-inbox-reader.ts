import { newestInPartition } from '../adapters/dynamodb/newest-first';
import { keys } from '../adapters/dynamodb/keys';
import type { InboxReader } from './inbox';

const newest = async (partition: string, limit: number) => (await newestInPartition(partition, limit)).items;

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
