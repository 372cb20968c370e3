import { z } from 'zod';
import { actingMemberSchema } from './team';
import { CREDIT_DESCRIPTION_MAX, IDEMPOTENCY_KEY_MAX, MAX_CREDITS_PER_USE } from '../limits';
import { ownUserIdSchema } from './own-user-id';

/** A dealer's usable credits: expired trial credits and bonus lots are not counted. */
export const creditBalanceSchema = z.object({
  user_id: z.string(),
  trial_credits: z.number().int().nonnegative(),
  bonus_credits: z.number().int().nonnegative(),
  purchased_credits: z.number().int().nonnegative(),
  total_credits: z.number().int().nonnegative(),
  /** When the trial credits expire (null: never granted). */
  trial_expires_at: z.string().nullable(),
  /** Unexpired bonus lots, soonest expiring first. */
  bonus_lots: z.array(z.object({ credits: z.number().int().positive(), expires_at: z.string() })),
  updated_at: z.string(),
});
export type CreditBalance = z.infer<typeof creditBalanceSchema>;

/** 'expiry': trial credits or a bonus lot that expired, taken out of the balance (written once, on the next read or change). */
export const CREDIT_TRANSACTION_KINDS = ['trial_grant', 'bonus_grant', 'purchase', 'use', 'debit', 'refund', 'expiry'] as const;
export type CreditTransactionKind = (typeof CREDIT_TRANSACTION_KINDS)[number];

/** One ledger entry: signed change per bucket (negative spends, positive grants and refunds). */
export const creditTransactionSchema = z.object({
  id: z.string(),
  user_id: z.string(),
  kind: z.enum(CREDIT_TRANSACTION_KINDS),
  /** Signed total change. */
  credits: z.number().int(),
  trial_delta: z.number().int(),
  bonus_delta: z.number().int(),
  purchased_delta: z.number().int(),
  description: z.string(),
  metadata: z.record(z.string(), z.unknown()).optional(),
  created_at: z.string(),
  /** The dealership's member whose request made the change (issue 42); null for changes nobody asked for (refunds, expiry). */
  member: actingMemberSchema.nullable().optional(),
});
export type CreditTransaction = z.infer<typeof creditTransactionSchema>;

export const creditTransactionsResponseSchema = z.object({ transactions: z.array(creditTransactionSchema) });
export type CreditTransactionsResponse = z.infer<typeof creditTransactionsResponseSchema>;

export const idempotencyKeySchema = z
  .string({ error: (i) => (i.input === undefined ? 'idempotency_key is required' : 'idempotency_key must be text') })
  .trim()
  .min(1, { error: 'idempotency_key is required' })
  .max(IDEMPOTENCY_KEY_MAX, { error: `idempotency_key must be at most ${IDEMPOTENCY_KEY_MAX} characters` })
  .regex(/^[A-Za-z0-9_.:-]+$/, { error: 'idempotency_key may only contain letters, digits and _ . : -' });

/** POST /api/credits/use */
export const useCreditsRequestSchema = z.strictObject({
  credits_to_use: z
    .number({ error: (i) => (i.input === undefined ? 'credits_to_use is required' : 'credits_to_use must be a number') })
    .int({ error: 'credits_to_use must be a whole number' })
    .min(1, { error: 'credits_to_use must be at least 1' })
    .max(MAX_CREDITS_PER_USE, { error: `credits_to_use must be at most ${MAX_CREDITS_PER_USE}` }),
  description: z
    .string({ error: (i) => (i.input === undefined ? 'description is required' : 'description must be text') })
    .trim()
    .min(1, { error: 'description is required' })
    .max(CREDIT_DESCRIPTION_MAX, { error: `description must be at most ${CREDIT_DESCRIPTION_MAX} characters` }),
  metadata: z.record(z.string(), z.unknown(), { error: 'metadata must be an object' }).optional(),
  idempotency_key: idempotencyKeySchema,
  user_id: ownUserIdSchema,
});
export type UseCreditsRequest = z.infer<typeof useCreditsRequestSchema>;

export const useCreditsResponseSchema = z.object({
  success: z.literal(true),
  transaction_id: z.string(),
  credits_used: z.number().int().positive(),
  balance: creditBalanceSchema,
});
export type UseCreditsResponse = z.infer<typeof useCreditsResponseSchema>;
