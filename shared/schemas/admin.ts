import { z } from 'zod';
import { SUPPORT_CATEGORIES } from '../limits';

export const inboxContactMessageSchema = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  message: z.string(),
  status: z.string(),
  created_at: z.string(),
});

export const inboxSupportTicketSchema = z.object({
  id: z.string(),
  user_id: z.string(),
  name: z.string(),
  email: z.string(),
  category: z.enum(SUPPORT_CATEGORIES),
  subject: z.string(),
  message: z.string(),
  status: z.string(),
  created_at: z.string(),
  attachment: z.object({ file_name: z.string(), content_type: z.string(), size: z.number(), download_url: z.string() }).nullable(),
});

/** GET /api/admin/inbox (super users): newest contact messages and support tickets. */
export const adminInboxResponseSchema = z.object({
  contact_messages: z.array(inboxContactMessageSchema),
  support_tickets: z.array(inboxSupportTicketSchema),
});
export type AdminInboxResponse = z.infer<typeof adminInboxResponseSchema>;
