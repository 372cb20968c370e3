import { z } from 'zod';
import { DEALER_NAME_MAX } from '../limits';
import { isReturnPath, RETURN_TO_MAX, RETURN_TO_MESSAGE } from '../return-to';
import { emailSchema } from './common';

/**
 * POST /api/auth/magic-link: e-mails a sign-in link. With `trial`, an account is created first if the address has
 * none (the dealership name kept on it). The answer is the same, in the same time, whether or not the address has
 * an account, so nobody can probe for accounts. With `return_to`, the mailed link brings the dealer back to that page
 * of the dashboard instead of the Dashboard (see shared/return-to.ts: only a path of the site's own dashboard).
 */
export const magicLinkRequestSchema = z.strictObject({
  email: emailSchema,
  trial: z.boolean({ error: 'trial must be true or false' }).optional(),
  dealer_name: z
    .string({ error: 'dealer_name must be text' })
    .trim()
    .max(DEALER_NAME_MAX, { error: `dealer_name must be at most ${DEALER_NAME_MAX} characters` })
    .optional(),
  return_to: z
    .string({ error: 'return_to must be text' })
    .max(RETURN_TO_MAX, { error: `return_to must be at most ${RETURN_TO_MAX} characters` })
    .refine(isReturnPath, { error: RETURN_TO_MESSAGE })
    .optional(),
});
export type MagicLinkRequest = z.infer<typeof magicLinkRequestSchema>;

export const magicLinkResponseSchema = z.object({ sent: z.literal(true) });
export type MagicLinkResponse = z.infer<typeof magicLinkResponseSchema>;
