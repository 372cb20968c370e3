import { randomBytes } from 'node:crypto';
import { sha256 } from '../lib/ids';
import type { ConnectionMessenger, ConnectionRepository, ConnectionTicketStore } from './connections';

/** A ticket lets a browser open its WebSocket without putting its long-lived JWT in a query string (logs). */
export const TICKET_LIFETIME_MS = 60_000;
/** API Gateway closes WebSockets after 2 hours; connection items outlive that a little, then expire. */
export const CONNECTION_LIFETIME_MS = 3 * 60 * 60 * 1000;

export async function issueConnectionTicket(store: ConnectionTicketStore, sub: string, nowMs = Date.now()): Promise<{ ticket: string; expiresAt: string }> {
  const ticket = randomBytes(32).toString('base64url');
  await store.save(sha256(ticket), sub, nowMs + TICKET_LIFETIME_MS);
  return { ticket, expiresAt: new Date(nowMs + TICKET_LIFETIME_MS).toISOString() };
}

/** $connect: accepts the connection only for a valid, unused ticket. Returns the user, or undefined to refuse. */
export async function acceptConnection(
  deps: { tickets: ConnectionTicketStore; connections: ConnectionRepository },
  ticket: string | undefined,
  connectionId: string,
  nowMs = Date.now(),
): Promise<string | undefined> {
  if (!ticket) return undefined;
  const sub = await deps.tickets.consume(sha256(ticket), nowMs);
  if (!sub) return undefined;
  await deps.connections.add(sub, connectionId, nowMs + CONNECTION_LIFETIME_MS);
  return sub;
}

/** Pushes an event to every open connection of a user and forgets connections that are gone. */
export async function pushToUser(
  deps: { connections: ConnectionRepository; messenger: ConnectionMessenger },
  sub: string,
  event: unknown,
): Promise<{ sent: number; gone: number }> {
  const ids = await deps.connections.listForUser(sub);
  const data = JSON.stringify(event);
  let sent = 0;
  let gone = 0;
  await Promise.all(
    ids.map(async (id) => {
      if ((await deps.messenger.post(id, data)) === 'sent') sent++;
      else {
        gone++;
        await deps.connections.remove(id);
      }
    }),
  );
  return { sent, gone };
}
