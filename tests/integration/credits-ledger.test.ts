import { describe, expect, it } from 'vitest';
import { BONUS_CREDIT_LIFETIME_MS, TRIAL_CREDIT_LIFETIME_MS } from '@shared/limits';
import { MESSAGES } from '@shared/messages';
import { useLocalHost } from '../support/local-host';
import { callRoute, newUser } from './accounts-test-events';

useLocalHost();
const { ensureAccount } = await import('../../functions/src/accounts/ensure-account');
const { DynamoDbAccountStore } = await import('../../functions/src/accounts/dynamodb-account-store');
const { DynamoDbCreditStore } = await import('../../functions/src/credits/dynamodb-credit-store');
const credits = await import('../../functions/src/credits/credit-changes');
const { txIds } = await import('../../functions/src/credits/credit-store');
const { getCreditBalance } = await import('../../functions/src/credits/read-credits');

const accounts = new DynamoDbAccountStore();
const store = new DynamoDbCreditStore();
const DAY = 24 * 60 * 60 * 1000;

async function newAccount(at = new Date()) {
  const user = newUser();
  await ensureAccount({ accounts, now: () => at }, user);
  return user;
}

/** The stored counters must equal the sum of the ledger's signed deltas, bucket by bucket and lot by lot. */
async function expectLedgerMatchesBalance(sub: string) {
  const [{ balance }, entries] = await Promise.all([store.read(sub, []), store.listAll(sub)]);
  const sum = (f: (e: (typeof entries)[number]) => number) => entries.reduce((s, e) => s + f(e), 0);
  expect(sum((e) => e.trial_delta)).toBe(balance!.trial_credits);
  expect(sum((e) => e.purchased_delta)).toBe(balance!.purchased_credits);
  const lots = new Map<string, number>();
  for (const e of entries) for (const l of e.bonus_lot_deltas) lots.set(l.id, (lots.get(l.id) ?? 0) + l.credits);
  for (const lot of balance!.bonus_lots) expect(lots.get(lot.id), lot.id).toBe(lot.credits);
  for (const [id, n] of lots) if (n !== 0) expect(balance!.bonus_lots.find((l) => l.id === id)?.credits, id).toBe(n);
  for (const e of entries) expect(e.credits).toBe(e.trial_delta + e.bonus_delta + e.purchased_delta);
  return { balance: balance!, entries };
}

describe('credits: one balance, one ledger, DynamoDB transactions', () => {
  it('50 concurrent uses of 1 credit on a balance of 5: exactly 5 succeed, 45 get 402, and the ledger sums to the balance', async () => {
    const user = await newAccount();
    const results = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        callRoute('POST /api/credits/use', { user, body: { credits_to_use: 1, description: 'race', idempotency_key: `race-${i}` } }),
      ),
    );
    const ok = results.filter((r) => r.status === 200);
    const refused = results.filter((r) => r.status === 402);
    expect(ok.length).toBe(5);
    expect(refused.length).toBe(45);
    for (const r of refused) expect(r.body.message).toBe(MESSAGES.insufficientCredits(1, 0));
    expect(new Set(ok.map((r) => r.body.balance.total_credits))).toEqual(new Set([0, 1, 2, 3, 4]));
    const { balance, entries } = await expectLedgerMatchesBalance(user.sub);
    expect(balance.trial_credits).toBe(0);
    expect(entries.filter((e) => e.kind === 'use').length).toBe(5);
  }, 60_000);

  it('a retried use with the same idempotency key charges once and answers the same result', async () => {
    const user = await newAccount();
    const body = { credits_to_use: 2, description: 'export', idempotency_key: 'retry-me' };
    const first = await callRoute('POST /api/credits/use', { user, body });
    const again = await Promise.all([1, 2, 3].map(() => callRoute('POST /api/credits/use', { user, body })));
    expect(first.status).toBe(200);
    for (const r of again) expect(r).toEqual(first);
    expect(first.body.balance.total_credits).toBe(3);
    expect((await getCreditBalance({ store }, user.sub))!.total_credits).toBe(3);
    // The same key for a different amount is not silently taken for the first request.
    const other = await callRoute('POST /api/credits/use', { user, body: { ...body, credits_to_use: 1 } });
    expect(other.status).toBe(409);
    expect(other.body.message).toBe(MESSAGES.idempotencyKeyReused);
    await expectLedgerMatchesBalance(user.sub);
  });

  it('expired trial credits are neither counted nor spent; purchased credits are spent instead', async () => {
    const granted = new Date('2026-01-01T00:00:00Z');
    const user = await newAccount(granted);
    await credits.grantPurchasedCredits({ store, now: () => granted }, { sub: user.sub, credits: 3, purchaseKey: `pi_${user.sub}`, description: 'Starter' });
    const justBefore = new Date(granted.getTime() + TRIAL_CREDIT_LIFETIME_MS - 1);
    const after = new Date(granted.getTime() + TRIAL_CREDIT_LIFETIME_MS);
    expect((await getCreditBalance({ store, now: () => justBefore }, user.sub))!.total_credits).toBe(8);
    const view = (await getCreditBalance({ store, now: () => after }, user.sub))!;
    expect([view.trial_credits, view.purchased_credits, view.total_credits]).toEqual([0, 3, 3]);

    const used = await credits.useCredits({ store, now: () => after }, { sub: user.sub, credits: 2, description: 'x', idempotencyKey: 'after-expiry' });
    expect(used.balance.purchased_credits).toBe(1);
    const { entries, balance } = await expectLedgerMatchesBalance(user.sub);
    const entry = entries.find((e) => e.id === txIds.use('after-expiry'))!;
    expect([entry.trial_delta, entry.bonus_delta, entry.purchased_delta]).toEqual([0, 0, -2]);
    // The expired trial credits left the balance with one 'expiry' entry, dated when they expired.
    expect(balance.trial_credits).toBe(0);
    expect(entries.filter((e) => e.kind === 'expiry').map((e) => [e.trial_delta, e.created_at])).toEqual([[-5, after.toISOString()]]);
    await expect(
      credits.useCredits({ store, now: () => after }, { sub: user.sub, credits: 2, description: 'x', idempotencyKey: 'too-much' }),
    ).rejects.toMatchObject({ kind: 'insufficient_credits', message: MESSAGES.insufficientCredits(2, 1) });
  });

  it('spends trial, then bonus (soonest expiring lot first), then purchased, and skips an expired bonus lot', async () => {
    const t0 = new Date('2026-03-01T00:00:00Z');
    const user = await newAccount(t0);
    const at = (days: number) => ({ store, now: () => new Date(t0.getTime() + days * DAY) });
    await credits.grantPurchasedCredits(at(0), { sub: user.sub, credits: 10, purchaseKey: `p-${user.sub}`, description: 'buy' });
    await credits.grantBonusCredits(at(0), { sub: user.sub, credits: 2, grantKey: `early-${user.sub}`, description: 'early' }); // expires day 180
    await credits.grantBonusCredits(at(10), { sub: user.sub, credits: 3, grantKey: `late-${user.sub}`, description: 'late' }); // expires day 190
    await credits.grantBonusCredits(at(-175), { sub: user.sub, credits: 4, grantKey: `old-${user.sub}`, description: 'old' }); // expires day 5

    const step = async (n: number, key: string, day: number) => {
      await credits.useCredits(at(day), { sub: user.sub, credits: n, description: key, idempotencyKey: key });
      const e = (await store.read(user.sub, [txIds.use(key)])).entries.get(txIds.use(key))!;
      return { trial: 0 - e.trial_delta, bonus: e.bonus_lot_deltas.map((l) => [l.id.split('-')[0], 0 - l.credits]), purchased: 0 - e.purchased_delta };
    };
    // Day 6: trial 5 left, the 'old' lot has expired (day 5).
    expect(await step(6, 'a', 6)).toEqual({ trial: 5, bonus: [['early', 1]], purchased: 0 });
    expect(await step(3, 'b', 6)).toEqual({ trial: 0, bonus: [['early', 1], ['late', 2]], purchased: 0 });
    expect(await step(3, 'c', 6)).toEqual({ trial: 0, bonus: [['late', 1]], purchased: 2 });
    const view = (await getCreditBalance(at(6), user.sub))!;
    expect([view.trial_credits, view.bonus_credits, view.purchased_credits, view.total_credits]).toEqual([0, 0, 8, 8]);
    expect(BONUS_CREDIT_LIFETIME_MS).toBe(180 * DAY);
    await expectLedgerMatchesBalance(user.sub);
  });

  it('a refund happens exactly once per key, returns credits to where they came from, and never exceeds the charge', async () => {
    const t0 = new Date();
    const user = await newAccount(t0);
    const deps = { store };
    await credits.grantPurchasedCredits(deps, { sub: user.sub, credits: 4, purchaseKey: `r-${user.sub}`, description: 'buy' });
    await credits.debitCredits(deps, { sub: user.sub, credits: 7, key: 'session-1', description: 'car package' }); // 5 trial + 2 purchased
    const charge = txIds.debit('session-1');
    const refunds = await Promise.all(
      [1, 2, 3, 4].map(() => credits.refundCredits(deps, { sub: user.sub, chargeTxId: charge, refundKey: 'session-1#1', credits: 3, description: 'failed' })),
    );
    expect(new Set(refunds.map((r) => r.transaction_id))).toEqual(new Set([txIds.refund('session-1#1')]));
    expect(refunds.filter((r) => !r.replayed).length).toBe(1);
    let view = (await getCreditBalance(deps, user.sub))!;
    // Reverse order: the 2 purchased come back first, then 1 trial.
    expect([view.trial_credits, view.purchased_credits, view.total_credits]).toEqual([1, 4, 5]);

    await expect(
      credits.refundCredits(deps, { sub: user.sub, chargeTxId: charge, refundKey: 'session-1#2', credits: 5, description: 'too much' }),
    ).rejects.toMatchObject({ kind: 'conflict', message: MESSAGES.refundTooLarge });
    await credits.refundCredits(deps, { sub: user.sub, chargeTxId: charge, refundKey: 'session-1#2', description: 'the rest' });
    view = (await getCreditBalance(deps, user.sub))!;
    expect([view.trial_credits, view.purchased_credits, view.total_credits]).toEqual([5, 4, 9]);
    await expect(
      credits.refundCredits(deps, { sub: user.sub, chargeTxId: charge, refundKey: 'session-1#3', credits: 1, description: 'nothing left' }),
    ).rejects.toMatchObject({ kind: 'conflict' });
    await expect(
      credits.refundCredits(deps, { sub: user.sub, chargeTxId: txIds.debit('no-such'), refundKey: 'x', description: 'x' }),
    ).rejects.toMatchObject({ kind: 'not_found' });
    const { entries } = await expectLedgerMatchesBalance(user.sub);
    expect(entries.filter((e) => e.kind === 'refund').map((e) => e.credits).sort()).toEqual([3, 4]);
  });

  it('a debit with the same key charges once (a retried workflow start)', async () => {
    const user = await newAccount();
    const deps = { store };
    const results = await Promise.all([1, 2, 3].map(() => credits.debitCredits(deps, { sub: user.sub, credits: 1, key: 'session-x', description: 'car package' })));
    expect(results.filter((r) => !r.replayed).length).toBe(1);
    expect((await getCreditBalance(deps, user.sub))!.total_credits).toBe(4);
    for (const bad of [0, -1, 1.5]) {
      await expect(credits.debitCredits(deps, { sub: user.sub, credits: bad, key: `bad-${bad}`, description: 'x' })).rejects.toMatchObject({ kind: 'validation' });
      await expect(credits.grantBonusCredits(deps, { sub: user.sub, credits: bad, grantKey: `bad-${bad}`, description: 'x' })).rejects.toMatchObject({ kind: 'validation' });
    }
    expect((await store.listAll(user.sub)).length).toBe(2);
  });

  it('a bonus grant is one lot per key, expiring 180 days after the grant', async () => {
    const t0 = new Date('2026-05-01T00:00:00Z');
    const user = await newAccount(t0);
    const deps = { store, now: () => t0 };
    await credits.grantBonusCredits(deps, { sub: user.sub, credits: 3, grantKey: 'promo', description: 'promo' });
    await credits.grantBonusCredits(deps, { sub: user.sub, credits: 3, grantKey: 'promo', description: 'promo' });
    const view = (await getCreditBalance(deps, user.sub))!;
    expect(view.bonus_credits).toBe(3);
    expect(view.bonus_lots).toEqual([{ credits: 3, expires_at: new Date(t0.getTime() + BONUS_CREDIT_LIFETIME_MS).toISOString() }]);
    expect((await getCreditBalance({ store, now: () => new Date(t0.getTime() + BONUS_CREDIT_LIFETIME_MS) }, user.sub))!.bonus_credits).toBe(0);
  });

  it('no account: a use is 404 with a clear message, and nothing is written', async () => {
    const user = newUser();
    const res = await callRoute('POST /api/credits/use', { user, body: { credits_to_use: 1, description: 'x', idempotency_key: 'k' } });
    expect(res.status).toBe(404);
    expect(res.body.message).toBe(MESSAGES.accountNotFound);
    expect(await store.listAll(user.sub)).toEqual([]);
  });
});
