import { MESSAGES } from '@shared/messages';
import { PLATE_MESSAGES } from '@shared/plates';
import type { MeResponse, Profile } from '@shared/schemas/account';
import type { CreditStore } from '../credits/credit-store';
import { getCreditBalance } from '../credits/read-credits';
import { DomainError } from '../lib/errors';
import type { TeamRole } from '@shared/team';
import { profileView, type AccountStore, type ProfileChanges } from './account-store';
import { ensureAccount } from './ensure-account';

export interface ProfileDeps {
  accounts: AccountStore;
  credits: CreditStore;
  now?: () => Date;
}

/**
 * GET /api/me: the caller's profile and balance. Normally the sign-in trigger created the account; if it did not
 * (the trigger failed, or the account predates it) and the token carries the e-mail, it is created here, the same
 * idempotent way (the spec's "balance created when missing").
 */
export async function getMe(
  deps: ProfileDeps & { teamNotice?: (person: { email?: string; dealershipId: string }) => Promise<{ notice: string; invite: MeResponse['team_invite'] } | null> },
  caller: { sub: string; email?: string; member?: { id: string; role: TeamRole } },
): Promise<MeResponse> {
  const notice = (email: string | null) => (deps.teamNotice ? deps.teamNotice({ ...(email ? { email } : {}), dealershipId: caller.sub }) : Promise.resolve(null));
  // A token that names its e-mail has the invite look-up run beside the reads, not after them (every dashboard load).
  const early = caller.email ? notice(caller.email) : undefined;
  // Handled where it is awaited; marked here so a failed read before then leaves no unhandled rejection.
  early?.catch(() => undefined);
  const read = () => Promise.all([deps.accounts.getProfile(caller.sub), getCreditBalance({ store: deps.credits, now: deps.now }, caller.sub)]);
  let [profile, balance] = await read();
  const founder = !caller.member || caller.member.id === caller.sub;
  // Only the dealership's own sign-in makes its account; a member's token never makes one.
  if ((!profile || !balance) && caller.email && founder) {
    await ensureAccount(deps, { sub: caller.sub, email: caller.email });
    [profile, balance] = await read();
  }
  if (!profile || !balance) throw new DomainError('not_found', MESSAGES.accountNotFound);
  // The dealership's own sign-in is the profile's e-mail (an access token carries none).
  const email = caller.email ?? (founder ? profile.email : null);
  const member = { id: caller.member?.id ?? caller.sub, email, role: caller.member?.role ?? 'owner' };
  const pending = await (early ?? notice(email));
  return { profile: profileView(profile), balance, member, team_notice: pending?.notice ?? null, team_invite: pending?.invite ?? null };
}

/**
 * PATCH /api/profile: dealer name, logo URL and the default plate treatment; the e-mail is the sign-in identity and
 * never changes here. A logo plate needs the dealer's uploaded logo.
 */
export async function updateProfile(deps: ProfileDeps, sub: string, changes: ProfileChanges): Promise<Profile> {
  if (changes.plate_treatment === 'logo' && !(await deps.accounts.getProfile(sub))?.logo_key) {
    throw new DomainError('validation', PLATE_MESSAGES.logoNeeded, { plate_treatment: PLATE_MESSAGES.logoNeeded });
  }
  const updated = await deps.accounts.updateProfile(sub, changes, deps.now?.() ?? new Date());
  if (!updated) throw new DomainError('not_found', MESSAGES.accountNotFound);
  return profileView(updated);
}
