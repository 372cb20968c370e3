import { randomUUID } from 'node:crypto';
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { describe, expect, it } from 'vitest';
import { INBOX_RETENTION_DAYS } from '@shared/limits';
import { useLocalHost } from '../support/local-host';

/**
 * Contact messages and support tickets expire: each item carries the table's TTL attribute (expiresAt, seconds) a
 * year after it was sent, so DynamoDB deletes it (support attachments: the uploads bucket's lifecycle rule).
 */
useLocalHost();
const { DynamoDbContactMessageStore } = await import('../../functions/src/contact/dynamodb-contact-message-store');
const { DynamoDbSupportTicketStore } = await import('../../functions/src/support/dynamodb-support-ticket-store');
const { dynamo, tableName } = await import('../../functions/src/adapters/dynamodb/client');
const { keys } = await import('../../functions/src/adapters/dynamodb/keys');

const limits = { perClient: 100, perEmail: 100, perUser: 100, windowMs: 3_600_000 };
const sentAt = new Date('2026-03-01T10:00:00.000Z');
const expected = Math.floor(sentAt.getTime() / 1000) + INBOX_RETENTION_DAYS * 86_400;
const read = async (key: { PK: string; SK: string }) => (await dynamo().send(new GetCommand({ TableName: tableName(), Key: key, ConsistentRead: true }))).Item;

describe('inbox retention', () => {
  it(`a contact message expires ${INBOX_RETENTION_DAYS} days after it was sent`, async () => {
    const id = randomUUID();
    const saved = await new DynamoDbContactMessageStore().saveWithinLimits(
      { id, name: 'Retention', email: `retention-${id}@example.com`, message: 'Kept for a year.', clientIp: `10.99.${id.charCodeAt(0)}.1`, createdAt: sentAt.toISOString() },
      limits,
    );
    expect(saved).toBe(true);
    expect((await read(keys.contactMessage(id)))?.expiresAt).toBe(expected);
  });

  it(`a support ticket expires ${INBOX_RETENTION_DAYS} days after it was sent`, async () => {
    const id = randomUUID();
    const ticket = { id, user_id: randomUUID(), name: 'Retention', email: 'retention@example.com', category: 'technical', subject: 'TTL', message: 'Kept for a year.', attachment: null, client_ip: '10.98.0.1', created_at: sentAt.toISOString() };
    expect(await new DynamoDbSupportTicketStore().saveWithinLimits(ticket as never, limits)).toBe(true);
    expect((await read(keys.supportTicket(id)))?.expiresAt).toBe(expected);
  });
});
