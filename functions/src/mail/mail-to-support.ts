import { DomainError } from '../lib/errors';
import { logger } from '../lib/logger';
import type { Mailer, OutgoingMail } from './mailer';

/**
 * Mails something already stored (a contact message, a ticket) to support and records the outcome on it.
 * When the mail fails the item is kept (support still sees it in the admin inbox) and the sender is told to
 * try again later.
 */
export async function mailStoredItemToSupport(input: {
  id: string;
  mail: OutgoingMail;
  mailer: Mailer;
  markMailed(id: string, outcome: 'mailed' | 'mail_failed'): Promise<void>;
  failureMessage: string;
}): Promise<void> {
  try {
    await input.mailer.send(input.mail);
    await input.markMailed(input.id, 'mailed');
  } catch (error) {
    logger.error('not mailed to support', { id: input.id, error: error as Error });
    await input.markMailed(input.id, 'mail_failed');
    throw new DomainError('unavailable', input.failureMessage);
  }
}
