import { describe, expect, it } from 'vitest';
import { INVITE_LIFETIME_MS } from '@shared/team';
import type { StoredProfile } from '../accounts/account-store';
import type { StoredInvite, StoredMembership, TeamStore } from './ports';
import { joinOnSignIn, resolveMember } from './team';

/** The team store in memory: the same conditions as the DynamoDB one for what these tests touch. */
function memoryStore() {
  const memberships = new Map<string, StoredMembership>();
  const invites: StoredInvite[] = [];
  const store: TeamStore = {
    membership: async (sub) => memberships.get(sub),
    members: async (d) => [...memberships.values()].filter((m) => m.dealership_id === d && m.status === 'active'),
    invites: async (d) => invites.filter((i) => i.dealership_id === d),
    invitesFor: async (email) => invites.filter((i) => i.email === email),
    putInvite: async (invite) => (invites.some((i) => i.email === invite.email && i.dealership_id === invite.dealership_id) ? false : (invites.push(invite), true)),
    deleteInvite: async (d, email) => {
      const at = invites.findIndex((i) => i.dealership_id === d && i.email === email);
      if (at < 0) return false;
      invites.splice(at, 1);
      return true;
    },
    join: async (invite, membership) => {
      const had = memberships.get(membership.person_sub);
      if ((had && had.status !== 'removed') || !invites.includes(invite)) return false;
      memberships.set(membership.person_sub, membership);
      invites.splice(invites.indexOf(invite), 1);
      return true;
    },
    save: async () => true,
    deleteMembership: async (m) => memberships.delete(m.person_sub),
  };
  return { store, memberships, invites };
}

const T0 = new Date('2026-11-30T10:00:00.000Z');
const inviteAt = (at: Date, email = 'porter@example.com'): StoredInvite => ({
  id: 'inv-1',
  dealership_id: 'dealer-1',
  email,
  role: 'photographer',
  invited_by: 'owner@example.com',
  created_at: at.toISOString(),
  expires_at: new Date(at.getTime() + INVITE_LIFETIME_MS).toISOString(),
});

describe('joining a dealership on first sign-in', () => {
  const noProfile = { getProfile: async (): Promise<StoredProfile | undefined> => undefined };

  it('joins within 7 days of the invite, and not a moment after', async () => {
    for (const [after, joins] of [
      [INVITE_LIFETIME_MS - 1_000, true],
      [INVITE_LIFETIME_MS + 1_000, false],
    ] as const) {
      const { store, invites, memberships } = memoryStore();
      invites.push(inviteAt(T0));
      const outcome = await joinOnSignIn({ team: store, accounts: noProfile, now: () => new Date(T0.getTime() + after) }, { sub: 'person-1', email: 'porter@example.com' });
      expect(outcome).toBe(joins ? 'member' : 'own');
      expect(memberships.get('person-1')?.dealership_id).toBe(joins ? 'dealer-1' : undefined);
      if (joins) expect(await resolveMember(store, 'person-1')).toEqual({ dealershipId: 'dealer-1', memberId: 'person-1', role: 'photographer', email: 'porter@example.com' });
    }
  });

  it('a person with an account of their own keeps it (the invite waits); a removed member is refused whatever the token', async () => {
    const { store, invites, memberships } = memoryStore();
    invites.push(inviteAt(T0));
    const own = { getProfile: async () => ({ id: 'person-1' }) as StoredProfile };
    expect(await joinOnSignIn({ team: store, accounts: own, now: () => T0 }, { sub: 'person-1', email: 'porter@example.com' })).toBe('own');
    expect(await resolveMember(store, 'person-1')).toEqual({ dealershipId: 'person-1', memberId: 'person-1', role: 'owner' });
    memberships.set('person-2', { person_sub: 'person-2', dealership_id: 'dealer-1', email: 'x@example.com', role: 'manager', status: 'removed', joined_at: T0.toISOString(), updated_at: T0.toISOString() });
    await expect(resolveMember(store, 'person-2')).rejects.toMatchObject({ kind: 'unauthorized' });
  });
});
