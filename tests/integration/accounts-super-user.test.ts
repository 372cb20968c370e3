import { execFile } from 'node:child_process';
import { resolve } from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { MESSAGES } from '@shared/messages';
import { adminInboxResponseSchema } from '@shared/schemas';
import { useLocalHost } from '../support/local-host';
import { callRoute, newUser } from './accounts-test-events';

const { url } = useLocalHost();
const { ensureAccountInTable } = await import('../../functions/src/accounts/ensure-account-in-table');
const { DynamoDbAccountStore } = await import('../../functions/src/accounts/dynamodb-account-store');
const { isSuperUser, promoteToSuperUser } = await import('../../functions/src/accounts/super-user');
const accounts = new DynamoDbAccountStore();

describe('super users', () => {
  it('a standard user gets 403 on the admin inbox; after promotion by e-mail, 200 with the newest contact messages', async () => {
    const user = newUser('boss');
    await ensureAccountInTable(user);
    const refused = await callRoute('GET /api/admin/inbox', { user });
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe(MESSAGES.forbiddenSuperUser);
    expect(await isSuperUser(accounts, user.sub)).toBe(false);

    // A visitor writes through the public contact page (the real local gateway).
    const marker = `inbox-${user.sub}`;
    const sent = await fetch(`${url}/api/contact`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-forwarded-for': '10.9.9.9' },
      body: JSON.stringify({ name: 'Visitor', email: `${marker}@example.com`, message: marker }),
    });
    expect(sent.status).toBe(200);

    const promoted = await promoteToSuperUser(accounts, user.email.toUpperCase());
    expect(promoted).toMatchObject({ id: user.sub, role: 'super' });
    const res = await callRoute('GET /api/admin/inbox', { user });
    expect(res.status).toBe(200);
    const inbox = adminInboxResponseSchema.parse(res.body);
    expect(inbox.contact_messages[0]).toMatchObject({ message: marker, status: 'mailed' });
    const times = inbox.contact_messages.map((m) => m.created_at);
    expect(times).toEqual([...times].sort().reverse());
    // The role cannot be claimed from the client.
    const claim = await callRoute('PATCH /api/profile', { user: newUser(), body: { role: 'super' } });
    expect(claim.status).toBe(400);
  });

  it('promoting an address nobody signed in with changes nothing', async () => {
    expect(await promoteToSuperUser(accounts, 'nobody-here@example.com')).toBeUndefined();
  });

  // The script's full run (engines started on the data folder) was checked by hand: it starts a second DynamoDB
  // Local, too heavy to run beside the whole suite. Its argument check runs here, before any engine starts.
  it('npm run user:super without a valid e-mail prints its usage and exits 2', async () => {
    const root = resolve(import.meta.dirname, '../..');
    const run = promisify(execFile);
    for (const args of [[], ['not-an-email']]) {
      const usage = await run('npx', ['tsx', 'infra/local/make-super-user.ts', ...args], { cwd: root, env: process.env }).catch((e) => e);
      expect(usage.code).toBe(2);
      expect(usage.stderr).toContain('Usage: npm run user:super -- <email>');
    }
  }, 60_000);
});
