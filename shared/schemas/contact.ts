import { z } from 'zod';
import { CONTACT_MESSAGE_MAX, CONTACT_NAME_MAX } from '../limits';
import { emailSchema } from './common';

const requiredText = (field: string, max: number) =>
  z
    .string({ error: (issue) => (issue.input === undefined ? `${field} is required` : `${field} must be text`) })
    .trim()
    .min(1, { error: `${field} is required` })
    .max(max, { error: `${field} must be at most ${max} characters` });

/** The public contact page's message (POST /api/contact). */
export const contactMessageRequestSchema = z.strictObject({
  name: requiredText('name', CONTACT_NAME_MAX),
  email: emailSchema,
  message: requiredText('message', CONTACT_MESSAGE_MAX),
});
export type ContactMessageRequest = z.infer<typeof contactMessageRequestSchema>;

export const contactMessageResponseSchema = z.object({ success: z.literal(true), id: z.string() });
export type ContactMessageResponse = z.infer<typeof contactMessageResponseSchema>;
