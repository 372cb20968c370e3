import { INVITE_LIFETIME_MS, MAX_PENDING_INVITES, ROLE_LABELS, TEAM_MESSAGES, type TeamRole } from '@shared/team';
import type { AdminTeam, TeamInvite, TeamMember, TeamResponse } from '@shared/schemas/team';
import type { AccountStore } from '../accounts/account-store';
import { DomainError } from '../lib/errors';
import { newId } from '../lib/ids';
import type { StoredInvite, StoredMembership, TeamStore } from './ports';
import type { ResolvedMember } from './resolve-member';

export { resolveMember, type ResolvedMember } from './resolve-member';

export interface TeamDeps {
  team: TeamStore;
  accounts: Pick<AccountStore, 'getProfile'>;
  now?: () => Date;
}

interface Roster {
  dealershipName: string | null;
  /** Every member, the founder first; `membership` absent for a founder who never changed role. */
  members: { id: string; email: string; role: TeamRole; joined_at: string; founder: boolean; membership?: StoredMembership }[];
}

async function rosterOf(deps: TeamDeps, dealershipId: string): Promise<Roster> {
  const [profile, memberships] = await Promise.all([deps.accounts.getProfile(dealershipId), deps.team.members(dealershipId)]);
  if (!profile) throw new DomainError('not_found', TEAM_MESSAGES.memberNotFound);
  const founderMembership = memberships.find((m) => m.person_sub === dealershipId);
  const founder = { id: dealershipId, email: profile.email, role: founderMembership?.role ?? 'owner', joined_at: profile.created_at, founder: true, ...(founderMembership ? { membership: founderMembership } : {}) } as const;
  const others = memberships
    .filter((m) => m.person_sub !== dealershipId)
    .sort((a, b) => a.joined_at.localeCompare(b.joined_at))
    .map((m) => ({ id: m.person_sub, email: m.email, role: m.role, joined_at: m.joined_at, founder: false, membership: m }));
  return { dealershipName: profile.dealer_name, members: [founder, ...others] };
}

const ownersIn = (roster: Roster) => roster.members.filter((m) => m.role === 'owner').length;
/**
 * When an owner stops being one: another owner, checked in the same transaction as the change (TeamStore.save), so
 * the last-owner rule holds however many changes race (issue 42). Undefined when the member is no owner.
 */
function otherOwner(roster: Roster, member: Roster['members'][number]) {
  if (member.role !== 'owner') return undefined;
  const other = roster.members.find((m) => m.role === 'owner' && m.id !== member.id);
  if (!other) throw new DomainError('conflict', TEAM_MESSAGES.lastOwner);
  return { personSub: other.id, founder: other.founder };
}

const inviteView = (i: StoredInvite): TeamInvite => ({ id: i.id, email: i.email, role: i.role, invited_by: i.invited_by, created_at: i.created_at, expires_at: i.expires_at });

/** GET /api/team: the dealership, the caller's role and its members; the pending invites to owners only. */
export async function getTeam(deps: TeamDeps, caller: ResolvedMember): Promise<TeamResponse> {
  const now = (deps.now?.() ?? new Date()).toISOString();
  const roster = await rosterOf(deps, caller.dealershipId);
  const invites = caller.role === 'owner' ? (await deps.team.invites(caller.dealershipId)).filter((i) => i.expires_at > now).sort((a, b) => a.created_at.localeCompare(b.created_at)) : null;
  const members: TeamMember[] = roster.members.map((m) => ({ id: m.id, email: m.email, role: m.role, joined_at: m.joined_at, founder: m.founder, you: m.id === caller.memberId }));
  return { dealership: { id: caller.dealershipId, name: roster.dealershipName }, role: caller.role, members, invites: invites?.map(inviteView) ?? null };
}

/**
 * The dealership a person works in, with its members and their roles, as the admin area shows it (issue 42, item 5):
 * the dealership of their active membership, else their own account's.
 */
export async function dealershipOf(deps: TeamDeps, personSub: string): Promise<AdminTeam> {
  const membership = await deps.team.membership(personSub);
  const dealershipId = membership?.status === 'active' ? membership.dealership_id : personSub;
  const roster = await rosterOf(deps, dealershipId);
  const role = roster.members.find((m) => m.id === personSub)?.role ?? 'owner';
  return {
    dealership: { id: dealershipId, name: roster.dealershipName },
    role,
    members: roster.members.map((m) => ({ id: m.id, email: m.email, role: m.role, joined_at: m.joined_at, founder: m.founder })),
  };
}

export interface InviteDeps extends TeamDeps {
  /** Creates the invited person's sign-in (unless the address has one) and mails them a sign-in link with the invite's words. */
  sendInvite(invite: StoredInvite, dealershipName: string): Promise<'sent' | 'throttled'>;
}

/**
 * POST /api/team/invites: records the invite (7 days) and mails a sign-in link; the first sign-in through it joins
 * the dealership (joinOnSignIn). One pending invite per address and dealership; a bounded number pending at once.
 */
export async function createInvite(deps: InviteDeps, caller: ResolvedMember & { email: string }, input: { email: string; role: TeamRole }): Promise<TeamInvite> {
  const now = deps.now?.() ?? new Date();
  const roster = await rosterOf(deps, caller.dealershipId);
  if (roster.members.some((m) => m.email === input.email)) throw new DomainError('conflict', TEAM_MESSAGES.alreadyMember, { email: TEAM_MESSAGES.alreadyMember });
  const pending = (await deps.team.invites(caller.dealershipId)).filter((i) => i.expires_at > now.toISOString());
  if (pending.length >= MAX_PENDING_INVITES) throw new DomainError('conflict', TEAM_MESSAGES.tooManyInvites);
  const invite: StoredInvite = {
    id: newId(),
    dealership_id: caller.dealershipId,
    email: input.email,
    role: input.role,
    invited_by: roster.members.find((m) => m.id === caller.memberId)?.email ?? caller.email,
    created_at: now.toISOString(),
    expires_at: new Date(now.getTime() + INVITE_LIFETIME_MS).toISOString(),
  };
  if (!(await deps.team.putInvite(invite))) {
    // An expired invite of the same address is replaced; a pending one stays (withdraw it first).
    const existing = (await deps.team.invitesFor(input.email)).find((i) => i.dealership_id === caller.dealershipId);
    if (existing && existing.expires_at > invite.created_at) throw new DomainError('conflict', TEAM_MESSAGES.inviteExists, { email: TEAM_MESSAGES.inviteExists });
    await deps.team.deleteInvite(caller.dealershipId, input.email);
    if (!(await deps.team.putInvite(invite))) throw new DomainError('conflict', TEAM_MESSAGES.inviteExists, { email: TEAM_MESSAGES.inviteExists });
  }
  let outcome: 'sent' | 'throttled';
  try {
    outcome = await deps.sendInvite(invite, roster.dealershipName ?? 'A dealership');
  } catch (error) {
    await deps.team.deleteInvite(caller.dealershipId, input.email);
    throw error;
  }
  if (outcome === 'throttled') {
    await deps.team.deleteInvite(caller.dealershipId, input.email);
    throw new DomainError('rate_limited', 'A sign-in link went to this address less than a minute ago. Please send the invite again in a minute.');
  }
  return inviteView(invite);
}

/** DELETE /api/team/invites/{id}: the link joins nothing any more (it may still sign in a person who has an account). */
export async function withdrawInvite(deps: TeamDeps, caller: ResolvedMember, inviteId: string): Promise<void> {
  const invite = (await deps.team.invites(caller.dealershipId)).find((i) => i.id === inviteId);
  if (!invite || !(await deps.team.deleteInvite(caller.dealershipId, invite.email))) throw new DomainError('not_found', TEAM_MESSAGES.inviteNotFound);
}

function memberOf(roster: Roster, memberId: string) {
  const member = roster.members.find((m) => m.id === memberId);
  if (!member) throw new DomainError('not_found', TEAM_MESSAGES.memberNotFound);
  return member;
}

/** The membership a member has after a change (the founder gets one at their first change). */
function changed(dealershipId: string, member: Roster['members'][number], set: Partial<Pick<StoredMembership, 'role' | 'status'>>, now: string) {
  const membership: StoredMembership = {
    person_sub: member.id,
    dealership_id: dealershipId,
    email: member.email,
    role: member.role,
    status: 'active',
    joined_at: member.joined_at,
    updated_at: now,
    ...set,
  };
  return { membership, expected: member.membership ? { role: member.membership.role, status: member.membership.status } : null };
}

const busy = () => new DomainError('conflict', 'Someone else changed the team at the same moment. Please look again and retry.');

/** A change refused by its transaction: the last-owner rule when the owner it counted on is no owner any more. */
async function raceOrBusy(deps: TeamDeps, dealershipId: string, keepsOwner: { personSub: string } | undefined) {
  if (keepsOwner) {
    const roster = await rosterOf(deps, dealershipId);
    if (!roster.members.some((m) => m.id === keepsOwner.personSub && m.role === 'owner')) return new DomainError('conflict', TEAM_MESSAGES.lastOwner);
  }
  return busy();
}

/** PATCH /api/team/members/{id}: a new role; the last owner cannot be demoted. */
export async function changeRole(deps: TeamDeps, caller: ResolvedMember, memberId: string, role: TeamRole): Promise<TeamMember> {
  const now = (deps.now?.() ?? new Date()).toISOString();
  const roster = await rosterOf(deps, caller.dealershipId);
  const member = memberOf(roster, memberId);
  // The last owner cannot be demoted: otherOwner refuses when no other owner is left.
  const keepsOwner = role !== 'owner' ? otherOwner(roster, member) : undefined;
  if (member.role !== role && !(await deps.team.save([changed(caller.dealershipId, member, { role }, now)], keepsOwner))) throw await raceOrBusy(deps, caller.dealershipId, keepsOwner);
  return { id: member.id, email: member.email, role, joined_at: member.joined_at, founder: member.founder, you: member.id === caller.memberId };
}

/**
 * DELETE /api/team/members/{id} and POST /api/team/leave: the membership marked removed, so every token of the person is
 * refused from the next request on; what they made stays with the dealership. The last owner cannot go; the account
 * that created the dealership stays (its sign-in is the dealership's own account).
 */
export async function removeMember(deps: TeamDeps, caller: ResolvedMember, memberId: string): Promise<void> {
  const now = (deps.now?.() ?? new Date()).toISOString();
  const roster = await rosterOf(deps, caller.dealershipId);
  const member = memberOf(roster, memberId);
  if (member.founder) throw new DomainError('conflict', TEAM_MESSAGES.founderStays);
  const keepsOwner = otherOwner(roster, member);
  if (!(await deps.team.save([changed(caller.dealershipId, member, { status: 'removed' }, now)], keepsOwner))) throw await raceOrBusy(deps, caller.dealershipId, keepsOwner);
}

/**
 * Before a member erases their own data (POST /api/me/erasure, issue 42 item 4): the dealership keeps an owner, and the
 * account that created it goes only with the whole dealership (its records are keyed by its sign-in). Answers the
 * membership to delete.
 */
export async function checkOwnErasure(deps: TeamDeps, caller: ResolvedMember): Promise<StoredMembership> {
  if (caller.memberId === caller.dealershipId) throw new DomainError('conflict', TEAM_MESSAGES.founderErasure);
  const roster = await rosterOf(deps, caller.dealershipId);
  const member = memberOf(roster, caller.memberId);
  if (!member.membership) throw new DomainError('not_found', TEAM_MESSAGES.memberNotFound);
  if (member.role === 'owner' && ownersIn(roster) <= 1) throw new DomainError('conflict', TEAM_MESSAGES.lastOwnerErasure);
  return member.membership;
}

export interface AcceptDeps extends TeamDeps {
  /** Erases the person's own dealership with its data, keeping their sign-in (they join another with it). */
  eraseOwnDealership(sub: string): Promise<void>;
}

/**
 * POST /api/team/invites/{id}/accept (the dashboard's invite notice, issue 42): a person belongs to one dealership, so
 * joining another leaves the one they are in. A member leaves it (its last owner cannot; what they made stays with it)
 * and joins in one transaction. The account that created a dealership without other members joins after that
 * dealership is erased (the dashboard asked them to confirm); one with other members cannot leave it.
 */
export async function acceptInvite(deps: AcceptDeps, caller: ResolvedMember, inviteId: string): Promise<{ dealership: { id: string; name: string | null }; role: TeamRole }> {
  const now = (deps.now?.() ?? new Date()).toISOString();
  const founder = caller.memberId === caller.dealershipId;
  const roster = await rosterOf(deps, caller.dealershipId);
  const me = memberOf(roster, caller.memberId);
  const invite = (await deps.team.invitesFor(me.email)).find((i) => i.id === inviteId && i.expires_at > now && i.dealership_id !== caller.dealershipId);
  if (!invite) throw new DomainError('not_found', TEAM_MESSAGES.inviteNotFound);
  if (founder && roster.members.length > 1) throw new DomainError('conflict', TEAM_MESSAGES.founderWithTeam);
  if (!founder && me.role === 'owner' && ownersIn(roster) <= 1) throw new DomainError('conflict', TEAM_MESSAGES.lastOwner);
  const dealershipName = (await deps.accounts.getProfile(invite.dealership_id))?.dealer_name ?? null;
  if (founder) await deps.eraseOwnDealership(caller.memberId);
  const membership: StoredMembership = { person_sub: caller.memberId, dealership_id: invite.dealership_id, email: me.email.toLowerCase(), role: invite.role, status: 'active', joined_at: now, updated_at: now };
  const expected = founder ? undefined : { role: me.role, status: 'active' as const, dealership_id: caller.dealershipId };
  if (!(await deps.team.join(invite, membership, expected))) throw busy();
  return { dealership: { id: invite.dealership_id, name: dealershipName }, role: invite.role };
}

/** POST /api/team/ownership: the member becomes an owner and the caller a manager, together. */
export async function handOverOwnership(deps: TeamDeps, caller: ResolvedMember, memberId: string): Promise<void> {
  const now = (deps.now?.() ?? new Date()).toISOString();
  if (memberId === caller.memberId) throw new DomainError('conflict', TEAM_MESSAGES.handOverToSelf);
  const roster = await rosterOf(deps, caller.dealershipId);
  const member = memberOf(roster, memberId);
  const self = memberOf(roster, caller.memberId);
  const changes = [changed(caller.dealershipId, self, { role: 'manager' }, now)];
  if (member.role !== 'owner') changes.push(changed(caller.dealershipId, member, { role: 'owner' }, now));
  if (!(await deps.team.save(changes))) throw busy();
}

/**
 * The first sign-in of a person through an invite (the Cognito sign-in trigger, before anything else makes an account):
 * a person without an account of their own and without a membership joins the dealership of their newest pending
 * invite. 'member': the person is (or just became) a member, or was removed: no account of their own is made for them.
 * 'own': they use their own account (a pending invite then waits; GET /api/me tells them why it did not join).
 */
export async function joinOnSignIn(deps: TeamDeps, person: { sub: string; email: string }): Promise<'member' | 'own'> {
  const now = (deps.now?.() ?? new Date()).toISOString();
  const membership = await deps.team.membership(person.sub);
  if (membership?.status === 'active') return 'member';
  if (!membership && (await deps.accounts.getProfile(person.sub))) return 'own';
  const invite = (await deps.team.invitesFor(person.email)).filter((i) => i.expires_at > now && i.dealership_id !== person.sub).sort((a, b) => b.created_at.localeCompare(a.created_at))[0];
  if (!invite) return membership ? 'member' : 'own';
  const joined = await deps.team.join(invite, { person_sub: person.sub, dealership_id: invite.dealership_id, email: person.email.toLowerCase(), role: invite.role, status: 'active', joined_at: now, updated_at: now });
  if (!joined && (await deps.team.membership(person.sub))?.status !== 'active') return membership ? 'member' : 'own';
  return 'member';
}

/**
 * A pending invite of the person from another dealership (it did not join them: they belong to a dealership already):
 * the notice saying why, and the invite for the dashboard's banner (issue 42). Null without one.
 */
export async function pendingInvite(
  deps: TeamDeps,
  person: { email?: string; dealershipId: string },
): Promise<{ notice: string; invite: { id: string; dealership: string; role: TeamRole } } | null> {
  if (!person.email) return null;
  const now = (deps.now?.() ?? new Date()).toISOString();
  const invite = (await deps.team.invitesFor(person.email))
    .filter((i) => i.expires_at > now && i.dealership_id !== person.dealershipId)
    .sort((a, b) => b.created_at.localeCompare(a.created_at))[0];
  if (!invite) return null;
  const name = (await deps.accounts.getProfile(invite.dealership_id))?.dealer_name ?? 'a dealership';
  return { notice: TEAM_MESSAGES.alreadyInAnother(name), invite: { id: invite.id, dealership: name, role: invite.role } };
}

export const roleLabel = (role: TeamRole) => ROLE_LABELS[role];
