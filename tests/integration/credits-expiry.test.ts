import { describe, expect, it } from 'vitest';
import { BONUS_CREDIT_LIFETIME_MS, TRIAL_CREDIT_LIFETIME_MS } from '@shared/limits';
import { useLocalHost } from '../support/local-host';
import { newUser } from './accounts-test-events';

useLocalHost();
const { ensureAccount } = await import('../../functions/src/accounts/ensure-account');
const { DynamoDbAccountStore } = await import('../../functions/src/accounts/dynamodb-account-store');
const { DynamoDbCreditStore } = await import('../../functions/src/credits/dynamodb-credit-store');
const credits = await import('../../functions/src/credits/credit-changes');
const { getCreditBalance } = await import('../../functions/src/credits/read-credits');

const accounts = new DynamoDbAccountStore();
const store = new DynamoDbCreditStore();
const DAY = 24 * 60 * 60 * 1000;

async function newAccount(at: Date) {
  const user = newUser('expiry');
  await ensureAccount({ accounts, now: () => at }, user);
  return user;
}

/** Stored counters equal the ledger's sums, and nothing expired is left in the stored balance. */
async function ledgerOf(sub: string, now: Date) {
  const [{ balance }, entries] = await Promise.all([store.read(sub, []), store.listAll(sub)]);
  const sum = (f: (e: (typeof entries)[number]) => number) => entries.reduce((s, e) => s + f(e), 0);
  expect(sum((e) => e.trial_delta)).toBe(balance!.trial_credits);
  expect(sum((e) => e.purchased_delta)).toBe(balance!.purchased_credits);
  expect(sum((e) => e.bonus_delta)).toBe(balance!.bonus_lots.reduce((s, l) => s + l.credits, 0));
  for (const lot of balance!.bonus_lots) expect(Date.parse(lot.expires_at)).toBeGreaterThan(now.getTime());
  return { balance: balance!, entries, expiries: entries.filter((e) => e.kind === 'expiry') };
}

describe('credit expiry leaves the balance through the ledger, once', () => {
  it('expired trial credits: 25 reads (20 at once) write one expiry entry, dated when they expired', async () => {
    const t0 = new Date('2026-01-10T12:00:00Z');
    const user = await newAccount(t0);
    const before = new Date(t0.getTime() + TRIAL_CREDIT_LIFETIME_MS - 1);
    const after = new Date(t0.getTime() + TRIAL_CREDIT_LIFETIME_MS + DAY);
    expect((await getCreditBalance({ store, now: () => before }, user.sub))!.trial_credits).toBe(5);
    expect((await ledgerOf(user.sub, before)).expiries).toEqual([]);

    const views = await Promise.all(Array.from({ length: 20 }, () => getCreditBalance({ store, now: () => after }, user.sub)));
    for (let i = 0; i < 5; i++) views.push(await getCreditBalance({ store, now: () => after }, user.sub));
    for (const v of views) expect([v!.trial_credits, v!.total_credits]).toEqual([0, 0]);

    const { balance, expiries } = await ledgerOf(user.sub, after);
    expect(expiries.length).toBe(1);
    expect(expiries[0]).toMatchObject({
      kind: 'expiry',
      credits: -5,
      trial_delta: -5,
      description: '5 trial credits expired',
      created_at: new Date(t0.getTime() + TRIAL_CREDIT_LIFETIME_MS).toISOString(),
      metadata: { bucket: 'trial', recorded_at: after.toISOString() },
    });
    expect(balance.trial_credits).toBe(0);
    // The newest-first listing the dashboard reads shows it too.
    expect((await store.listRecent(user.sub, 10)).map((e) => e.kind)).toEqual(['expiry', 'trial_grant']);
  }, 60_000);

  it('an expired bonus lot leaves in the same transaction as the next change, which spends what is really left', async () => {
    const t0 = new Date('2026-03-01T00:00:00Z');
    const user = await newAccount(t0);
    await credits.grantPurchasedCredits({ store, now: () => t0 }, { sub: user.sub, credits: 4, purchaseKey: `pi-${user.sub}`, description: 'buy' });
    await credits.grantBonusCredits({ store, now: () => t0 }, { sub: user.sub, credits: 3, grantKey: `gift-${user.sub}`, description: 'gift' });
    const later = new Date(t0.getTime() + BONUS_CREDIT_LIFETIME_MS + DAY); // trial and bonus both expired
    const deps = { store, now: () => later };
    const uses = await Promise.all(
      [1, 2, 3].map((i) => credits.useCredits(deps, { sub: user.sub, credits: 1, description: `use ${i}`, idempotencyKey: `use-${i}-${user.sub}` })),
    );
    expect(uses.map((u) => u.balance.total_credits).sort()).toEqual([1, 2, 3]);
    await getCreditBalance(deps, user.sub);
    const { balance, expiries, entries } = await ledgerOf(user.sub, later);
    expect(expiries.map((e) => [e.metadata!.bucket, e.credits]).sort()).toEqual([
      ['bonus', -3],
      ['trial', -5],
    ]);
    expect(entries.filter((e) => e.kind === 'use').every((e) => e.purchased_delta === -1)).toBe(true);
    expect([balance.trial_credits, balance.bonus_lots, balance.purchased_credits]).toEqual([0, [], 1]);
  }, 60_000);

  it('credits refunded into a lot that has expired meanwhile expire again, under a new entry', async () => {
    const t0 = new Date('2026-04-01T00:00:00Z');
    const user = await newAccount(t0);
    const at = (ms: number) => ({ store, now: () => new Date(t0.getTime() + ms) });
    await credits.useCredits(at(0), { sub: user.sub, credits: 5, description: 'trial spent', idempotencyKey: `t-${user.sub}` });
    await credits.grantBonusCredits(at(0), { sub: user.sub, credits: 2, grantKey: `g-${user.sub}`, description: 'gift' });
    await credits.debitCredits(at(DAY), { sub: user.sub, credits: 1, key: `pkg-${user.sub}`, description: 'car package' });
    const afterExpiry = BONUS_CREDIT_LIFETIME_MS + DAY;
    expect((await getCreditBalance(at(afterExpiry), user.sub))!.bonus_credits).toBe(0); // 1 credit of the lot expires
    await credits.refundCredits(at(afterExpiry), { sub: user.sub, chargeTxId: `DEBIT#pkg-${user.sub}`, refundKey: `pkg-${user.sub}`, description: 'refund' });
    expect((await getCreditBalance(at(afterExpiry), user.sub))!.total_credits).toBe(0);
    const { expiries } = await ledgerOf(user.sub, new Date(t0.getTime() + afterExpiry));
    expect(expiries.map((e) => e.credits)).toEqual([-1, -1]);
    expect(new Set(expiries.map((e) => e.id)).size).toBe(2);
  }, 60_000);
});
