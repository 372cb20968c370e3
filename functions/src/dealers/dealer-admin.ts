/**
 * The dealers tab of the admin area (super users): find a dealer by sign-in e-mail, see their profile, balance,
 * recent ledger, car packages and role history, and make or unmake a super user. Every role change is recorded
 * (who, when, the previous role) in the same transaction as the change.
 */
import { RECENT_TRANSACTIONS_LIMIT } from '@shared/limits';
import { DEALER_ADMIN_MESSAGES } from '@shared/messages';
import type { AdminDealer, DealerTransactionsResponse, SetDealerRoleResponse } from '@shared/schemas/admin-dealers';
import type { Role } from '@shared/statuses';
import type { Profile } from '@shared/schemas/account';
import { profileView, type AccountStore } from '../accounts/account-store';
import type { PackageStore } from '../car-packages/ports';
import { transactionView, type CreditStore } from '../credits/credit-store';
import { getCreditBalance } from '../credits/read-credits';
import { callerEmail } from '../finance/caller';
import { DomainError } from '../lib/errors';
import { newId } from '../lib/ids';
import type { TeamStore } from '../team/ports';
import { dealershipOf } from '../team/team';
import type { LedgerPages, RoleChangeStore } from './ports';

/** How many car packages the dealer page lists (the newest). */
export const DEALER_PACKAGES_LIMIT = 10;

export interface DealerAdminDeps {
  accounts: AccountStore;
  credits: CreditStore;
  packages: Pick<PackageStore, 'list'>;
  roles: RoleChangeStore;
  ledger: LedgerPages;
  team: TeamStore;
  now?: () => Date;
}

/** The dealer page; 404 when there is no such account. */
export async function dealerView(deps: DealerAdminDeps, sub: string): Promise<AdminDealer> {
  const profile = await deps.accounts.getProfile(sub);
  if (!profile) throw new DomainError('not_found', DEALER_ADMIN_MESSAGES.dealerNotFound);
  const [balance, ledger, packages, roleChanges, team] = await Promise.all([
    getCreditBalance({ store: deps.credits, now: deps.now }, sub),
    deps.ledger.page(sub, RECENT_TRANSACTIONS_LIMIT),
    deps.packages.list(sub, DEALER_PACKAGES_LIMIT),
    deps.roles.list(sub),
    // The dealership's profile may be gone (erased) while a membership still names it: the page shows the rest.
    dealershipOf({ team: deps.team, accounts: deps.accounts }, sub).catch(() => null),
  ]);
  return {
    profile: profileView(profile),
    balance: balance ?? null,
    transactions: ledger.entries.map(transactionView),
    transactions_next_cursor: ledger.nextCursor,
    packages: packages.packages.map((p) => ({
      id: p.id,
      session_name: p.session_name,
      status: p.status,
      completed_angles: p.completed_angles,
      failed_angles: p.failed_angles,
      total_angles: p.total_angles,
      credits_used: p.credits_used,
      created_at: p.created_at,
    })),
    role_changes: roleChanges,
    team,
  };
}

/** GET /api/admin/dealers/{id}/transactions: the next page of the dealer's ledger. */
export async function dealerTransactions(deps: Pick<DealerAdminDeps, 'ledger'>, sub: string, cursor?: string): Promise<DealerTransactionsResponse> {
  const { entries, nextCursor } = await deps.ledger.page(sub, RECENT_TRANSACTIONS_LIMIT, cursor);
  return { transactions: entries.map(transactionView), next_cursor: nextCursor };
}

/** GET /api/admin/dealers?email= */
export async function findDealer(deps: DealerAdminDeps, email: string): Promise<AdminDealer> {
  const sub = await deps.accounts.findSubByEmail(email);
  if (!sub) throw new DomainError('not_found', DEALER_ADMIN_MESSAGES.noDealer(email));
  return dealerView(deps, sub);
}

/**
 * PUT /api/admin/dealers/{id}/role. A super user cannot unmake themself: if every super user could, the last one
 * could lock everyone out of the admin area (then only the operator's script on the table gets back in); another
 * super user must do it. Setting the role a dealer already has changes and records nothing.
 */
export async function setDealerRole(deps: DealerAdminDeps, callerSub: string, sub: string, role: Role): Promise<SetDealerRoleResponse> {
  if (sub === callerSub && role !== 'super') throw new DomainError('conflict', DEALER_ADMIN_MESSAGES.cannotUnmakeSelf);
  const profile = await deps.accounts.getProfile(sub);
  if (!profile) throw new DomainError('not_found', DEALER_ADMIN_MESSAGES.dealerNotFound);
  if (profile.role === role) return { dealer: await dealerView(deps, sub), changed: false };
  const outcome = await deps.roles.apply({
    id: newId(),
    user_id: sub,
    previous_role: profile.role,
    role,
    changed_by: callerSub,
    changed_by_email: await callerEmail(deps.accounts, callerSub),
    changed_at: (deps.now?.() ?? new Date()).toISOString(),
  });
  if (outcome === 'conflict') {
    if (!(await deps.accounts.getProfile(sub))) throw new DomainError('not_found', DEALER_ADMIN_MESSAGES.dealerNotFound);
    throw new DomainError('conflict', DEALER_ADMIN_MESSAGES.roleChangedMeanwhile);
  }
  return { dealer: await dealerView(deps, sub), changed: true };
}

/** Who the role-change record names when the operator's script (`npm run user:super`) made the first super user. */
export const OPERATOR_SCRIPT = { changed_by: 'operator', changed_by_email: 'npm run user:super' } as const;

/**
 * The bootstrap of the first super user by the operator's script, recorded like any other role change. Undefined
 * when nobody signed in with `email` yet; a super user already stays as they are (nothing recorded).
 */
export async function bootstrapSuperUser(deps: Pick<DealerAdminDeps, 'accounts' | 'roles' | 'now'>, email: string): Promise<Profile | undefined> {
  const sub = await deps.accounts.findSubByEmail(email.trim().toLowerCase());
  const profile = sub ? await deps.accounts.getProfile(sub) : undefined;
  if (!sub || !profile) return undefined;
  if (profile.role === 'super') return profileView(profile);
  const outcome = await deps.roles.apply({
    id: newId(),
    user_id: sub,
    previous_role: profile.role,
    role: 'super',
    ...OPERATOR_SCRIPT,
    changed_at: (deps.now?.() ?? new Date()).toISOString(),
  });
  if (outcome === 'conflict') throw new DomainError('conflict', DEALER_ADMIN_MESSAGES.roleChangedMeanwhile);
  const updated = await deps.accounts.getProfile(sub);
  return updated ? profileView(updated) : undefined;
}
