/**
 * One mail about one thing, however often the event behind it comes: the "Your car package is ready" mail (a task
 * run twice, the sweeper ending the package too, a free retry ending it again) and the purchase receipt (Stripe
 * delivering its event again). The thing's own item carries a mark: the first caller claims it with a conditional
 * write, later ones find it taken. A mail that could not be sent gives the claim back, so a later event may still
 * send it; a crash between the claim and the send loses that one mail (chosen over ever sending two). No AWS SDK here.
 */
import { logger } from '../lib/logger';
import type { Mailer, OutgoingMail } from './mailer';

/** The mark on an item (a package, a payment) that lets its mail be sent once. */
export interface MailMark {
  /** Claims the mail: true for the first caller only; false when it was claimed before or the item is gone. */
  claim(claimedAt: string): Promise<boolean>;
  /** What became of the claim made at `claimedAt`: sent, off (not wanted), or failed (the claim is given back). */
  settle(claimedAt: string, outcome: 'sent' | 'off' | 'failed'): Promise<void>;
}

export type MailOnceOutcome = 'sent' | 'off' | 'already' | 'failed';

/**
 * Claims `mark`, composes the mail (undefined: not wanted, settled as off) and sends it, then settles the claim. It
 * never throws: the work the mail reports on is done either way, so a failure is logged (`what` and `context`) and
 * the claim given back.
 */
export async function mailOnce(
  mark: MailMark,
  deps: { mailer: Mailer; now: Date },
  compose: () => Promise<OutgoingMail | undefined>,
  what: string,
  context: Record<string, unknown>,
): Promise<MailOnceOutcome> {
  const claimedAt = deps.now.toISOString();
  if (!(await mark.claim(claimedAt))) return 'already';
  try {
    const mail = await compose();
    if (!mail) {
      await mark.settle(claimedAt, 'off');
      return 'off';
    }
    await deps.mailer.send(mail);
    await mark.settle(claimedAt, 'sent');
    return 'sent';
  } catch (error) {
    logger.error(`${what} not sent`, { ...context, error: error as Error });
    await mark.settle(claimedAt, 'failed').catch(() => undefined);
    return 'failed';
  }
}
