import { readFileSync } from 'node:fs';
import { AdminGetUserCommand, CognitoIdentityProviderClient } from '@aws-sdk/client-cognito-identity-provider';
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { afterAll, describe, expect, it } from 'vitest';
import { TEAM_MESSAGES } from '@shared/team';
import { useLocalHost } from '../support/local-host';
import { inviteAndSignIn, teamCall } from '../support/team';

/**
 * Issue 42, items 3 and 4: a person with a dealership of their own hears of an invite from another on the dashboard
 * (GET /api/me: team_invite) and joins from there (POST /api/team/invites/{id}/accept), leaving the one they are in: a
 * member moves (what they made stays), the account that created a dealership alone has it erased first and keeps its
 * sign-in; the last owner and a creator with members cannot leave.
 */
const { url } = useLocalHost();
const { signInNewDealer, PackageApi } = await import('./package-api-client');
const { createPackage, subOf } = await import('../support/car-package-http');
const { packageAdapters } = await import('../../functions/src/car-packages/adapters');
const { dynamo, tableName } = await import('../../functions/src/adapters/dynamodb/client');
const { keys } = await import('../../functions/src/adapters/dynamodb/keys');
const { LOCAL_USER_POOL } = await import('../../infra/local/local-user-pool');
const photo = readFileSync(new URL('../fixtures/cars/cupra-born-grey-front34-street.jpg', import.meta.url));
const cognito = new CognitoIdentityProviderClient({ region: 'us-east-1', endpoint: `${url}/_local/cognito` });
afterAll(() => cognito.destroy());

const profileOf = async (sub: string) => (await dynamo().send(new GetCommand({ TableName: tableName(), Key: keys.profile(sub), ConsistentRead: true }))).Item;

describe('joining another dealership from the dashboard', () => {
  it('the account that created a dealership alone: its dealership is erased, its sign-in joins the other', async () => {
    const [inviter, person] = await Promise.all([signInNewDealer(url, 'accept-inviter'), signInNewDealer(url, 'accept-founder')]);
    const personSub = subOf(person);
    const draft = await createPackage(new PackageApi(url, person), [{ file_name: 'cupra.jpg', bytes: photo, upload: false }], 'Own car');
    expect(draft.created.status).toBe(201);
    expect((await teamCall(url, inviter.accessToken, 'POST', '/api/team/invites', { email: person.email, role: 'manager' })).status).toBe(201);

    const me = await teamCall(url, person.accessToken, 'GET', '/api/me');
    expect(me.body.team_invite).toEqual({ id: expect.any(String), dealership: 'Crash Test Motors', role: 'manager' });
    expect(me.body.team_notice).toBe(TEAM_MESSAGES.alreadyInAnother('Crash Test Motors'));
    // Someone else's invite id, or none: not found, nothing changes.
    expect((await teamCall(url, person.accessToken, 'POST', '/api/team/invites/01ARZ3NDEKTSV4RRFFQ69G5FAV/accept')).status).toBe(404);
    expect(await profileOf(personSub)).toBeDefined();

    const joined = await teamCall(url, person.accessToken, 'POST', `/api/team/invites/${me.body.team_invite.id}/accept`);
    expect(joined, JSON.stringify(joined.body)).toEqual({ status: 200, body: { dealership: { id: subOf(inviter), name: 'Crash Test Motors' }, role: 'manager' } });
    // Their own dealership is gone with its data; the same sign-in now works in the inviting dealership.
    expect(await profileOf(personSub)).toBeUndefined();
    expect(await packageAdapters().store.getDraft(draft.id!)).toBeUndefined();
    const after = await teamCall(url, person.accessToken, 'GET', '/api/me');
    expect(after.body).toMatchObject({ profile: { id: subOf(inviter) }, member: { id: personSub, role: 'manager' }, team_invite: null, team_notice: null });
    expect((await teamCall(url, person.accessToken, 'POST', '/api/credits/use', { credits_to_use: 1, description: 'Works here', idempotency_key: `a-${Date.now()}` })).status).toBe(200);
    await expect(cognito.send(new AdminGetUserCommand({ UserPoolId: LOCAL_USER_POOL.userPoolId, Username: person.email }))).resolves.toBeDefined();
    const team = await teamCall(url, inviter.accessToken, 'GET', '/api/team');
    expect(team.body.members.map((m: { id: string }) => m.id)).toContain(personSub);
    expect(team.body.invites).toEqual([]);
  }, 40_000);

  it("a member moves (what they made stays); the last owner and a creator with members cannot leave", async () => {
    const [home, other] = await Promise.all([signInNewDealer(url, 'accept-home'), signInNewDealer(url, 'accept-other')]);
    const [mover, heir] = await Promise.all([inviteAndSignIn(url, home.accessToken, 'photographer', 'accept-mover'), inviteAndSignIn(url, home.accessToken, 'manager', 'accept-heir')]);
    const made = await createPackage(new PackageApi(url, mover), [{ file_name: 'cupra.jpg', bytes: photo, upload: false }], 'Mover car');
    for (const person of [mover, heir, home]) expect((await teamCall(url, other.accessToken, 'POST', '/api/team/invites', { email: person.email, role: 'photographer' })).status).toBe(201);
    const inviteOf = async (token: string) => (await teamCall(url, token, 'GET', '/api/me')).body.team_invite.id as string;

    // The creator of a dealership with members cannot leave it.
    expect((await teamCall(url, home.accessToken, 'POST', `/api/team/invites/${await inviteOf(home.accessToken)}/accept`)).body.message).toBe(TEAM_MESSAGES.founderWithTeam);
    // The last owner (ownership handed over to the heir) cannot leave either.
    expect((await teamCall(url, home.accessToken, 'POST', '/api/team/ownership', { member_id: heir.sub })).status).toBe(200);
    const heirInvite = await inviteOf(heir.accessToken);
    expect(await teamCall(url, heir.accessToken, 'POST', `/api/team/invites/${heirInvite}/accept`)).toEqual({ status: 409, body: expect.objectContaining({ message: TEAM_MESSAGES.lastOwner }) });
    expect((await teamCall(url, heir.accessToken, 'GET', '/api/team')).body.role).toBe('owner');

    // A member moves: in the other dealership at once, gone from the first, their package stays there naming them.
    const moved = await teamCall(url, mover.accessToken, 'POST', `/api/team/invites/${await inviteOf(mover.accessToken)}/accept`);
    expect(moved.status, JSON.stringify(moved.body)).toBe(200);
    expect((await teamCall(url, mover.accessToken, 'GET', '/api/me')).body).toMatchObject({ profile: { id: subOf(other) }, member: { role: 'photographer' } });
    expect((await teamCall(url, heir.accessToken, 'GET', '/api/team')).body.members.map((m: { id: string }) => m.id)).not.toContain(mover.sub);
    expect((await packageAdapters().store.getDraft(made.id!))?.created_by).toEqual({ id: mover.sub, email: mover.email });
    expect((await teamCall(url, mover.accessToken, 'GET', '/api/car-packages')).body.packages).toEqual([]);
  }, 40_000);
});
