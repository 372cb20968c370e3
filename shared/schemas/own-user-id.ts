import { z } from 'zod';

/**
 * Optional `user_id` in a body: accepted so that a client sending its own id keeps working; the server acts for
 * the signed-in caller only and refuses any other id with 403.
 */
export const ownUserIdSchema = z.string({ error: 'user_id must be text' }).min(1, { error: 'user_id must not be empty' }).optional();
