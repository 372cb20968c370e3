import { z } from 'zod';
import { MESSAGES } from '../messages';

/** POST /api/account/erasure: the dealer confirms, in so many words, that the whole account goes. */
export const accountErasureRequestSchema = z.strictObject({
  confirm: z.literal(true, { error: MESSAGES.erasureConfirmRequired }),
});
export type AccountErasureRequest = z.infer<typeof accountErasureRequestSchema>;

export const accountErasureResponseSchema = z.object({ erased_at: z.string(), kept: z.string() });
export type AccountErasureResponse = z.infer<typeof accountErasureResponseSchema>;
