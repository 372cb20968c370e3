import { DEALER_NAME_MAX, TRIAL_CREDITS, TRIAL_CREDIT_LIFETIME_MS } from '@shared/limits';
import { balanceView, type StoredBalance } from '../credits/balance';
import { deltas, txIds, type LedgerEntry } from '../credits/credit-store';
import { validationError } from '../lib/errors';
import type { AccountStore, StoredProfile } from './account-store';

export interface EnsureAccountInput {
  /** Cognito's subject: the account id. */
  sub: string;
  email: string;
  /** From the sign-up metadata (dealer_name), when given. */
  dealerName?: string | null;
}

/**
 * Creates a dealer's account on first sign-in, and only then: the profile, a balance holding the 5 trial credits
 * (expiring 30 days after this grant) and the ledger entry of that grant, in one transaction. Calling it again,
 * at any time and concurrently, writes nothing: one profile, one trial grant per account.
 */
export async function ensureAccount(
  deps: { accounts: AccountStore; now?: () => Date },
  input: EnsureAccountInput,
): Promise<{ created: boolean }> {
  const sub = input.sub?.trim();
  const email = input.email?.trim().toLowerCase();
  if (!sub) throw validationError('An account needs a user id (sub)');
  if (!email || !email.includes('@')) throw validationError('An account needs an e-mail address');
  const now = deps.now?.() ?? new Date();
  const at = now.toISOString();
  const dealerName = input.dealerName?.trim().slice(0, DEALER_NAME_MAX) || null;

  const profile: StoredProfile = {
    id: sub,
    email,
    dealer_name: dealerName,
    logo_url: null,
    logo_key: null,
    role: 'standard',
    user_type: 'trial',
    total_credits_purchased: 0,
    first_purchase_date: null,
    created_at: at,
    updated_at: at,
  };
  const balance: StoredBalance = {
    user_id: sub,
    trial_credits: TRIAL_CREDITS,
    trial_expires_at: new Date(now.getTime() + TRIAL_CREDIT_LIFETIME_MS).toISOString(),
    purchased_credits: 0,
    bonus_lots: [],
    version: 1,
    updated_at: at,
  };
  const trialGrant: LedgerEntry = {
    id: txIds.trialGrant(sub),
    user_id: sub,
    kind: 'trial_grant',
    ...deltas({ trial: TRIAL_CREDITS, purchased: 0, bonus: [] }, 1),
    description: `${TRIAL_CREDITS} free trial credits`,
    created_at: at,
    balance_after: balanceView(balance, now),
  };
  const outcome = await deps.accounts.createIfMissing({ profile, balance, trialGrant });
  return { created: outcome === 'created' };
}
