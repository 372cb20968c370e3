import { readFileSync } from 'node:fs';
import { AdminGetUserCommand, CognitoIdentityProviderClient } from '@aws-sdk/client-cognito-identity-provider';
import { ScanCommand } from '@aws-sdk/lib-dynamodb';
import { afterAll, describe, expect, it } from 'vitest';
import { ERASED_ACCOUNT_MESSAGES, MESSAGES } from '@shared/messages';
import { TEAM_MESSAGES } from '@shared/team';
import { useLocalHost } from '../support/local-host';
import { mailbox } from '../support/sign-in';
import { inviteAndSignIn, teamCall } from '../support/team';

/**
 * Issue 42, item 4 ("a member is a person"): a member erasing their own data (POST /api/me/erasure) takes their sign-in,
 * address and membership away and leaves the dealership's records, which name them as a former member; the last owner
 * and the account that created the dealership cannot erase only themselves; erasing the dealership (POST
 * /api/account/erasure) erases every membership, invite and member sign-in with it, and the members' tokens are refused.
 */
const { url } = useLocalHost();
const { signInNewDealer, PackageApi } = await import('./package-api-client');
const { createPackage, subOf } = await import('../support/car-package-http');
const { packageAdapters } = await import('../../functions/src/car-packages/adapters');
const { dynamo, tableName } = await import('../../functions/src/adapters/dynamodb/client');
const { LOCAL_USER_POOL } = await import('../../infra/local/local-user-pool');
const photo = readFileSync(new URL('../fixtures/cars/cupra-born-grey-front34-street.jpg', import.meta.url));
const cognito = new CognitoIdentityProviderClient({ region: 'us-east-1', endpoint: `${url}/_local/cognito` });
afterAll(() => cognito.destroy());

/** Every item of the table that mentions one of the needles (an address, an id), by key. */
async function itemsMentioning(...needles: string[]): Promise<string[]> {
  const found: string[] = [];
  let start: Record<string, unknown> | undefined;
  do {
    const page = await dynamo().send(new ScanCommand({ TableName: tableName(), ExclusiveStartKey: start }));
    for (const item of page.Items ?? []) {
      const text = JSON.stringify(item).toLowerCase();
      if (needles.some((n) => text.includes(n.toLowerCase()))) found.push(`${item.PK} ${item.SK}`);
    }
    start = page.LastEvaluatedKey;
  } while (start);
  return found.sort();
}

const signInGone = (email: string) => expect(cognito.send(new AdminGetUserCommand({ UserPoolId: LOCAL_USER_POOL.userPoolId, Username: email }))).rejects.toMatchObject({ name: 'UserNotFoundException' });
const former = (sub: string) => ({ id: sub, email: null, former: true });

describe('erasure in a team', () => {
  it("a member erases their own data: sign-in, address and membership go; the dealership's records stay, by a former member", async () => {
    const owner = await signInNewDealer(url, 'team-erase-owner');
    const other = await signInNewDealer(url, 'team-erase-other');
    const [manager, photographer] = await Promise.all([inviteAndSignIn(url, owner.accessToken, 'manager', 'team-erase-manager'), inviteAndSignIn(url, owner.accessToken, 'photographer', 'team-erase-photographer')]);
    // The photographer makes a car package; the manager spends a credit and, made an owner, invites someone.
    const draft = await createPackage(new PackageApi(url, photographer), [{ file_name: 'cupra.jpg', bytes: photo, upload: false }], 'Photographer car');
    expect(draft.created.status).toBe(201);
    const used = await teamCall(url, manager.accessToken, 'POST', '/api/credits/use', { credits_to_use: 1, description: 'Manager used one', idempotency_key: `m-${Date.now()}` });
    expect(used.status, JSON.stringify(used.body)).toBe(200);
    expect((await teamCall(url, owner.accessToken, 'PATCH', `/api/team/members/${manager.sub}`, { role: 'owner' })).status).toBe(200);
    const invitedEmail = `team-erase-invited-${Date.now()}@example.com`;
    expect((await teamCall(url, manager.accessToken, 'POST', '/api/team/invites', { email: invitedEmail, role: 'photographer' })).status).toBe(201);
    // Another dealership invites the photographer's address (the invite waits: they belong to a dealership).
    expect((await teamCall(url, other.accessToken, 'POST', '/api/team/invites', { email: photographer.email, role: 'manager' })).status).toBe(201);
    expect((await itemsMentioning(photographer.email)).length).toBeGreaterThan(0);

    // The photographer erases their data.
    const erased = await teamCall(url, photographer.accessToken, 'POST', '/api/me/erasure', { confirm: true });
    expect(erased, JSON.stringify(erased.body)).toMatchObject({ status: 200, body: { kept: TEAM_MESSAGES.memberErasureKept } });
    // Nothing in the table holds their address any more (the other dealership's invite included); their sign-in is gone.
    expect(await itemsMentioning(photographer.email)).toEqual([]);
    await signInGone(photographer.email);
    const [confirmation] = (await mailbox(url, photographer.email)).filter((m) => m.subject === 'Your Studio Lot sign-in was deleted');
    expect(confirmation?.text).toMatch(/membership of Crash Test Motors/);
    // The package they made stays with the dealership, by a former member.
    expect((await packageAdapters().store.getDraft(draft.id!))?.created_by).toEqual(former(photographer.sub));
    // They are no longer on the team; their token writes nothing and reads nothing.
    const team = await teamCall(url, owner.accessToken, 'GET', '/api/team');
    expect(team.body.members.map((m: { id: string }) => m.id).sort()).toEqual([subOf(owner), manager.sub].sort());
    expect(await teamCall(url, photographer.accessToken, 'POST', '/api/car-packages', { session_name: 'Ghost', photos: [{ file_name: 'a.jpg', content_type: 'image/jpeg', size: 1000 }] })).toMatchObject({
      status: 401,
      body: { message: ERASED_ACCOUNT_MESSAGES.erased },
    });
    expect(await teamCall(url, photographer.accessToken, 'GET', '/api/me')).toMatchObject({ status: 404, body: { message: MESSAGES.accountNotFound } });
    expect(await teamCall(url, photographer.accessToken, 'GET', '/api/car-packages')).toMatchObject({ status: 200, body: { packages: [] } });

    // The manager, an owner beside the founder, erases theirs: the ledger entry stays, by a former member; their invite
    // stays pending, sent by "a former member".
    expect((await teamCall(url, manager.accessToken, 'POST', '/api/me/erasure', { confirm: true })).status).toBe(200);
    expect(await itemsMentioning(manager.email)).toEqual([]);
    await signInGone(manager.email);
    const ledger = await teamCall(url, owner.accessToken, 'GET', '/api/credits/transactions');
    const entry = ledger.body.transactions.find((t: { description: string }) => t.description === 'Manager used one');
    expect(entry.member).toEqual(former(manager.sub));
    const after = await teamCall(url, owner.accessToken, 'GET', '/api/team');
    expect(after.body.members.map((m: { id: string }) => m.id)).toEqual([subOf(owner)]);
    expect(after.body.invites).toEqual([expect.objectContaining({ email: invitedEmail, invited_by: 'a former member' })]);
  }, 60_000);

  it('the last owner and the account that created the dealership cannot erase only themselves; nothing changes', async () => {
    const owner = await signInNewDealer(url, 'team-erase-founder');
    const heir = await inviteAndSignIn(url, owner.accessToken, 'manager', 'team-erase-heir');
    const founderOnly = await teamCall(url, owner.accessToken, 'POST', '/api/me/erasure', { confirm: true });
    expect(founderOnly).toEqual({ status: 409, body: expect.objectContaining({ message: TEAM_MESSAGES.founderErasure }) });
    // Ownership handed over: the heir is the last owner.
    expect((await teamCall(url, owner.accessToken, 'POST', '/api/team/ownership', { member_id: heir.sub })).status).toBe(200);
    const before = await itemsMentioning(heir.email);
    const lastOwner = await teamCall(url, heir.accessToken, 'POST', '/api/me/erasure', { confirm: true });
    expect(lastOwner).toEqual({ status: 409, body: expect.objectContaining({ message: TEAM_MESSAGES.lastOwnerErasure }) });
    expect(await itemsMentioning(heir.email)).toEqual(before);
    expect((await teamCall(url, heir.accessToken, 'GET', '/api/team')).body.role).toBe('owner');
    // A bad body changes nothing either.
    expect((await teamCall(url, heir.accessToken, 'POST', '/api/me/erasure', { confirm: false })).status).toBe(400);
  }, 40_000);

  it("erasing the dealership erases every membership, invite and member's sign-in; the members' tokens are refused", async () => {
    const owner = await signInNewDealer(url, 'team-erase-dealership');
    const ownerSub = subOf(owner);
    const [manager, removed] = await Promise.all([inviteAndSignIn(url, owner.accessToken, 'manager', 'team-erase-d-manager'), inviteAndSignIn(url, owner.accessToken, 'photographer', 'team-erase-d-removed')]);
    expect((await teamCall(url, owner.accessToken, 'DELETE', `/api/team/members/${removed.sub}`)).status).toBe(200);
    const pendingEmail = `team-erase-d-pending-${Date.now()}@example.com`;
    expect((await teamCall(url, owner.accessToken, 'POST', '/api/team/invites', { email: pendingEmail, role: 'manager' })).status).toBe(201);
    // The founder's own membership (made by a role change) goes too.
    expect((await teamCall(url, owner.accessToken, 'POST', '/api/team/ownership', { member_id: manager.sub })).status).toBe(200);
    expect((await teamCall(url, manager.accessToken, 'PATCH', `/api/team/members/${ownerSub}`, { role: 'owner' })).status).toBe(200);
    expect(await itemsMentioning(`TEAM#${ownerSub}`)).not.toEqual([]);

    expect((await teamCall(url, manager.accessToken, 'POST', '/api/account/erasure', { confirm: true })).status).toBe(200);
    // No membership, invite or team index entry is left; no member's address; the erasure records alone name them.
    expect(await itemsMentioning(`TEAM#${ownerSub}`, pendingEmail, manager.email, removed.email)).toEqual([]);
    expect(await itemsMentioning(manager.sub)).toEqual([`ERASURE#${manager.sub} REQUEST`]);
    expect(await itemsMentioning(removed.sub)).toEqual([`ERASURE#${removed.sub} REQUEST`]);
    await signInGone(manager.email);
    await signInGone(removed.email);
    // Every token of the dealership's people writes nothing and reads nothing; no account is made for a member's token.
    for (const person of [owner, manager, removed]) {
      const write = await teamCall(url, person.accessToken, 'POST', '/api/credits/use', { credits_to_use: 1, description: 'ghost', idempotency_key: `g-${Date.now()}` });
      expect(write.status, person.email).toBe(401);
      expect((await teamCall(url, person.accessToken, 'GET', '/api/me')).status, person.email).toBe(404);
    }
    expect(await itemsMentioning(manager.sub)).toEqual([`ERASURE#${manager.sub} REQUEST`]);
  }, 60_000);
});
