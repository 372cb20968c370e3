/**
 * A member erases their own data (issue 42, item 4: "a member is a person"): POST /api/me/erasure. Their sign-in, e-mail
 * address and membership go; the dealership's records they made stay with the dealership (car packages, ledger entries),
 * naming them only by their id, as "a former member". The dealership's last owner and the account that created it
 * cannot (checkOwnErasure says why). The erasure record (the person's id and the times, no e-mail) is kept, as for an
 * account: from the moment the membership is gone the person's token resolves to their own id, and that record refuses
 * it (apiHandler), and an account is never made for it (ensureAccount).
 */
import { TEAM_MESSAGES } from '@shared/team';
import type { AccountErasureResponse } from '@shared/schemas/privacy';
import type { AccountStore } from '../accounts/account-store';
import { DomainError } from '../lib/errors';
import { logger } from '../lib/logger';
import type { Mailer } from '../mail/mailer';
import { memberDataErasedMail } from '../mail/templates';
import type { TeamStore } from '../team/ports';
import { checkOwnErasure, type ResolvedMember } from '../team/team';
import type { ErasureStore, SignInDirectory } from './erase-account';

export interface MemberErasureDeps {
  team: TeamStore;
  accounts: Pick<AccountStore, 'getProfile'>;
  store: Pick<ErasureStore, 'recordRequest' | 'markErased' | 'forgetMember'>;
  directory: SignInDirectory;
  mailer: Mailer;
  now?: () => Date;
}

export async function eraseMemberData(deps: MemberErasureDeps, caller: ResolvedMember): Promise<AccountErasureResponse> {
  const membership = await checkOwnErasure(deps, caller);
  const now = () => (deps.now?.() ?? new Date()).toISOString();
  const { email, person_sub: sub, dealership_id: dealershipId } = membership;
  await deps.store.recordRequest(sub, email, now());
  const items = await deps.store.forgetMember(dealershipId, sub, email);
  // Invites to this address, of any dealership: the address is the person's.
  for (const invite of await deps.team.invitesFor(email)) await deps.team.deleteInvite(invite.dealership_id, invite.email);
  await deps.directory.deleteUser(email);
  const erasedAt = now();
  await deps.store.markErased(sub, erasedAt, { items, objects: 0 });
  // Last: until the membership goes, a retry (after a time-out) still reaches this route and finishes the job.
  if (!(await deps.team.deleteMembership(membership))) {
    const still = await deps.team.membership(sub);
    if (still) throw new DomainError('conflict', 'Someone changed your membership at the same moment. Please try again.');
  }
  logger.info('member data erased', { items });
  const dealership = (await deps.accounts.getProfile(dealershipId))?.dealer_name ?? 'your dealership';
  try {
    await deps.mailer.send({ to: email, ...memberDataErasedMail({ erasedAt, dealership }) });
  } catch (error) {
    logger.error('erasure confirmation not mailed', { error: error as Error });
  }
  return { erased_at: erasedAt, kept: TEAM_MESSAGES.memberErasureKept };
}
