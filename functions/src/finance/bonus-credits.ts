import { BONUS_CREDIT_LIFETIME_MS } from '@shared/limits';
import { ADMIN_MESSAGES } from '@shared/messages';
import type { GrantBonusRequest, GrantBonusResponse } from '@shared/schemas/admin-finance';
import type { AccountStore } from '../accounts/account-store';
import { grantBonusCredits, type CreditDeps } from '../credits/credit-changes';
import { DomainError } from '../lib/errors';
import { callerEmail } from './caller';

export interface BonusGrantDeps extends CreditDeps {
  accounts: AccountStore;
  /** Tells the dealer's open browsers that the balance changed (best effort). */
  notify: (sub: string) => Promise<void>;
}

/** The grant key of a request: a retried request (same idempotency key) lands on the same ledger entry. */
export const bonusGrantKey = (idempotencyKey: string) => `admin:${idempotencyKey}`;

/**
 * POST /api/admin/bonus-credits: a lot of bonus credits for the dealer signed in with `email`, expiring 180 days
 * after the grant. The ledger entry names the super user who granted it and why; a retry grants nothing more.
 */
export async function grantAdminBonusCredits(deps: BonusGrantDeps, granterSub: string, request: GrantBonusRequest): Promise<GrantBonusResponse> {
  const sub = await deps.accounts.findSubByEmail(request.email);
  if (!sub) throw new DomainError('not_found', ADMIN_MESSAGES.noDealer(request.email));
  const granterEmail = await callerEmail(deps.accounts, granterSub);
  const grantKey = bonusGrantKey(request.idempotency_key);
  const result = await grantBonusCredits(deps, {
    sub,
    credits: request.credits,
    grantKey,
    description: `Bonus credits from ${granterEmail}: ${request.reason}`,
    metadata: { granted_by: granterSub, granted_by_email: granterEmail, reason: request.reason },
  });
  if (!result.replayed) await deps.notify(sub);
  return {
    transaction_id: result.transaction_id,
    user_id: sub,
    email: request.email,
    credits: result.credits,
    expires_at: new Date(Date.parse(result.created_at) + BONUS_CREDIT_LIFETIME_MS).toISOString(),
    total_credits: result.balance.total_credits,
    replayed: result.replayed,
  };
}
