import { describe, expect, it } from 'vitest';
import { RECENT_TRANSACTIONS_LIMIT } from '@shared/limits';
import { MESSAGES } from '@shared/messages';
import { creditBalanceSchema, creditTransactionsResponseSchema, useCreditsResponseSchema } from '@shared/schemas';
import { useLocalHost } from '../support/local-host';
import { callRoute, newUser } from './accounts-test-events';

useLocalHost();
const { ensureAccountInTable } = await import('../../functions/src/accounts/ensure-account-in-table');
const { DynamoDbCreditStore } = await import('../../functions/src/credits/dynamodb-credit-store');
const store = new DynamoDbCreditStore();

const use = (user: { sub: string; email: string }, body: unknown) => callRoute('POST /api/credits/use', { user, body });

describe('POST /api/credits/use, GET /api/credits/balance, GET /api/credits/transactions', () => {
  it('spends, answers the new balance, and 402 "Insufficient credits. Need n, have m" when short', async () => {
    const user = newUser();
    await ensureAccountInTable(user);
    const ok = await use(user, { credits_to_use: 3, description: 'batch of 3', metadata: { batch: 'b1' }, idempotency_key: 'b1' });
    expect(ok.status).toBe(200);
    const parsed = useCreditsResponseSchema.parse(ok.body);
    expect(parsed).toMatchObject({ success: true, credits_used: 3, transaction_id: 'USE#b1' });
    expect(parsed.balance.total_credits).toBe(2);
    const short = await use(user, { credits_to_use: 4, description: 'batch of 4', idempotency_key: 'b2' });
    expect(short.status).toBe(402);
    expect(short.body).toMatchObject({ message: 'Insufficient credits. Need 4, have 2', code: 'insufficient_credits' });
    const balance = await callRoute('GET /api/credits/balance', { user });
    expect(creditBalanceSchema.parse(balance.body).total_credits).toBe(2);
  });

  it(`lists the ${RECENT_TRANSACTIONS_LIMIT} newest transactions, newest first`, async () => {
    const user = newUser();
    await ensureAccountInTable(user);
    const { grantPurchasedCredits } = await import('../../functions/src/credits/credit-changes');
    await grantPurchasedCredits({ store }, { sub: user.sub, credits: 20, purchaseKey: `pi-${user.sub}`, description: 'Small Business' });
    for (let i = 1; i <= 12; i++) {
      expect((await use(user, { credits_to_use: 1, description: `photo ${i}`, idempotency_key: `p${i}` })).status).toBe(200);
    }
    const res = await callRoute('GET /api/credits/transactions', { user });
    const { transactions } = creditTransactionsResponseSchema.parse(res.body);
    expect(transactions.map((t) => t.description)).toEqual(Array.from({ length: 10 }, (_, i) => `photo ${12 - i}`));
    expect(transactions[0]).toMatchObject({ kind: 'use', credits: -1, user_id: user.sub });
    // 5 trial first, then purchased.
    expect(transactions.map((t) => t.trial_delta)).toEqual([0, 0, 0, 0, 0, 0, 0, -1, -1, -1]);
  });

  const bad: [string, { body?: unknown; rawBody?: string }, number, RegExp][] = [
    ['malformed JSON', { rawBody: '{"credits_to_use": 1,' }, 400, /not valid JSON/],
    ['empty body', { rawBody: '' }, 400, /JSON body is required/],
    ['negative credits', { body: { credits_to_use: -1, description: 'x', idempotency_key: 'k' } }, 400, /credits_to_use must be at least 1/],
    ['zero credits', { body: { credits_to_use: 0, description: 'x', idempotency_key: 'k' } }, 400, /credits_to_use must be at least 1/],
    ['fractional credits', { body: { credits_to_use: 1.5, description: 'x', idempotency_key: 'k' } }, 400, /whole number/],
    ['too many credits', { body: { credits_to_use: 101, description: 'x', idempotency_key: 'k' } }, 400, /at most 100/],
    ['credits as text', { body: { credits_to_use: '1', description: 'x', idempotency_key: 'k' } }, 400, /credits_to_use must be a number/],
    ['missing idempotency key', { body: { credits_to_use: 1, description: 'x' } }, 400, /idempotency_key is required/],
    ['missing description', { body: { credits_to_use: 1, idempotency_key: 'k' } }, 400, /description is required/],
    ['metadata not an object', { body: { credits_to_use: 1, description: 'x', idempotency_key: 'k', metadata: 'x' } }, 400, /metadata must be an object/],
    ['unknown field', { body: { credits_to_use: 1, description: 'x', idempotency_key: 'k', free: true } }, 400, /Unknown field: free/],
  ];
  for (const [name, input, status, message] of bad) {
    it(`bad input (${name}) gets ${status} with a clear message and charges nothing`, async () => {
      const user = newUser();
      await ensureAccountInTable(user);
      const before = await store.read(user.sub, []);
      const res = await callRoute('POST /api/credits/use', { user, ...input });
      expect(res.status).toBe(status);
      expect(res.body.message).toMatch(message);
      expect(await store.read(user.sub, [])).toEqual(before);
      expect((await store.listAll(user.sub)).length).toBe(1);
    });
  }

  it('the insufficient-credits message is the shared one', () => {
    expect(MESSAGES.insufficientCredits(4, 2)).toBe('Insufficient credits. Need 4, have 2');
  });
});
