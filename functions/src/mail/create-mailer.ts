import { config } from '../lib/config';
import type { Mailer } from './mailer';
import { OutboxMailer } from './outbox-mailer';
import { SesMailer } from './ses-mailer';

/** Picks the mail adapter from configuration (MAIL_TRANSPORT=ses|outbox). */
export function createMailer(): Mailer {
  const c = config();
  if (c.MAIL_TRANSPORT === 'outbox') {
    if (!c.OUTBOX_DIR) throw new Error('Missing required environment variable: OUTBOX_DIR');
    return new OutboxMailer(c.OUTBOX_DIR, c.MAIL_FROM);
  }
  return new SesMailer(c.MAIL_FROM, c.AWS_REGION);
}
