import { describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { useLocalHost } from '../support/local-host';

const { url } = useLocalHost();
const { issueConnectionTicket, pushToUser } = await import('../../functions/src/realtime/live-status');
const { DynamoDbConnectionRepository, DynamoDbConnectionTicketStore } = await import('../../functions/src/realtime/dynamodb-connections');
const { ApiGatewayMessenger } = await import('../../functions/src/realtime/api-gateway-messenger');

const tickets = new DynamoDbConnectionTicketStore();
const connections = new DynamoDbConnectionRepository();
const messenger = new ApiGatewayMessenger(process.env.WEBSOCKET_MANAGEMENT_ENDPOINT!, process.env.AWS_REGION!);
const wsUrl = (ticket: string) => `${url.replace(/^http/, 'ws')}/ws?ticket=${encodeURIComponent(ticket)}`;

function connect(ticket: string): Promise<WebSocket> {
  return new Promise((resolve, reject) => {
    const socket = new WebSocket(wsUrl(ticket));
    socket.once('open', () => resolve(socket));
    socket.once('unexpected-response', (_req, res) => reject(new Error(`refused with ${res.statusCode}`)));
    socket.once('error', reject);
  });
}
const nextMessage = (socket: WebSocket) => new Promise<string>((resolve) => socket.once('message', (d) => resolve(d.toString())));
const until = async (check: () => Promise<boolean>) => {
  for (let i = 0; i < 50 && !(await check()); i++) await new Promise((r) => setTimeout(r, 50));
};

describe('live status over WebSockets (local API Gateway)', () => {
  it('a client with a ticket connects and receives a push sent through the management API', async () => {
    const sub = `user-${Date.now()}`;
    const { ticket } = await issueConnectionTicket(tickets, sub);
    const socket = await connect(ticket);
    const received = nextMessage(socket);
    const result = await pushToUser({ connections, messenger }, sub, { type: 'session.updated', status: 'processing' });
    expect(result).toEqual({ sent: 1, gone: 0 });
    expect(JSON.parse(await received)).toEqual({ type: 'session.updated', status: 'processing' });
    socket.close();
  });

  it('a ticket works once; a made-up ticket is refused', async () => {
    const { ticket } = await issueConnectionTicket(tickets, `user-once-${Date.now()}`);
    const first = await connect(ticket);
    await expect(connect(ticket)).rejects.toThrow(/401/);
    await expect(connect('made-up')).rejects.toThrow(/401/);
    first.close();
  });

  it('an expired ticket is refused', async () => {
    const { ticket } = await issueConnectionTicket(tickets, 'user-late', Date.now() - 120_000);
    await expect(connect(ticket)).rejects.toThrow(/401/);
  });

  it('after the client leaves, its connection is forgotten and pushes reach no one', async () => {
    const sub = `user-gone-${Date.now()}`;
    const { ticket } = await issueConnectionTicket(tickets, sub);
    const socket = await connect(ticket);
    socket.close();
    await until(async () => (await connections.listForUser(sub)).length === 0);
    expect(await connections.listForUser(sub)).toEqual([]);
    // A stale item (e.g. a lost $disconnect) answers Gone and is removed by the push.
    await connections.add(sub, 'stale-connection', Date.now() + 60_000);
    expect(await pushToUser({ connections, messenger }, sub, { type: 'x' })).toEqual({ sent: 0, gone: 1 });
    expect(await connections.listForUser(sub)).toEqual([]);
  });

  it('$default answers a ping with pong', async () => {
    const { ticket } = await issueConnectionTicket(tickets, `user-ping-${Date.now()}`);
    const socket = await connect(ticket);
    const reply = nextMessage(socket);
    socket.send(JSON.stringify({ action: 'ping' }));
    expect(JSON.parse(await reply)).toEqual({ type: 'pong' });
    socket.close();
  });
});
