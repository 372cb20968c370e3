import { describe, expect, it } from 'vitest';
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { useLocalHost } from '../support/local-host';

useLocalHost();
const { DynamoDbContactMessageStore } = await import('../../functions/src/contact/dynamodb-contact-message-store');
const { dynamo, tableName } = await import('../../functions/src/adapters/dynamodb/client');
const { keys } = await import('../../functions/src/adapters/dynamodb/keys');

const store = new DynamoDbContactMessageStore();
const limits = { perClient: 2, perEmail: 10, windowMs: 3_600_000 };
const message = (n: number, clientIp: string, email: string) => ({
  id: `TXTEST${Date.now()}${n}`,
  name: 'Tx',
  email,
  message: 'hello',
  clientIp,
  createdAt: new Date().toISOString(),
});
const get = async (key: { PK: string; SK: string }) => (await dynamo().send(new GetCommand({ TableName: tableName(), Key: key }))).Item;

describe('DynamoDB Local transactions through the project adapter', () => {
  it('a transaction whose condition fails leaves nothing written', async () => {
    const ip = `10.0.0.${Date.now() % 250}`;
    const email = `tx-${Date.now()}@example.com`;
    expect(await store.saveWithinLimits(message(1, ip, email), limits)).toBe(true);
    expect(await store.saveWithinLimits(message(2, ip, email), limits)).toBe(true);
    const third = message(3, ip, email);
    // The client window is full: the condition on the client counter fails the whole transaction.
    expect(await store.saveWithinLimits(third, limits)).toBe(false);
    expect(await get(keys.contactMessage(third.id))).toBeUndefined();
    const now = Date.parse(third.createdAt);
    const windowStart = now - (now % limits.windowMs);
    // The e-mail counter, the transaction's other update, was not incremented either.
    expect((await get(keys.rateWindow('contact-email', email, windowStart)))?.count).toBe(2);
    expect((await get(keys.rateWindow('contact-client', ip, windowStart)))?.count).toBe(2);
  });
});
