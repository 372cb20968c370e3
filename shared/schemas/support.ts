import { z } from 'zod';
import {
  ACCEPTED_ATTACHMENT_TYPES,
  ATTACHMENT_NAME_MAX,
  CONTACT_MESSAGE_MAX,
  CONTACT_NAME_MAX,
  MAX_ATTACHMENT_BYTES,
  SUPPORT_CATEGORIES,
  SUPPORT_SUBJECT_MAX,
} from '../limits';
import { MESSAGES } from '../messages';
import { emailSchema, uploadTargetSchema } from './common';

export type AttachmentType = keyof typeof ACCEPTED_ATTACHMENT_TYPES;
export const ATTACHMENT_MIME_TYPES = Object.keys(ACCEPTED_ATTACHMENT_TYPES) as [AttachmentType, ...AttachmentType[]];
/** Every accepted attachment extension, for the file picker and messages. */
export const ATTACHMENT_EXTENSIONS = [...new Set(Object.values(ACCEPTED_ATTACHMENT_TYPES).flat())];

const requiredText = (field: string, max: number) =>
  z
    .string({ error: (issue) => (issue.input === undefined ? `${field} is required` : `${field} must be text`) })
    .trim()
    .min(1, { error: `${field} is required` })
    .max(max, { error: `${field} must be at most ${max} characters` });

/** POST /api/support/attachments: asks for a presigned upload of one attachment. */
export const supportAttachmentRequestSchema = z
  .strictObject({
    file_name: requiredText('file_name', ATTACHMENT_NAME_MAX),
    content_type: z.enum(ATTACHMENT_MIME_TYPES, { error: MESSAGES.fileTypeInvalid(ATTACHMENT_EXTENSIONS) }),
    size: z
      .number({ error: (i) => (i.input === undefined ? 'size is required' : 'size must be a number') })
      .int({ error: 'size must be a whole number of bytes' })
      .min(1, { error: MESSAGES.fileTooSmall(1) })
      .max(MAX_ATTACHMENT_BYTES, { error: MESSAGES.fileTooLarge(MAX_ATTACHMENT_BYTES) }),
  })
  .superRefine((b, ctx) => {
    const allowed: readonly string[] = ACCEPTED_ATTACHMENT_TYPES[b.content_type];
    if (!allowed.some((ext) => b.file_name.toLowerCase().endsWith(ext))) {
      ctx.addIssue({ code: 'custom', path: ['file_name'], message: MESSAGES.attachmentExtensionMismatch(allowed) });
    }
  });
export type SupportAttachmentRequest = z.infer<typeof supportAttachmentRequestSchema>;

export const supportAttachmentResponseSchema = uploadTargetSchema;
export type SupportAttachmentResponse = z.infer<typeof supportAttachmentResponseSchema>;

/** POST /api/support/tickets: the support centre's contact form. */
export const supportTicketRequestSchema = z.strictObject({
  name: requiredText('name', CONTACT_NAME_MAX),
  email: emailSchema,
  category: z.enum(SUPPORT_CATEGORIES, { error: `category must be one of ${SUPPORT_CATEGORIES.join(', ')}` }),
  subject: requiredText('subject', SUPPORT_SUBJECT_MAX),
  message: requiredText('message', CONTACT_MESSAGE_MAX),
  attachment_key: z.string({ error: 'attachment_key must be text' }).min(1, { error: 'attachment_key must not be empty' }).max(512).optional(),
});
export type SupportTicketRequest = z.infer<typeof supportTicketRequestSchema>;

export const supportTicketResponseSchema = z.object({ success: z.literal(true), id: z.string() });
export type SupportTicketResponse = z.infer<typeof supportTicketResponseSchema>;
