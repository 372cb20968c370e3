import { CONTACT_RATE_LIMIT } from '@shared/limits';
import { MESSAGES } from '@shared/messages';
import type { ContactMessageRequest } from '@shared/schemas/contact';
import { DomainError } from '../lib/errors';
import { newId } from '../lib/ids';
import type { Mailer } from '../mail/mailer';
import { mailStoredItemToSupport } from '../mail/mail-to-support';
import { contactMessageMail } from '../mail/templates';

export interface StoredContactMessage extends ContactMessageRequest {
  id: string;
  clientIp: string;
  createdAt: string;
}

export interface ContactMessageStore {
  /**
   * Stores the message and counts it against the per-client and per-address windows, all or nothing.
   * Returns false (and writes nothing) when either window is full.
   */
  saveWithinLimits(message: StoredContactMessage, limits: { perClient: number; perEmail: number; windowMs: number }): Promise<boolean>;
  markMailed(id: string, outcome: 'mailed' | 'mail_failed'): Promise<void>;
}

export interface SendContactMessageDeps {
  store: ContactMessageStore;
  mailer: Mailer;
  supportEmail: string;
  now?: () => Date;
}

/** The public contact page's message: stored, mailed to support, rate-limited per client and per address. */
export async function sendContactMessage(
  deps: SendContactMessageDeps,
  input: ContactMessageRequest,
  clientIp: string,
): Promise<{ id: string }> {
  const message: StoredContactMessage = { ...input, id: newId(), clientIp, createdAt: (deps.now?.() ?? new Date()).toISOString() };
  const accepted = await deps.store.saveWithinLimits(message, CONTACT_RATE_LIMIT);
  if (!accepted) throw new DomainError('rate_limited', MESSAGES.tooManyRequests);
  await mailStoredItemToSupport({
    id: message.id,
    mail: { to: deps.supportEmail, replyTo: input.email, ...contactMessageMail(message) },
    mailer: deps.mailer,
    markMailed: (id, outcome) => deps.store.markMailed(id, outcome),
    failureMessage: 'Your message could not be sent right now. Please try again in a few minutes.',
  });
  return { id: message.id };
}
