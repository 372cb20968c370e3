/** Ports of the live status channel (API Gateway WebSockets in AWS, the local gateway locally). */
export interface ConnectionTicketStore {
  /** Stores a ticket's hash for `sub`, valid until `expiresAtMs`. */
  save(ticketHash: string, sub: string, expiresAtMs: number): Promise<void>;
  /** Deletes the ticket and returns its user, once; undefined when unknown, used or expired. */
  consume(ticketHash: string, nowMs: number): Promise<string | undefined>;
}

export interface ConnectionRepository {
  add(sub: string, connectionId: string, expiresAtMs: number): Promise<void>;
  remove(connectionId: string): Promise<void>;
  listForUser(sub: string): Promise<string[]>;
}

/** Sends one message to one connection; answers "gone" when the connection no longer exists. */
export interface ConnectionMessenger {
  post(connectionId: string, data: string): Promise<'sent' | 'gone'>;
}
