import { ADMIN_INBOX_LIMIT } from '@shared/limits';
import type { AdminInboxResponse } from '@shared/schemas/admin';

type InboxContactMessage = AdminInboxResponse['contact_messages'][number];
type InboxSupportTicket = Omit<AdminInboxResponse['support_tickets'][number], 'attachment'> & {
  attachment: { key: string; file_name: string; content_type: string; size: number } | null;
};

/** Port: the newest contact messages and support tickets, newest first. */
export interface InboxReader {
  recentContactMessages(limit: number): Promise<InboxContactMessage[]>;
  recentSupportTickets(limit: number): Promise<InboxSupportTicket[]>;
}

/** GET /api/admin/inbox (super users): what visitors and dealers wrote, with short-lived attachment links. */
export async function readAdminInbox(
  deps: { inbox: InboxReader; attachmentUrl: (key: string, fileName: string) => Promise<string> },
  limit = ADMIN_INBOX_LIMIT,
): Promise<AdminInboxResponse> {
  const [contact_messages, tickets] = await Promise.all([deps.inbox.recentContactMessages(limit), deps.inbox.recentSupportTickets(limit)]);
  const support_tickets = await Promise.all(
    tickets.map(async ({ attachment, ...t }) => ({
      ...t,
      attachment: attachment
        ? { file_name: attachment.file_name, content_type: attachment.content_type, size: attachment.size, download_url: await deps.attachmentUrl(attachment.key, attachment.file_name) }
        : null,
    })),
  );
  return { contact_messages, support_tickets };
}
