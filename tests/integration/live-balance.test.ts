import { describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { useLocalHost } from '../support/local-host';
import { callRoute, newUser } from './accounts-test-events';

const { url } = useLocalHost();
const { ensureAccountInTable } = await import('../../functions/src/accounts/ensure-account-in-table');
const { DynamoDbAccountStore } = await import('../../functions/src/accounts/dynamodb-account-store');
const { promoteToSuperUser } = await import('../../functions/src/accounts/super-user');

async function openSocket(user: { sub: string; email: string }) {
  const { body } = await callRoute('POST /api/realtime/ticket', { user });
  const socket = new WebSocket(`${url.replace(/^http/, 'ws')}/ws?ticket=${encodeURIComponent(body.ticket)}`);
  await new Promise((r, j) => socket.once('open', r).once('error', j));
  const received: unknown[] = [];
  socket.on('message', (d) => received.push(JSON.parse(d.toString())));
  return { socket, received };
}

describe('the balance is pushed live', () => {
  it('spending a credit pushes balance.updated to the user’s open browser, and to nobody else', async () => {
    const dealer = newUser('live');
    const other = newUser('other');
    await ensureAccountInTable(dealer);
    await ensureAccountInTable(other);
    const open = openSocket;
    const mine = await open(dealer);
    const theirs = await open(other);
    const used = await callRoute('POST /api/credits/use', { user: dealer, body: { credits_to_use: 1, description: 'test', idempotency_key: `live-${Date.now()}` } });
    expect(used.status).toBe(200);
    for (let i = 0; i < 40 && mine.received.length === 0; i++) await new Promise((r) => setTimeout(r, 50));
    expect(mine.received).toEqual([{ type: 'balance.updated' }]);
    expect(theirs.received).toEqual([]);
    mine.socket.close();
    theirs.socket.close();
  });

  it('bonus credits granted by a super user are pushed to the dealer once; a retry of the grant pushes nothing', async () => {
    const admin = newUser('granter');
    const dealer = newUser('receiver');
    await ensureAccountInTable(admin);
    await ensureAccountInTable(dealer);
    await promoteToSuperUser(new DynamoDbAccountStore(), admin.email);
    const theirs = await openSocket(dealer);
    const adminSocket = await openSocket(admin);
    const body = { email: dealer.email, credits: 3, reason: 'live test', idempotency_key: `live-bonus-${Date.now()}` };
    expect((await callRoute('POST /api/admin/bonus-credits', { user: admin, body })).status).toBe(200);
    for (let i = 0; i < 40 && theirs.received.length === 0; i++) await new Promise((r) => setTimeout(r, 50));
    expect((await callRoute('POST /api/admin/bonus-credits', { user: admin, body })).body.replayed).toBe(true);
    await new Promise((r) => setTimeout(r, 300));
    expect(theirs.received).toEqual([{ type: 'balance.updated' }]);
    expect(adminSocket.received).toEqual([]);
    theirs.socket.close();
    adminSocket.socket.close();
  });
});
