import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { TEAM_MESSAGES } from '@shared/team';
import { useLocalHost } from '../support/local-host';
import { mailbox } from '../support/sign-in';
import { inviteAndSignIn, teamCall } from '../support/team';

/**
 * A dealership is a team (issue 42), through the local host's HTTP API: the owner invites by e-mail (the mail, the
 * first sign-in joining), members see the dealership's records in their role, a photographer deletes only their own
 * packages, the last owner stays, ownership is handed over, a removed member's token is refused at once, a withdrawn
 * invite joins nothing, and a person who already belongs to a dealership is told to leave it first.
 */
const { url } = useLocalHost();
const { signInNewDealer } = await import('./package-api-client');
const { PackageApi } = await import('./package-api-client');
const { createPackage, subOf } = await import('../support/car-package-http');
const { packageAdapters } = await import('../../functions/src/car-packages/adapters');
const photo = readFileSync(new URL('../fixtures/cars/cupra-born-grey-front34-street.jpg', import.meta.url));

describe('a dealership is a team', () => {
  it('invites by e-mail, joins on first sign-in, refuses by role, keeps the last owner, hands over, removes at once', async () => {
    const owner = await signInNewDealer(url, 'team-owner');
    const ownerSub = subOf(owner);
    const [manager, photographer] = await Promise.all([inviteAndSignIn(url, owner.accessToken, 'manager', 'team-manager'), inviteAndSignIn(url, owner.accessToken, 'photographer', 'team-photographer')]);

    // The invite mail: from the dealership, with a sign-in link.
    const [invite] = await mailbox(url, photographer.email);
    expect(invite!.subject).toBe('Crash Test Motors invited you to Studio Lot');
    expect(invite!.text).toMatch(/invited you to join Crash Test Motors on Studio Lot as photographer/);
    expect(invite!.text).toMatch(/\/auth\/callback#/);

    // Every member sees the team; only owners see invites.
    const team = await teamCall(url, photographer.accessToken, 'GET', '/api/team');
    expect(team.status).toBe(200);
    expect(team.body.dealership).toEqual({ id: ownerSub, name: 'Crash Test Motors' });
    expect(team.body.role).toBe('photographer');
    expect(team.body.invites).toBeNull();
    expect(team.body.members.map((m: { email: string; role: string; you: boolean }) => [m.email, m.role, m.you])).toEqual([
      [owner.email, 'owner', false],
      ...[
        [manager.email, 'manager', false],
        [photographer.email, 'photographer', true],
      ].sort((a, b) => (team.body.members.findIndex((m: { email: string }) => m.email === a[0]) - team.body.members.findIndex((m: { email: string }) => m.email === b[0]))),
    ]);

    // The photographer works in the dealership's records: its balance, a package of theirs that names them.
    const me = await teamCall(url, photographer.accessToken, 'GET', '/api/me');
    expect(me.body.profile.id).toBe(ownerSub);
    expect(me.body.member).toEqual({ id: photographer.sub, email: photographer.email, role: 'photographer' });
    expect(me.body.balance.total_credits).toBe(5);
    const theirs = await createPackage(new PackageApi(url, photographer), [{ file_name: 'cupra.jpg', bytes: photo, upload: false }], 'Photographer car');
    expect(theirs.created.status).toBe(201);
    // (The package detail shows it once started: tests/proof/money-team.test.ts.)
    expect((await packageAdapters().store.getDraft(theirs.id!))?.created_by).toEqual({ id: photographer.sub, email: photographer.email });

    // What a photographer cannot do: payments, the ledger, keys, the team; another member's package.
    for (const [method, path, body] of [
      ['GET', '/api/credits/transactions', undefined],
      ['POST', '/api/credits/purchase', { package_id: 'starter' }],
      ['GET', '/api/api-keys', undefined],
      ['POST', '/api/team/invites', { email: 'someone@example.com', role: 'owner' }],
    ] as const) {
      const refused = await teamCall(url, photographer.accessToken, method, path, body);
      expect(refused.status, `${method} ${path}`).toBe(403);
      expect(refused.body.message).toMatch(/Your role in this dealership cannot do this/);
    }
    const ownersCar = await createPackage(new PackageApi(url, owner), [{ file_name: 'cupra.jpg', bytes: photo, upload: false }], 'Owner car');
    const notTheirs = await teamCall(url, photographer.accessToken, 'DELETE', `/api/car-packages/${ownersCar.id}`);
    expect(notTheirs).toEqual({ status: 403, body: expect.objectContaining({ message: TEAM_MESSAGES.notYourPackage }) });
    expect((await teamCall(url, photographer.accessToken, 'DELETE', `/api/car-packages/${theirs.id}`)).status).toBe(200);
    // A manager may delete anyone's.
    expect((await teamCall(url, manager.accessToken, 'DELETE', `/api/car-packages/${ownersCar.id}`)).status).toBe(200);

    // Invites: one pending per address; not to a member; withdrawn, the link joins nothing.
    expect((await teamCall(url, owner.accessToken, 'POST', '/api/team/invites', { email: manager.email, role: 'manager' })).body.message).toBe(TEAM_MESSAGES.alreadyMember);
    const withdrawnEmail = `team-withdrawn-${Date.now()}@example.com`;
    const pending = await teamCall(url, owner.accessToken, 'POST', '/api/team/invites', { email: withdrawnEmail, role: 'manager' });
    expect(pending.status).toBe(201);
    expect((await teamCall(url, owner.accessToken, 'POST', '/api/team/invites', { email: withdrawnEmail, role: 'manager' })).body.message).toBe(TEAM_MESSAGES.inviteExists);
    expect((await teamCall(url, owner.accessToken, 'GET', '/api/team')).body.invites.map((i: { email: string }) => i.email)).toEqual([withdrawnEmail]);
    expect((await teamCall(url, owner.accessToken, 'DELETE', `/api/team/invites/${pending.body.invite.id}`)).status).toBe(200);
    const outsider = await signInNewDealer(url, 'team-withdrawn', withdrawnEmail);
    const outsiderMe = await teamCall(url, outsider.accessToken, 'GET', '/api/me');
    expect(outsiderMe.body.member.role).toBe('owner');
    expect(outsiderMe.body.profile.id).toBe(subOf(outsider));

    // A person with a dealership of their own is told to leave it first.
    expect((await teamCall(url, owner.accessToken, 'POST', '/api/team/invites', { email: withdrawnEmail, role: 'manager' })).status).toBe(201);
    expect((await teamCall(url, outsider.accessToken, 'GET', '/api/me')).body.team_notice).toBe(TEAM_MESSAGES.alreadyInAnother('Crash Test Motors'));

    // The last owner stays; ownership is handed over.
    expect((await teamCall(url, owner.accessToken, 'PATCH', `/api/team/members/${ownerSub}`, { role: 'manager' })).body.message).toBe(TEAM_MESSAGES.lastOwner);
    expect((await teamCall(url, owner.accessToken, 'POST', '/api/team/leave')).body.message).toBe(TEAM_MESSAGES.founderStays);
    expect((await teamCall(url, owner.accessToken, 'POST', '/api/team/ownership', { member_id: manager.sub })).status).toBe(200);
    const handed = await teamCall(url, manager.accessToken, 'GET', '/api/team');
    expect(handed.body.role).toBe('owner');
    expect(handed.body.members.find((m: { id: string }) => m.id === ownerSub).role).toBe('manager');
    expect((await teamCall(url, owner.accessToken, 'GET', '/api/api-keys')).status).toBe(403);
    expect((await teamCall(url, manager.accessToken, 'PATCH', `/api/team/members/${manager.sub}`, { role: 'photographer' })).body.message).toBe(TEAM_MESSAGES.lastOwner);

    // Removed: the token is refused at once, reads included; what they made stays.
    expect((await teamCall(url, manager.accessToken, 'DELETE', `/api/team/members/${photographer.sub}`)).status).toBe(200);
    const refused = await teamCall(url, photographer.accessToken, 'GET', '/api/car-packages');
    expect(refused).toEqual({ status: 401, body: expect.objectContaining({ message: TEAM_MESSAGES.removed }) });
    expect((await teamCall(url, manager.accessToken, 'GET', '/api/team')).body.members.map((m: { id: string }) => m.id)).not.toContain(photographer.sub);
  }, 80_000);
});
