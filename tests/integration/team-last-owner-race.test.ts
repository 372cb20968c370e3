import { describe, expect, it } from 'vitest';
import { TEAM_MESSAGES } from '@shared/team';
import { useLocalHost } from '../support/local-host';
import { inviteAndSignIn, teamCall } from '../support/team';

/**
 * Issue 42: a dealership always keeps an owner. The last-owner check reads the team, then writes; two owners demoting
 * each other at the same moment would both pass it. The write holds it: the change is a DynamoDB transaction that also
 * checks the owner it counted on is still one. Both orders of the race are forced here (each demotion read the team
 * before either wrote), and both run at once through the API.
 */
const { url } = useLocalHost();
const { signInNewDealer } = await import('./package-api-client');
const { subOf } = await import('../support/car-package-http');
const { DynamoDbTeamStore } = await import('../../functions/src/team/dynamodb-team-store');
const { DynamoDbAccountStore } = await import('../../functions/src/accounts/dynamodb-account-store');
const { changeRole, removeMember } = await import('../../functions/src/team/team');

/** Two owners of one dealership: the account that created it and a member made owner. */
async function twoOwners(label: string) {
  const founder = await signInNewDealer(url, `race-${label}`);
  const other = await inviteAndSignIn(url, founder.accessToken, 'manager', `race-${label}-other`);
  expect((await teamCall(url, founder.accessToken, 'PATCH', `/api/team/members/${other.sub}`, { role: 'owner' })).status).toBe(200);
  return { founder, founderSub: subOf(founder), other };
}

const ownersOf = async (token: string) => (await teamCall(url, token, 'GET', '/api/team')).body.members.filter((m: { role: string }) => m.role === 'owner').map((m: { id: string }) => m.id);

/** The team store, except that every write waits until `n` writes are waiting: each change read the team before any wrote. */
function storeWritingTogether(n: number) {
  const store = new DynamoDbTeamStore();
  let waiting = 0;
  let release!: () => void;
  const together = new Promise<void>((resolve) => (release = resolve));
  const save: typeof store.save = async (...args) => {
    if (++waiting === n) release();
    await together;
    return store.save(...args);
  };
  return Object.assign(Object.create(store) as typeof store, { save });
}

describe('the last owner, under a race', () => {
  it('two owners demoting (or removing) each other at once: one change is made, the other is refused, an owner is left', async () => {
    for (const race of ['demote', 'remove'] as const) {
      const { founder, founderSub, other } = await twoOwners(race);
      const deps = { team: storeWritingTogether(2), accounts: new DynamoDbAccountStore() };
      const asFounder = { dealershipId: founderSub, memberId: founderSub, role: 'owner' as const };
      const asOther = { dealershipId: founderSub, memberId: other.sub, role: 'owner' as const, email: other.email };
      const outcomes = await Promise.allSettled(
        race === 'demote'
          ? [changeRole(deps, asFounder, other.sub, 'manager'), changeRole(deps, asOther, founderSub, 'manager')]
          : [removeMember(deps, asFounder, other.sub), changeRole(deps, asOther, founderSub, 'photographer')],
      );
      expect(outcomes.map((o) => o.status).sort(), race).toEqual(['fulfilled', 'rejected']);
      const refused = outcomes.find((o) => o.status === 'rejected') as PromiseRejectedResult;
      expect(refused.reason.message, race).toBe(TEAM_MESSAGES.lastOwner);
      const token = race === 'remove' && outcomes[0]!.status === 'fulfilled' ? founder.accessToken : outcomes[0]!.status === 'fulfilled' ? founder.accessToken : other.accessToken;
      expect(await ownersOf(token), race).toHaveLength(1);
    }
  }, 40_000);

  it('through the API at once: never both, and an owner is always left', async () => {
    const { founder, founderSub, other } = await twoOwners('api');
    const [a, b] = await Promise.all([
      teamCall(url, founder.accessToken, 'PATCH', `/api/team/members/${other.sub}`, { role: 'manager' }),
      teamCall(url, other.accessToken, 'PATCH', `/api/team/members/${founderSub}`, { role: 'manager' }),
    ]);
    expect([a.status, b.status].filter((s) => s === 200)).toHaveLength(1);
    expect([a, b].find((r) => r.status !== 200)!.body.message).toMatch(/A dealership needs an owner|Someone else changed the team/);
    const still = a.status === 200 ? founder.accessToken : other.accessToken;
    expect(await ownersOf(still)).toHaveLength(1);
  }, 40_000);
});
