import { INBOX_RETENTION_DAYS } from '@shared/limits';
import { keys, rateScopes, ttlAt } from '../adapters/dynamodb/keys';
import { putWithinRateLimits, setStatus } from '../adapters/dynamodb/rate-limited-put';
import type { ContactMessageStore, StoredContactMessage } from './send-contact-message';

export class DynamoDbContactMessageStore implements ContactMessageStore {
  saveWithinLimits(message: StoredContactMessage, limits: { perClient: number; perEmail: number; windowMs: number }): Promise<boolean> {
    return putWithinRateLimits({
      item: {
        ...keys.contactMessage(message.id),
        // Listed newest first in the admin inbox (a Query on GSI1, not a Scan).
        ...keys.contactMessageIndex(message.createdAt, message.id),
        entity: 'contact_message',
        status: 'received',
        ...message,
        // Deleted by the table's TTL a year after it was sent (privacy page, "Data Retention").
        expiresAt: ttlAt(Date.parse(message.createdAt) + INBOX_RETENTION_DAYS * 86_400_000),
      },
      counters: [
        { scope: 'contact-client', subject: message.clientIp, max: limits.perClient },
        { scope: rateScopes.contactEmail, subject: message.email, max: limits.perEmail },
      ],
      windowMs: limits.windowMs,
      atMs: Date.parse(message.createdAt),
    });
  }

  markMailed(id: string, outcome: 'mailed' | 'mail_failed'): Promise<void> {
    return setStatus(keys.contactMessage(id), outcome);
  }
}
