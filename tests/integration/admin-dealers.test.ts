import { execFile } from 'node:child_process';
import { resolve } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEALER_ADMIN_MESSAGES, MESSAGES } from '@shared/messages';
import { adminDealerSchema, setDealerRoleResponseSchema } from '@shared/schemas/admin-dealers';
import { useLocalHost } from '../support/local-host';

/**
 * The admin area's dealers tab through its real handlers against the shared host's DynamoDB: a super user finds a
 * dealer by e-mail (profile, balance, ledger, packages, role history) and makes or unmakes a super user; every change
 * is recorded and takes effect on the dealer's next call; nobody removes their own role; standard dealers get 403.
 */
useLocalHost();
const h = await import('../support/car-package-harness');
const { startCarPackage } = await import('../../functions/src/car-packages/start-package');
const { promoteToSuperUser, isSuperUser } = await import('../../functions/src/accounts/super-user');
const { bootstrapSuperUser, OPERATOR_SCRIPT } = await import('../../functions/src/dealers/dealer-admin');
const { DynamoDbRoleChangeStore } = await import('../../functions/src/dealers/dynamodb-role-change-store');

const sfn = await h.TestStepFunctions.start();
afterAll(() => sfn.close());

type Who = { sub: string; email: string };
const find = (caller: Who, email: string) => h.invokeRoute('GET /api/admin/dealers', { user: caller, query: { email } });
const setRole = (caller: Who, id: string, role: unknown) => h.invokeRoute('PUT /api/admin/dealers/{id}/role', { user: caller, pathParameters: { id }, body: { role } });
const roleChanges = async (admin: Who, dealer: Who) => adminDealerSchema.parse((await find(admin, dealer.email)).body).role_changes;

describe('admin: dealers', () => {
  let admin: Who;
  let dealer: Who;
  let packageId: string;
  beforeAll(async () => {
    admin = await h.newDealer('dealers-admin');
    expect(await promoteToSuperUser(h.adapters.accounts, admin.email)).toMatchObject({ role: 'super' });
    dealer = await h.newDealer('dealers-dealer');
    const w = await h.scriptedWorkflow(sfn, {});
    packageId = await h.createUploadedDraft(dealer.sub, [{ bytes: await h.carPhoto(), angle: 'front_left_corner' }], 'Dealers tab 2020 Audi A4');
    await startCarPackage(w.packageDeps, dealer.sub, packageId);
    await w.settle();
  }, 120_000);

  it('a standard dealer gets 403 on both routes, and anonymous 401', async () => {
    const other = await h.newDealer('dealers-standard');
    for (const res of [await find(other, dealer.email), await setRole(other, other.sub, 'super')]) {
      expect(res.status).toBe(403);
      expect(res.body.message).toBe(MESSAGES.forbiddenSuperUser);
    }
    expect(await isSuperUser(h.adapters.accounts, other.sub)).toBe(false);
    expect((await h.invokeRoute('GET /api/admin/dealers', { query: { email: dealer.email } })).status).toBe(401);
  });

  it('finds the dealer by e-mail (any case): profile, balance, ledger newest first, packages, no role changes yet', async () => {
    const res = await find(admin, dealer.email.toUpperCase());
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const found = adminDealerSchema.parse(res.body);
    expect(found.profile).toMatchObject({ id: dealer.sub, email: dealer.email, role: 'standard' });
    expect(found.balance?.total_credits).toBe(4);
    expect(found.transactions.map((t) => t.kind)).toEqual(['debit', 'trial_grant']);
    expect(found.packages).toMatchObject([{ id: packageId, session_name: 'Dealers tab 2020 Audi A4', credits_used: 1, total_angles: 1 }]);
    expect(found.role_changes).toEqual([]);

    const nobody = await find(admin, 'nobody-signed-in@example.com');
    expect(nobody.status).toBe(404);
    expect(nobody.body.message).toBe(DEALER_ADMIN_MESSAGES.noDealer('nobody-signed-in@example.com'));
    expect((await find(admin, 'not an e-mail')).status).toBe(400);
  });

  it('making a dealer super and unmaking them is recorded (who, when, previous role) and enforced on their next call', async () => {
    const made = await setRole(admin, dealer.sub, 'super');
    expect(made.status, JSON.stringify(made.body)).toBe(200);
    const after = setDealerRoleResponseSchema.parse(made.body);
    expect(after.changed).toBe(true);
    expect(after.dealer.profile.role).toBe('super');
    expect(after.dealer.role_changes).toMatchObject([{ user_id: dealer.sub, previous_role: 'standard', role: 'super', changed_by: admin.sub, changed_by_email: admin.email }]);
    expect(Date.now() - Date.parse(after.dealer.role_changes[0]!.changed_at)).toBeLessThan(60_000);
    // The new super user's very next call passes the server's check.
    expect((await find(dealer, admin.email)).status).toBe(200);

    const unmade = await setRole(admin, dealer.sub, 'standard');
    expect(unmade.status).toBe(200);
    expect(unmade.body.dealer.profile.role).toBe('standard');
    // Demoted: the next call is refused, with no new sign-in needed.
    const refused = await find(dealer, admin.email);
    expect(refused.status).toBe(403);
    expect((await setRole(dealer, dealer.sub, 'super')).status).toBe(403);

    const history = await roleChanges(admin, dealer);
    // Newest first.
    expect(history.map((c) => [c.previous_role, c.role, c.changed_by])).toEqual([
      ['super', 'standard', admin.sub],
      ['standard', 'super', admin.sub],
    ]);

    // Setting the role a dealer already has changes and records nothing.
    const again = await setRole(admin, dealer.sub, 'standard');
    expect(again.status).toBe(200);
    expect(again.body.changed).toBe(false);
    expect(await roleChanges(admin, dealer)).toHaveLength(2);
  });

  it('a super user cannot unmake themself: 409 with the reason, still super, nothing recorded', async () => {
    const res = await setRole(admin, admin.sub, 'standard');
    expect(res.status).toBe(409);
    expect(res.body.message).toBe(DEALER_ADMIN_MESSAGES.cannotUnmakeSelf);
    expect(await isSuperUser(h.adapters.accounts, admin.sub)).toBe(true);
    expect(await roleChanges(admin, admin)).toEqual([]);
  });

  it('two super users making the same dealer super at once: one change recorded', async () => {
    const second = await h.newDealer('dealers-admin2');
    await promoteToSuperUser(h.adapters.accounts, second.email);
    const target = await h.newDealer('dealers-target');
    const results = await Promise.all([setRole(admin, target.sub, 'super'), setRole(second, target.sub, 'super')]);
    expect(results.map((r) => r.status).sort()).toEqual(expect.arrayContaining([200]));
    for (const r of results) expect([200, 409]).toContain(r.status);
    expect(results.filter((r) => r.status === 200 && r.body.changed === true)).toHaveLength(1);
    expect(await roleChanges(admin, target)).toHaveLength(1);
    expect(await isSuperUser(h.adapters.accounts, target.sub)).toBe(true);
  });

  it('the ledger pages 10 at a time, newest first, each entry once; a cursor only pages its own dealer', async () => {
    const rich = await h.newDealer('dealers-ledger');
    for (let i = 0; i < 11; i++) {
      const granted = await h.invokeRoute('POST /api/admin/bonus-credits', { user: admin, body: { email: rich.email, credits: 1, reason: `grant ${i}`, idempotency_key: `ledger-${rich.sub}-${i}` } });
      expect(granted.status).toBe(200);
    }
    const first = adminDealerSchema.parse((await find(admin, rich.email)).body);
    expect(first.transactions).toHaveLength(10);
    expect(first.transactions_next_cursor).toEqual(expect.any(String));
    const next = await h.invokeRoute('GET /api/admin/dealers/{id}/transactions', { user: admin, pathParameters: { id: rich.sub }, query: { cursor: first.transactions_next_cursor! } });
    expect(next.status, JSON.stringify(next.body)).toBe(200);
    const all = [...first.transactions, ...next.body.transactions];
    const ledger = await h.ledgerOf(rich.sub);
    expect(all.map((t) => t.id).sort()).toEqual(ledger.entries.map((e) => e.id).sort());
    expect(all).toHaveLength(12);
    const order = all.map((t) => t.created_at);
    expect(order).toEqual([...order].sort().reverse());
    // The cursor of one dealer's ledger does not page another's.
    const crossed = await h.invokeRoute('GET /api/admin/dealers/{id}/transactions', { user: admin, pathParameters: { id: dealer.sub }, query: { cursor: first.transactions_next_cursor! } });
    expect(crossed.status).toBe(400);
    expect((await h.invokeRoute('GET /api/admin/dealers/{id}/transactions', { user: dealer, pathParameters: { id: rich.sub } })).status).toBe(403);
  });

  it('the operator script\'s bootstrap of the first super user is recorded like any change, once', async () => {
    const first = await h.newDealer('dealers-bootstrap');
    const deps = { accounts: h.adapters.accounts, roles: new DynamoDbRoleChangeStore() };
    expect(await bootstrapSuperUser(deps, first.email.toUpperCase())).toMatchObject({ id: first.sub, role: 'super' });
    expect(await bootstrapSuperUser(deps, first.email)).toMatchObject({ role: 'super' });
    expect(await roleChanges(admin, first)).toMatchObject([{ previous_role: 'standard', role: 'super', ...OPERATOR_SCRIPT }]);
    expect(await bootstrapSuperUser(deps, 'never-signed-in@example.com')).toBeUndefined();
  });

  // LOCAL_DYNAMODB=aws: the script uses the table it is given and starts no local engine (no start-up sweep that
  // would close a deployed table's running packages). Here the "deployed" table is the shared host's, by its endpoint.
  it('npm run user:super with LOCAL_DYNAMODB=aws changes the role in the given table only, recorded', async () => {
    const first = await h.newDealer('dealers-script');
    const run = promisify(execFile);
    const root = resolve(import.meta.dirname, '../..');
    // PORT 1 cannot be bound: had the script started a local host, it would have failed.
    const env = { ...process.env, LOCAL_DYNAMODB: 'aws', PORT: '1' };
    const out = await run('npx', ['tsx', 'infra/local/make-super-user.ts', first.email], { cwd: root, env });
    expect(out.stdout).toContain(`${first.email} is now a super user (account ${first.sub})`);
    expect(await isSuperUser(h.adapters.accounts, first.sub)).toBe(true);
    expect(await roleChanges(admin, first)).toMatchObject([{ previous_role: 'standard', role: 'super', ...OPERATOR_SCRIPT }]);
    const unknown = await run('npx', ['tsx', 'infra/local/make-super-user.ts', 'never-here@example.com'], { cwd: root, env }).catch((e) => e);
    expect(unknown.code).toBe(1);
    const noTable = await run('npx', ['tsx', 'infra/local/make-super-user.ts', first.email], { cwd: root, env: { ...env, TABLE_NAME: '' } }).catch((e) => e);
    expect(noTable.code).toBe(2);
    expect(noTable.stderr).toContain('LOCAL_DYNAMODB=aws needs TABLE_NAME');
  }, 90_000);

  it('bad input changes nothing: unknown role, extra fields, an unknown account', async () => {
    const bad = await setRole(admin, dealer.sub, 'owner');
    expect(bad.status).toBe(400);
    expect(bad.body.message).toContain('role must be one of: standard, super');
    const extra = await h.invokeRoute('PUT /api/admin/dealers/{id}/role', { user: admin, pathParameters: { id: dealer.sub }, body: { role: 'super', changed_by: 'someone' } });
    expect(extra.status).toBe(400);
    const missing = await setRole(admin, '00000000-0000-0000-0000-000000000000', 'super');
    expect(missing.status).toBe(404);
    expect(missing.body.message).toBe(DEALER_ADMIN_MESSAGES.dealerNotFound);
    expect((await find(admin, dealer.email)).body.profile.role).toBe('standard');
    expect(await roleChanges(admin, dealer)).toHaveLength(2);
  });
});
