import type { CreditBalance } from '@shared/schemas/credit-balance';

/**
 * The credit balance model (DESIGN.md): one BALANCE item per user with three buckets. Trial credits expire
 * together at `trial_expires_at`; bonus credits come in lots, each with its own expiry; purchased credits never
 * expire. Expired credits leave the stored balance with an 'expiry' ledger entry (planExpiry), written on the
 * next read or change after the expiry; until then they are never counted and never spent.
 */
export interface BonusLot {
  /** The grant that created the lot. */
  id: string;
  credits: number;
  expires_at: string;
}

export interface StoredBalance {
  user_id: string;
  trial_credits: number;
  trial_expires_at: string | null;
  purchased_credits: number;
  bonus_lots: BonusLot[];
  /** Optimistic concurrency: every write expects the version it read and writes the next one. */
  version: number;
  updated_at: string;
}

/** What a change took from (or gives to) each bucket, always as positive counts. */
export interface Allocation {
  trial: number;
  purchased: number;
  bonus: BonusLot[];
}

export const emptyAllocation = (): Allocation => ({ trial: 0, purchased: 0, bonus: [] });
export const allocationTotal = (a: Allocation) => a.trial + a.purchased + a.bonus.reduce((s, l) => s + l.credits, 0);

const live = (expiresAt: string | null, now: Date) => expiresAt !== null && Date.parse(expiresAt) > now.getTime();

/** Usable bonus lots, soonest expiring first (the order they are spent in). */
export function usableLots(balance: StoredBalance, now: Date): BonusLot[] {
  return balance.bonus_lots
    .filter((l) => l.credits > 0 && live(l.expires_at, now))
    .sort((a, b) => a.expires_at.localeCompare(b.expires_at) || a.id.localeCompare(b.id));
}

export function usableTrial(balance: StoredBalance, now: Date): number {
  return live(balance.trial_expires_at, now) ? balance.trial_credits : 0;
}

/** The balance as the dealer sees it. */
export function balanceView(balance: StoredBalance, now: Date): CreditBalance {
  const lots = usableLots(balance, now);
  const trial = usableTrial(balance, now);
  const bonus = lots.reduce((s, l) => s + l.credits, 0);
  return {
    user_id: balance.user_id,
    trial_credits: trial,
    bonus_credits: bonus,
    purchased_credits: balance.purchased_credits,
    total_credits: trial + bonus + balance.purchased_credits,
    trial_expires_at: balance.trial_expires_at,
    bonus_lots: lots.map((l) => ({ credits: l.credits, expires_at: l.expires_at })),
    updated_at: balance.updated_at,
  };
}

export type SpendPlan = { ok: true; next: StoredBalance; taken: Allocation } | { ok: false; available: number };

/** Spends `credits`: trial first, then bonus lots (soonest expiring first), then purchased; never an expired one. */
export function planSpend(balance: StoredBalance, credits: number, now: Date): SpendPlan {
  const available = balanceView(balance, now).total_credits;
  if (available < credits) return { ok: false, available };
  let left = credits;
  const taken = emptyAllocation();
  taken.trial = Math.min(left, usableTrial(balance, now));
  left -= taken.trial;
  const lotTake = new Map<string, number>();
  for (const lot of usableLots(balance, now)) {
    if (left === 0) break;
    const n = Math.min(left, lot.credits);
    lotTake.set(lot.id, n);
    taken.bonus.push({ id: lot.id, credits: n, expires_at: lot.expires_at });
    left -= n;
  }
  taken.purchased = left;
  const next: StoredBalance = {
    ...balance,
    trial_credits: balance.trial_credits - taken.trial,
    purchased_credits: balance.purchased_credits - taken.purchased,
    // A lot spent to zero is dropped; an expired lot is kept untouched (the ledger still accounts for it).
    bonus_lots: balance.bonus_lots.map((l) => ({ ...l, credits: l.credits - (lotTake.get(l.id) ?? 0) })).filter((l) => l.credits > 0),
    version: balance.version + 1,
    updated_at: now.toISOString(),
  };
  return { ok: true, next, taken };
}

/**
 * Gives back up to `credits` of what a charge took (`refundable`), in the reverse of the spending order:
 * purchased first, then bonus lots (latest expiring first), then trial. Credits go back to the bucket (and lot,
 * with its original expiry) they came from.
 */
export function planRestore(balance: StoredBalance, refundable: Allocation, credits: number, now: Date) {
  let left = credits;
  const restored = emptyAllocation();
  const remaining: Allocation = { trial: refundable.trial, purchased: refundable.purchased, bonus: refundable.bonus.map((l) => ({ ...l })) };
  restored.purchased = Math.min(left, remaining.purchased);
  remaining.purchased -= restored.purchased;
  left -= restored.purchased;
  for (const lot of [...remaining.bonus].sort((a, b) => b.expires_at.localeCompare(a.expires_at))) {
    if (left === 0) break;
    const n = Math.min(left, lot.credits);
    if (n === 0) continue;
    lot.credits -= n;
    restored.bonus.push({ id: lot.id, credits: n, expires_at: lot.expires_at });
    left -= n;
  }
  remaining.bonus = remaining.bonus.filter((l) => l.credits > 0);
  restored.trial = Math.min(left, remaining.trial);
  remaining.trial -= restored.trial;
  left -= restored.trial;

  const lots = balance.bonus_lots.map((l) => ({ ...l }));
  for (const back of restored.bonus) {
    const lot = lots.find((l) => l.id === back.id);
    if (lot) lot.credits += back.credits;
    else lots.push({ ...back });
  }
  const next: StoredBalance = {
    ...balance,
    trial_credits: balance.trial_credits + restored.trial,
    purchased_credits: balance.purchased_credits + restored.purchased,
    bonus_lots: lots,
    version: balance.version + 1,
    updated_at: now.toISOString(),
  };
  return { next, restored, remaining, unrefunded: left };
}

/** Adds credits to one bucket (a bonus grant adds a lot of its own). */
export function planGrant(
  balance: StoredBalance,
  grant: { bucket: 'purchased'; credits: number } | { bucket: 'bonus'; lot: BonusLot },
  now: Date,
): { next: StoredBalance; given: Allocation } {
  const given = emptyAllocation();
  const next: StoredBalance = { ...balance, bonus_lots: [...balance.bonus_lots], version: balance.version + 1, updated_at: now.toISOString() };
  if (grant.bucket === 'purchased') {
    given.purchased = grant.credits;
    next.purchased_credits += grant.credits;
  } else {
    given.bonus.push(grant.lot);
    next.bonus_lots.push(grant.lot);
  }
  return { next, given };
}

/** One bucket or lot that has expired and still holds credits: what an 'expiry' ledger entry takes out. */
export interface ExpiredPart {
  bucket: 'trial' | 'bonus';
  credits: number;
  expires_at: string;
  /** The bonus lot (bonus only). */
  lot?: BonusLot;
}

/**
 * Takes expired trial credits and expired bonus lots out of the balance, one part at a time (trial first, then lots
 * by expiry), each with the balance right after it. Does not bump the version: the caller's write does.
 */
export function planExpiry(balance: StoredBalance, now: Date): { next: StoredBalance; parts: Array<ExpiredPart & { after: StoredBalance }> } {
  const parts: Array<ExpiredPart & { after: StoredBalance }> = [];
  let next = balance;
  if (next.trial_credits > 0 && next.trial_expires_at !== null && !live(next.trial_expires_at, now)) {
    const credits = next.trial_credits;
    next = { ...next, trial_credits: 0, updated_at: now.toISOString() };
    parts.push({ bucket: 'trial', credits, expires_at: balance.trial_expires_at!, after: next });
  }
  const expiredLots = next.bonus_lots
    .filter((l) => l.credits > 0 && !live(l.expires_at, now))
    .sort((a, b) => a.expires_at.localeCompare(b.expires_at) || a.id.localeCompare(b.id));
  for (const lot of expiredLots) {
    next = { ...next, bonus_lots: next.bonus_lots.filter((l) => l.id !== lot.id), updated_at: now.toISOString() };
    parts.push({ bucket: 'bonus', credits: lot.credits, expires_at: lot.expires_at, lot, after: next });
  }
  return { next, parts };
}
