import { z } from 'zod';
import { CONTACT_EMAIL_MAX } from '../limits';

export const emailSchema = z
  .string({ error: (issue) => (issue.input === undefined ? 'email is required' : 'email must be text') })
  .trim()
  .max(CONTACT_EMAIL_MAX, { error: 'email is too long' })
  .pipe(z.email({ error: 'Please enter a valid email address' }))
  .transform((e) => e.toLowerCase());

/** Body of every error answer of the API: a message for people, a code for programs, the fields at fault. */
export const apiErrorSchema = z.object({
  message: z.string(),
  code: z.string(),
  fields: z.record(z.string(), z.string()).optional(),
});
export type ApiError = z.infer<typeof apiErrorSchema>;

/** A presigned POST the browser sends one file with, straight to storage (photos, the logo, support attachments). */
export const uploadTargetSchema = z.object({
  url: z.string(),
  fields: z.record(z.string(), z.string()),
  key: z.string(),
  maxBytes: z.number(),
  expiresAt: z.string(),
});
export type UploadTarget = z.infer<typeof uploadTargetSchema>;
