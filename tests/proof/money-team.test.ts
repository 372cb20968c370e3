import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { useLocalHost } from '../support/local-host';
import { inviteAndSignIn, teamCall } from '../support/team';

/**
 * One balance, two members (issue 42): a manager and a photographer of one dealership start a package each at the same
 * moment against a balance of 1 credit. Exactly one starts and is charged; the other is refused for lack of credits;
 * the ledger's charge names the member who started it. Two starts would both go through if the balance's write were
 * not conditional on the version read.
 */
const { url } = useLocalHost();
const { signInNewDealer, PackageApi } = await import('../integration/package-api-client');
const { createPackage } = await import('../support/car-package-http');
const photo = readFileSync(new URL('../fixtures/cars/cupra-born-grey-front34-street.jpg', import.meta.url));

describe('one balance, several members', () => {
  it('two members starting at once against 1 credit: exactly one package starts, and the ledger names its member', async () => {
    const owner = await signInNewDealer(url, 'money-team-owner');
    const [manager, photographer] = await Promise.all([
      inviteAndSignIn(url, owner.accessToken, 'manager', 'money-team-manager'),
      inviteAndSignIn(url, owner.accessToken, 'photographer', 'money-team-photographer'),
    ]);
    const spent = await teamCall(url, owner.accessToken, 'POST', '/api/credits/use', { credits_to_use: 4, description: 'Down to one credit', idempotency_key: `money-team-${Date.now()}` });
    expect(spent.status, JSON.stringify(spent.body)).toBe(200);
    expect(spent.body.balance.total_credits).toBe(1);

    const members = [manager, photographer];
    const drafts = await Promise.all(members.map((m, i) => createPackage(new PackageApi(url, m), [{ file_name: 'cupra.jpg', bytes: photo }], `Race car ${i + 1}`)));
    for (const d of drafts) expect(d.created.status).toBe(201);
    const starts = await Promise.all(members.map((m, i) => teamCall(url, m.accessToken, 'POST', `/api/car-packages/${drafts[i]!.id}/start`)));
    const statuses = starts.map((s) => s.status).sort();
    expect(statuses, JSON.stringify(starts.map((s) => s.body))).toEqual([200, 402]);
    const winner = members[starts.findIndex((s) => s.status === 200)]!;
    const loser = starts.find((s) => s.status !== 200)!;
    expect(loser.body.message).toMatch(/credit/i);

    const ledger = await teamCall(url, owner.accessToken, 'GET', '/api/credits/transactions');
    const debits = (ledger.body.transactions as { kind: string; credits: number; member: { id: string; email: string } | null }[]).filter((t) => t.kind === 'debit');
    expect(debits).toHaveLength(1);
    expect(debits[0]!.member).toEqual({ id: winner.sub, email: winner.email });
    const uses = (ledger.body.transactions as { kind: string; member: { id: string } | null }[]).filter((t) => t.kind === 'use');
    expect(uses.map((u) => u.member?.id)).toEqual([JSON.parse(Buffer.from(owner.accessToken.split('.')[1]!, 'base64url').toString()).sub]);
    expect((await teamCall(url, owner.accessToken, 'GET', '/api/credits/balance')).body.total_credits).toBe(0);

    // The package detail names who made it.
    const started = drafts[members.indexOf(winner)]!.id!;
    expect((await teamCall(url, owner.accessToken, 'GET', `/api/car-packages/${started}`)).body.created_by).toEqual({ id: winner.sub, email: winner.email });
  }, 80_000);
});
