import type { ActingMember } from '@shared/schemas/team';
import { actingMember } from '../team/acting-member';
import { BONUS_CREDIT_LIFETIME_MS, CREDIT_UPDATE_ATTEMPTS } from '@shared/limits';
import { MESSAGES } from '@shared/messages';
import type { CreditBalance, CreditTransactionKind } from '@shared/schemas/credit-balance';
import { DomainError } from '../lib/errors';
import { allocationTotal, balanceView, planExpiry, planGrant, planRestore, planSpend, type StoredBalance } from './balance';
import { deltas, txIds, type CreditCommit, type CreditStore, type LedgerEntry } from './credit-store';

export interface CreditDeps {
  store: CreditStore;
  /** Injectable clock (expiry tests). */
  now?: () => Date;
  /** Pause between optimistic retries (tests may shorten it). */
  sleep?: (ms: number) => Promise<void>;
}

export interface CreditChangeResult {
  transaction_id: string;
  /** Signed change of the total. */
  credits: number;
  balance: CreditBalance;
  /** True when this call found the change already made (a retry): nothing moved this time. */
  replayed: boolean;
  /** When the change was made (a retry answers the first time). */
  created_at: string;
}

const defaultSleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

/**
 * The one way credits move: read the balance (and related entries), plan the change, then write the new balance
 * (only if its version is still the one read) and the ledger entry (only if its deterministic id is new) in one
 * DynamoDB transaction. A lost race re-reads and re-plans; an entry that already exists means the change was
 * made before, and its recorded result is answered again.
 */
async function applyChange(
  deps: CreditDeps,
  input: {
    sub: string;
    txId: string;
    relatedTxIds?: string[];
    /** Whether an existing entry with this id is the same request (else 409). */
    sameRequest: (existing: LedgerEntry) => boolean;
    plan: (balance: StoredBalance, entries: Map<string, LedgerEntry>, now: Date) => Omit<CreditCommit, 'sub'>;
    /** Writes made in the same transaction, and what to throw when their conditions refuse them. */
    alongside?: { writes: (now: Date) => CreditCommit['alongside']; refused: () => Error };
  },
): Promise<CreditChangeResult> {
  const sleep = deps.sleep ?? defaultSleep;
  for (let attempt = 0; attempt < CREDIT_UPDATE_ATTEMPTS; attempt++) {
    const { balance, entries } = await deps.store.read(input.sub, [input.txId, ...(input.relatedTxIds ?? [])]);
    const existing = entries.get(input.txId);
    if (existing) {
      if (!input.sameRequest(existing)) throw new DomainError('conflict', MESSAGES.idempotencyKeyReused);
      return { transaction_id: existing.id, credits: existing.credits, balance: existing.balance_after, replayed: true, created_at: existing.created_at };
    }
    if (!balance) throw new DomainError('not_found', MESSAGES.accountNotFound);
    const now = deps.now?.() ?? new Date();
    // Credits that expired since the last write leave first, in the same transaction, so the change is planned on
    // (and its ledger entry follows) what is really left.
    const expired = expiryOf(input.sub, balance, now);
    const change = input.plan(expired.next, entries, now);
    const outcome = await deps.store.commit({
      sub: input.sub,
      ...change,
      ...(input.alongside ? { alongside: input.alongside.writes(now) } : {}),
      ...(expired.entries.length ? { expiries: expired.entries } : {}),
    });
    if (outcome === 'refused') throw input.alongside!.refused();
    if (outcome === 'committed') {
      return { transaction_id: change.entry.id, credits: change.entry.credits, balance: change.entry.balance_after, replayed: false, created_at: change.entry.created_at };
    }
    // 'duplicate': a concurrent retry of the same request won; the next read answers its result.
    // 'conflict': another change won the balance; back off with jitter and re-plan.
    if (outcome === 'conflict') await sleep(Math.random() * Math.min(200, 10 * 2 ** attempt));
  }
  throw new DomainError('conflict', MESSAGES.creditsBusy);
}

/** The 'expiry' ledger entries of what has expired in `balance` (by its version), and the balance without it. */
function expiryOf(sub: string, balance: StoredBalance, now: Date): { next: StoredBalance; entries: LedgerEntry[] } {
  const { next, parts } = planExpiry(balance, now);
  const entries = parts.map((part): LedgerEntry => {
    const id = txIds.expiry(balance.version, part.bucket === 'trial' ? { bucket: 'trial' } : { bucket: 'bonus', lotId: part.lot!.id });
    const moved = deltas(part.bucket === 'trial' ? { trial: part.credits, purchased: 0, bonus: [] } : { trial: 0, purchased: 0, bonus: [part.lot!] }, -1);
    return {
      id,
      user_id: sub,
      kind: 'expiry',
      ...moved,
      description: `${part.credits} ${part.bucket} ${part.credits === 1 ? 'credit' : 'credits'} expired`,
      metadata: { bucket: part.bucket, expired_at: part.expires_at, recorded_at: now.toISOString(), ...(part.lot ? { lot_id: part.lot.id } : {}) },
      // Dated when the credits expired, so the ledger reads in the order things happened.
      created_at: part.expires_at,
      balance_after: balanceView(part.after, now),
    };
  });
  return { next, entries };
}

/**
 * Writes the 'expiry' entries of credits that have expired (balance reads call it): one conditional transaction
 * moves the balance on a version and puts the entries by their deterministic ids, so however many readers race,
 * each expiry is written once. Answers the balance as stored afterwards (undefined: no balance).
 */
export async function settleExpiredCredits(deps: CreditDeps, sub: string): Promise<StoredBalance | undefined> {
  const sleep = deps.sleep ?? defaultSleep;
  for (let attempt = 0; attempt < CREDIT_UPDATE_ATTEMPTS; attempt++) {
    const { balance } = await deps.store.read(sub, []);
    if (!balance) return undefined;
    const now = deps.now?.() ?? new Date();
    const { next, entries } = expiryOf(sub, balance, now);
    const [entry, ...rest] = entries;
    if (!entry) return balance;
    const written = { ...next, version: balance.version + 1 };
    const outcome = await deps.store.commit({ sub, balance: { next: written, expectedVersion: balance.version }, entry, ...(rest.length ? { expiries: rest } : {}) });
    if (outcome === 'committed') return written;
    // Another reader or a change settled it first: the next read sees what is left.
    if (outcome === 'conflict') await sleep(Math.random() * Math.min(200, 10 * 2 ** attempt));
  }
  throw new DomainError('conflict', MESSAGES.creditsBusy);
}

function entryOf(
  sub: string,
  txId: string,
  kind: CreditTransactionKind,
  moved: ReturnType<typeof deltas>,
  next: StoredBalance,
  now: Date,
  extra: Partial<LedgerEntry> & { description: string },
): LedgerEntry {
  // The member whose request made the change (issue 42): named in the ledger. None for the workflow's and Stripe's changes.
  const member = actingMember();
  return { id: txId, user_id: sub, kind, ...moved, created_at: now.toISOString(), balance_after: balanceView(next, now), ...(member ? { member } : {}), ...extra };
}

type SpendInput = { sub: string; credits: number; description: string; metadata?: Record<string, unknown> };

async function spend(deps: CreditDeps, kind: 'use' | 'debit', txId: string, input: SpendInput & { alongside?: Parameters<typeof applyChange>[1]['alongside'] }) {
  if (!Number.isInteger(input.credits) || input.credits < 1) throw new DomainError('validation', 'credits must be a whole number of at least 1');
  return applyChange(deps, {
    sub: input.sub,
    txId,
    alongside: input.alongside,
    sameRequest: (e) => e.kind === kind && e.credits === -input.credits,
    plan: (balance, _entries, now) => {
      const plan = planSpend(balance, input.credits, now);
      if (!plan.ok) throw new DomainError('insufficient_credits', MESSAGES.insufficientCredits(input.credits, plan.available));
      return {
        balance: { next: plan.next, expectedVersion: balance.version },
        entry: entryOf(input.sub, txId, kind, deltas(plan.taken, -1), plan.next, now, {
          description: input.description,
          ...(input.metadata ? { metadata: input.metadata } : {}),
          refundable: plan.taken,
          refunded_credits: 0,
        }),
      };
    },
  });
}

/** POST /api/credits/use: spends credits once per idempotency key (trial, then bonus, then purchased). */
export function useCredits(
  deps: CreditDeps,
  input: { sub: string; credits: number; description: string; metadata?: Record<string, unknown>; idempotencyKey: string },
) {
  return spend(deps, 'use', txIds.use(input.idempotencyKey), input);
}

/**
 * Charges a car package or batch image; `key` (e.g. the session id) makes the charge happen at most once.
 * `alongside` writes (the package itself) are made in the same transaction as the charge, or not at all.
 */
export function debitCredits(
  deps: CreditDeps,
  input: SpendInput & { key: string; alongside?: { writes: (now: Date) => CreditCommit['alongside']; refused: () => Error } },
) {
  return spend(deps, 'debit', txIds.debit(input.key), input);
}

/**
 * Gives back (part of) a charge, exactly once per `refundKey`, never more than was charged in total. The credits
 * return to the buckets and lots they came from. `chargeTxId` is the charge's ledger id (txIds.debit(key) or
 * txIds.use(key)); `credits` defaults to everything not yet refunded.
 */
export function refundCredits(
  deps: CreditDeps,
  input: {
    sub: string;
    chargeTxId: string;
    refundKey: string;
    credits?: number;
    description: string;
    metadata?: Record<string, unknown>;
    /** Writes made in the refund's transaction (e.g. the package marked refunded while no retry took it over). */
    alongside?: { writes: (now: Date) => CreditCommit['alongside']; refused: () => Error };
  },
) {
  const txId = txIds.refund(input.refundKey);
  return applyChange(deps, {
    sub: input.sub,
    txId,
    alongside: input.alongside,
    relatedTxIds: [input.chargeTxId],
    sameRequest: (e) => e.kind === 'refund' && e.refund_of === input.chargeTxId,
    plan: (balance, entries, now) => {
      const charge = entries.get(input.chargeTxId);
      if (!charge?.refundable || (charge.kind !== 'use' && charge.kind !== 'debit')) throw new DomainError('not_found', MESSAGES.debitNotFound);
      const open = allocationTotal(charge.refundable);
      const credits = input.credits ?? open;
      if (!Number.isInteger(credits) || credits < 1 || credits > open) throw new DomainError('conflict', MESSAGES.refundTooLarge);
      const r = planRestore(balance, charge.refundable, credits, now);
      return {
        balance: { next: r.next, expectedVersion: balance.version },
        entry: entryOf(input.sub, txId, 'refund', deltas(r.restored, 1), r.next, now, {
          description: input.description,
          ...(input.metadata ? { metadata: input.metadata } : {}),
          refund_of: input.chargeTxId,
        }),
        refundOf: {
          txId: input.chargeTxId,
          expectedRefunded: charge.refunded_credits ?? 0,
          refunded: (charge.refunded_credits ?? 0) + credits,
          refundable: r.remaining,
        },
      };
    },
  });
}

/** Bonus credits (admin area): a lot of their own that expires 180 days after the grant; once per `grantKey`. */
export async function grantBonusCredits(deps: CreditDeps, input: { sub: string; credits: number; grantKey: string; description: string; metadata?: Record<string, unknown> }) {
  const txId = txIds.bonusGrant(input.grantKey);
  if (!Number.isInteger(input.credits) || input.credits < 1) throw new DomainError('validation', 'credits must be a whole number of at least 1');
  return applyChange(deps, {
    sub: input.sub,
    txId,
    sameRequest: (e) => e.kind === 'bonus_grant' && e.credits === input.credits,
    plan: (balance, _entries, now) => {
      const lot = { id: input.grantKey, credits: input.credits, expires_at: new Date(now.getTime() + BONUS_CREDIT_LIFETIME_MS).toISOString() };
      const { next, given } = planGrant(balance, { bucket: 'bonus', lot }, now);
      return {
        balance: { next, expectedVersion: balance.version },
        entry: entryOf(input.sub, txId, 'bonus_grant', deltas(given, 1), next, now, {
          description: input.description,
          ...(input.metadata ? { metadata: input.metadata } : {}),
        }),
      };
    },
  });
}

/** Purchased credits (never expire); once per `purchaseKey` (e.g. the payment intent id). */
export async function grantPurchasedCredits(
  deps: CreditDeps,
  input: { sub: string; credits: number; purchaseKey: string; description: string; metadata?: Record<string, unknown>; member?: ActingMember },
) {
  const txId = txIds.purchase(input.purchaseKey);
  if (!Number.isInteger(input.credits) || input.credits < 1) throw new DomainError('validation', 'credits must be a whole number of at least 1');
  return applyChange(deps, {
    sub: input.sub,
    txId,
    sameRequest: (e) => e.kind === 'purchase' && e.credits === input.credits,
    plan: (balance, _entries, now) => {
      const { next, given } = planGrant(balance, { bucket: 'purchased', credits: input.credits }, now);
      return {
        balance: { next, expectedVersion: balance.version },
        entry: entryOf(input.sub, txId, 'purchase', deltas(given, 1), next, now, {
          description: input.description,
          ...(input.metadata ? { metadata: input.metadata } : {}),
          // The member who bought (issue 42): Stripe's webhook acts for nobody, the purchase recorded who.
          ...(input.member ? { member: input.member } : {}),
        }),
      };
    },
  });
}
