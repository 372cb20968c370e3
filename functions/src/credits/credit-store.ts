import type { CreditBalance, CreditTransaction, CreditTransactionKind } from '@shared/schemas/credit-balance';
import type { ActingMember } from '@shared/schemas/team';
import type { Allocation, BonusLot, StoredBalance } from './balance';

/** Ledger entry ids are deterministic (`<KIND>#<key>`): the same charge, refund or grant can be written only once. */
export const txIds = {
  use: (idempotencyKey: string) => `USE#${idempotencyKey}`,
  debit: (key: string) => `DEBIT#${key}`,
  refund: (key: string) => `REFUND#${key}`,
  trialGrant: (sub: string) => `TRIAL#${sub}`,
  bonusGrant: (key: string) => `BONUS#${key}`,
  purchase: (key: string) => `PURCHASE#${key}`,
  /**
   * Expired credits leaving the balance, keyed by the balance version they were taken from: two readers settling the
   * same state write the same id (and the version check lets one through); credits refunded into a lot that has
   * expired meanwhile expire again under the next version.
   */
  expiry: (version: number, part: { bucket: 'trial' } | { bucket: 'bonus'; lotId: string }) =>
    `EXPIRY#${version}#${part.bucket === 'trial' ? 'trial' : `bonus:${part.lotId}`}`,
};

export interface LedgerEntry {
  id: string;
  user_id: string;
  kind: CreditTransactionKind;
  /** Signed change of the total (negative: spent). */
  credits: number;
  trial_delta: number;
  bonus_delta: number;
  purchased_delta: number;
  /** Signed change per bonus lot, so a refund can give credits back to the lot they came from. */
  bonus_lot_deltas: BonusLot[];
  description: string;
  metadata?: Record<string, unknown>;
  created_at: string;
  /** The balance right after this entry: what a retried request answers again. */
  balance_after: CreditBalance;
  /** Charges only: what can still be refunded, and how much already was. */
  refundable?: Allocation;
  refunded_credits?: number;
  /** Refunds only: the charge refunded. */
  refund_of?: string;
  /** The member whose request made this change (issue 42); absent for changes nobody asked for (refunds, expiry). */
  member?: ActingMember;
}

/**
 * A write that must happen in the same transaction as a credit change (a car package created with its charge).
 * `put` items are written only if new; `remove` keys only if present. Either refused cancels the whole change.
 */
export type AlongsideWrite =
  | { put: Record<string, unknown> }
  | { remove: { PK: string; SK: string } }
  /** Sets attributes of an existing item, only while each attribute of `when` still has that value. */
  | { update: { key: { PK: string; SK: string }; set: Record<string, unknown>; when: Record<string, unknown> } };

export interface CreditCommit {
  sub: string;
  /** expectedVersion null: the balance must not exist yet. */
  balance: { next: StoredBalance; expectedVersion: number | null };
  /** Written only if no entry with its id exists. */
  entry: LedgerEntry;
  /** A refund also moves its charge's refundable part, if nobody else did meanwhile. */
  refundOf?: { txId: string; expectedRefunded: number; refunded: number; refundable: Allocation };
  alongside?: AlongsideWrite[];
  /** 'expiry' entries of credits that expired before this change, written only if new. */
  expiries?: LedgerEntry[];
}

/** 'refused': one of the alongside writes' conditions failed (nothing was written). */
export type CommitOutcome = 'committed' | 'duplicate' | 'conflict' | 'refused';

/** Port: where balances and ledger entries live (DynamoDB in both homes). */
export interface CreditStore {
  /** Strongly consistent reads of the balance and the named ledger entries. */
  read(sub: string, txIds: string[]): Promise<{ balance: StoredBalance | undefined; entries: Map<string, LedgerEntry> }>;
  /** All or nothing: the balance write, the entry and the refund bookkeeping. */
  commit(change: CreditCommit): Promise<CommitOutcome>;
  /** Newest first. */
  listRecent(sub: string, limit: number): Promise<LedgerEntry[]>;
}

/** A ledger entry as the API shows it. */
export function transactionView(e: LedgerEntry): CreditTransaction {
  return {
    id: e.id,
    user_id: e.user_id,
    kind: e.kind,
    credits: e.credits,
    trial_delta: e.trial_delta,
    bonus_delta: e.bonus_delta,
    purchased_delta: e.purchased_delta,
    description: e.description,
    ...(e.metadata ? { metadata: e.metadata } : {}),
    created_at: e.created_at,
    member: e.member ?? null,
  };
}

/** Builds an entry's signed deltas from what moved (sign -1 for a charge, +1 for a grant or refund). */
export function deltas(moved: Allocation, sign: 1 | -1) {
  const signed = (n: number) => (n === 0 ? 0 : sign * n); // never -0
  const bonus = moved.bonus.reduce((s, l) => s + l.credits, 0);
  return {
    credits: signed(moved.trial + bonus + moved.purchased),
    trial_delta: signed(moved.trial),
    bonus_delta: signed(bonus),
    purchased_delta: signed(moved.purchased),
    bonus_lot_deltas: moved.bonus.map((l) => ({ ...l, credits: signed(l.credits) })),
  };
}
