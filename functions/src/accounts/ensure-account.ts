import { DEALER_NAME_MAX, TRIAL_CREDITS, TRIAL_CREDIT_LIFETIME_MS } from '@shared/limits';
import { balanceView, type StoredBalance } from '../credits/balance';
import { deltas, txIds, type LedgerEntry } from '../credits/credit-store';
import { validationError } from '../lib/errors';
import { sha256 } from '../lib/ids';
import type { AccountStore, StoredProfile, TrialRefusal } from './account-store';
import { mailboxOf } from './mailbox';

export interface EnsureAccountInput {
  /** Cognito's subject: the account id. */
  sub: string;
  email: string;
  /** From the sign-up metadata (dealer_name), when given. */
  dealerName?: string | null;
}

/**
 * Creates a dealer's account on first sign-in, and only then: the profile and a balance, in one transaction. The
 * balance holds the 5 trial credits (expiring 30 days after this grant, with the ledger entry of that grant) once per
 * person: only if the account's network was not past its daily trial cap when the account was made (recorded then:
 * refuseTrialCredits) and its mailbox (mailboxOf: case, +tags, Gmail's dots) never had them, claimed in the same
 * transaction. Otherwise the account starts with no credits and its profile says why (trial_credits_refused). Calling
 * it again, at any time and concurrently, writes nothing: one profile, at most one trial grant per mailbox.
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

  const profile = (refused: TrialRefusal | null): StoredProfile => ({
    id: sub,
    email,
    dealer_name: dealerName,
    logo_url: null,
    logo_key: null,
    role: 'standard',
    user_type: 'trial',
    total_credits_purchased: 0,
    first_purchase_date: null,
    trial_credits_refused: refused,
    created_at: at,
    updated_at: at,
  });
  const empty: StoredBalance = { user_id: sub, trial_credits: 0, trial_expires_at: null, purchased_credits: 0, bonus_lots: [], version: 1, updated_at: at };
  const withoutTrial = (refused: TrialRefusal) => deps.accounts.createIfMissing({ profile: profile(refused), balance: empty });

  const networkRefused = await deps.accounts.trialCreditRefusal(sub);
  if (networkRefused) return { created: (await withoutTrial(networkRefused)) === 'created' };

  const balance: StoredBalance = { ...empty, trial_credits: TRIAL_CREDITS, trial_expires_at: new Date(now.getTime() + TRIAL_CREDIT_LIFETIME_MS).toISOString() };
  const grant: LedgerEntry = {
    id: txIds.trialGrant(sub),
    user_id: sub,
    kind: 'trial_grant',
    ...deltas({ trial: TRIAL_CREDITS, purchased: 0, bonus: [] }, 1),
    description: `${TRIAL_CREDITS} free trial credits`,
    created_at: at,
    balance_after: balanceView(balance, now),
  };
  const outcome = await deps.accounts.createIfMissing({ profile: profile(null), balance, trial: { grant, mailboxHash: sha256(mailboxOf(email)) } });
  if (outcome === 'mailbox_had_trial') return { created: (await withoutTrial('address')) === 'created' };
  return { created: outcome === 'created' };
}
