import { INBOX_RETENTION_DAYS } from '@shared/limits';
import { keys, rateScopes, ttlAt } from '../adapters/dynamodb/keys';
import { putWithinRateLimits, setStatus } from '../adapters/dynamodb/rate-limited-put';
import type { StoredSupportTicket, SupportTicketStore } from './create-support-ticket';

export class DynamoDbSupportTicketStore implements SupportTicketStore {
  saveWithinLimits(ticket: StoredSupportTicket, limits: { perUser: number; perClient: number; windowMs: number }): Promise<boolean> {
    return putWithinRateLimits({
      item: {
        ...keys.supportTicket(ticket.id),
        ...keys.supportTicketIndex(ticket.created_at, ticket.id),
        entity: 'support_ticket',
        status: 'received',
        ...ticket,
        // Deleted by the table's TTL a year after it was sent (its attachment by the bucket's lifecycle rule).
        expiresAt: ttlAt(Date.parse(ticket.created_at) + INBOX_RETENTION_DAYS * 86_400_000),
      },
      counters: [
        { scope: rateScopes.supportUser, subject: ticket.user_id, max: limits.perUser },
        { scope: 'support-client', subject: ticket.client_ip, max: limits.perClient },
      ],
      windowMs: limits.windowMs,
      atMs: Date.parse(ticket.created_at),
    });
  }

  markMailed(id: string, outcome: 'mailed' | 'mail_failed'): Promise<void> {
    return setStatus(keys.supportTicket(id), outcome);
  }
}
