import { SUPPORT_RATE_LIMIT } from '@shared/limits';
import { MESSAGES } from '@shared/messages';
import type { SupportTicketRequest } from '@shared/schemas/support';
import { DomainError } from '../lib/errors';
import { newId } from '../lib/ids';
import type { Mailer } from '../mail/mailer';
import { mailStoredItemToSupport } from '../mail/mail-to-support';
import { supportTicketMail } from '../mail/templates';
import { checkAttachment, type AttachmentStorage, type CheckedAttachment } from './attachments';

export interface StoredSupportTicket extends Omit<SupportTicketRequest, 'attachment_key'> {
  id: string;
  user_id: string;
  /** The e-mail of the signed-in account (the form's e-mail may differ). */
  account_email: string | null;
  attachment: CheckedAttachment | null;
  client_ip: string;
  created_at: string;
}

export interface SupportTicketStore {
  /** Stores the ticket and counts it against the per-user and per-client windows; false (nothing written) when full. */
  saveWithinLimits(ticket: StoredSupportTicket, limits: { perUser: number; perClient: number; windowMs: number }): Promise<boolean>;
  markMailed(id: string, outcome: 'mailed' | 'mail_failed'): Promise<void>;
}

export interface CreateSupportTicketDeps {
  store: SupportTicketStore;
  attachments: AttachmentStorage;
  mailer: Mailer;
  supportEmail: string;
  now?: () => Date;
}

/** The support centre's form: attachment checked, ticket stored (rate-limited), mailed to support. */
export async function createSupportTicket(
  deps: CreateSupportTicketDeps,
  caller: { sub: string; email?: string },
  input: SupportTicketRequest,
  clientIp: string,
): Promise<{ id: string }> {
  const attachment = input.attachment_key ? await checkAttachment(deps.attachments, caller.sub, input.attachment_key) : null;
  const { attachment_key: _key, ...fields } = input;
  const ticket: StoredSupportTicket = {
    ...fields,
    id: newId(),
    user_id: caller.sub,
    account_email: caller.email ?? null,
    attachment,
    client_ip: clientIp,
    created_at: (deps.now?.() ?? new Date()).toISOString(),
  };
  if (!(await deps.store.saveWithinLimits(ticket, SUPPORT_RATE_LIMIT))) throw new DomainError('rate_limited', MESSAGES.tooManyRequests);
  await mailStoredItemToSupport({
    id: ticket.id,
    mail: { to: deps.supportEmail, replyTo: input.email, ...supportTicketMail(ticket) },
    mailer: deps.mailer,
    markMailed: (id, outcome) => deps.store.markMailed(id, outcome),
    failureMessage: MESSAGES.supportTicketNotMailed,
  });
  return { id: ticket.id };
}
