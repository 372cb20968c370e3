import { describe, expect, it } from 'vitest';
import { adminDealerSchema } from '@shared/schemas/admin-dealers';
import { useLocalHost } from '../support/local-host';
import { inviteAndSignIn, teamCall } from '../support/team';

/**
 * Issue 42, item 5: the super user's admin area shows a dealership with its members. Looking up the dealership's
 * account by e-mail shows each member's role; a member who is removed is no longer listed. (The dealers tab finds
 * accounts: a person who joined a dealership has no account of their own, so they are found through it.)
 */
const { url } = useLocalHost();
const { signInNewDealer } = await import('./package-api-client');
const { promoteToSuperUser } = await import('../../functions/src/accounts/super-user');
const { DynamoDbAccountStore } = await import('../../functions/src/accounts/dynamodb-account-store');

const subOf = (token: string) => JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString('utf8')).sub as string;

describe('admin: a dealership with its members', () => {
  it('finds the dealership by its account: its members and their roles; a removed member is no longer listed', async () => {
    const [admin, owner] = await Promise.all([signInNewDealer(url, 'team-admin-super'), signInNewDealer(url, 'team-admin-owner')]);
    expect(await promoteToSuperUser(new DynamoDbAccountStore(), admin.email)).toMatchObject({ role: 'super' });
    const [photographer, manager] = await Promise.all([
      inviteAndSignIn(url, owner.accessToken, 'photographer', 'team-admin-photographer'),
      inviteAndSignIn(url, owner.accessToken, 'manager', 'team-admin-manager'),
    ]);
    const find = async (email: string) => {
      const found = await teamCall(url, admin.accessToken, 'GET', `/api/admin/dealers?email=${encodeURIComponent(email)}`);
      expect(found.status, JSON.stringify(found.body)).toBe(200);
      return adminDealerSchema.parse(found.body).team!;
    };
    const byOwner = await find(owner.email);
    expect(byOwner.dealership.id).toBe(subOf(owner.accessToken));
    expect(byOwner.role).toBe('owner');
    const roles = (team: typeof byOwner) => Object.fromEntries(team.members.map((m) => [m.email, m.role]));
    expect(roles(byOwner)).toEqual({ [owner.email]: 'owner', [photographer.email]: 'photographer', [manager.email]: 'manager' });
    expect(byOwner.members.find((m) => m.founder)?.email).toBe(owner.email);

    // Removed: no longer a member of the dealership in the admin area.
    expect((await teamCall(url, owner.accessToken, 'DELETE', `/api/team/members/${manager.sub}`)).status).toBe(200);
    expect(roles(await find(owner.email))).toEqual({ [owner.email]: 'owner', [photographer.email]: 'photographer' });

    // A standard dealer (the owner) cannot read the admin area.
    expect((await teamCall(url, owner.accessToken, 'GET', `/api/admin/dealers?email=${encodeURIComponent(photographer.email)}`)).status).toBe(403);
  }, 60_000);
});
