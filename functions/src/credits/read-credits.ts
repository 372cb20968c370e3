import { RECENT_TRANSACTIONS_LIMIT } from '@shared/limits';
import { MESSAGES } from '@shared/messages';
import type { CreditBalance, CreditTransaction } from '@shared/schemas/credit-balance';
import { DomainError } from '../lib/errors';
import { balanceView } from './balance';
import { settleExpiredCredits } from './credit-changes';
import { transactionView, type CreditStore } from './credit-store';

/**
 * GET /api/credits/balance: usable credits per bucket. Credits that have expired are written out of the balance
 * first (an 'expiry' ledger entry each, once), so what the dealer sees always matches the ledger.
 */
export async function getCreditBalance(deps: { store: CreditStore; now?: () => Date }, sub: string): Promise<CreditBalance | undefined> {
  const balance = await settleExpiredCredits(deps, sub);
  return balance ? balanceView(balance, deps.now?.() ?? new Date()) : undefined;
}

export async function requireCreditBalance(deps: { store: CreditStore; now?: () => Date }, sub: string): Promise<CreditBalance> {
  const balance = await getCreditBalance(deps, sub);
  if (!balance) throw new DomainError('not_found', MESSAGES.accountNotFound);
  return balance;
}

/** GET /api/credits/transactions: the 10 newest ledger entries. */
export async function listCreditTransactions(deps: { store: CreditStore }, sub: string): Promise<CreditTransaction[]> {
  return (await deps.store.listRecent(sub, RECENT_TRANSACTIONS_LIMIT)).map(transactionView);
}
