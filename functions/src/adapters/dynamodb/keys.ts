/**
 * Key layout of the single table (see DESIGN.md). Every item key is built here and nowhere else.
 * GSI1 lists a user's car packages newest first.
 */
export const keys = {
  creditPackage: (id: string) => ({ PK: 'CREDIT_PACKAGES', SK: `PACKAGE#${id}` }),
  creditPackagesPartition: 'CREDIT_PACKAGES',
  contactMessage: (id: string) => ({ PK: `CONTACT#${id}`, SK: 'MESSAGE' }),
  rateWindow: (scope: string, subject: string, windowStart: number) => ({ PK: `RATE#${scope}#${subject}`, SK: `WINDOW#${windowStart}` }),
  wsTicket: (ticketHash: string) => ({ PK: `WSTICKET#${ticketHash}`, SK: 'TICKET' }),
  wsConnection: (sub: string, connectionId: string) => ({ PK: `USER#${sub}`, SK: `CONN#${connectionId}` }),
  wsConnectionPrefix: 'CONN#',
  userPartition: (sub: string) => `USER#${sub}`,
} as const;

/** Seconds since the epoch, the unit of the table's TTL attribute (`expiresAt`). */
export const ttlAt = (ms: number) => Math.floor(ms / 1000);
