import { z } from 'zod';

/**
 * Buying credits (purchase issue). The browser names a package and optionally a coupon; it never sends an
 * amount: the server prices the package from the table and applies the coupon itself.
 */

/** Trimmed and upper-cased, as the coupon box sends it. */
export const couponCodeSchema = z
  .string({ error: (i) => (i.input === undefined ? 'coupon_code is required' : 'coupon_code must be text') })
  .trim()
  .toUpperCase()
  .min(1, { error: 'coupon_code is required' })
  .max(40, { error: 'coupon_code must be at most 40 characters' })
  .regex(/^[A-Z0-9_-]+$/, { error: 'coupon_code may only contain letters, digits, _ and -' });

export const creditPackageIdSchema = z
  .string({ error: (i) => (i.input === undefined ? 'package_id is required' : 'package_id must be text') })
  .trim()
  .min(1, { error: 'package_id is required' })
  .max(64, { error: 'package_id must be at most 64 characters' });

/** POST /api/credits/validate-coupon */
export const validateCouponRequestSchema = z.strictObject({ coupon_code: couponCodeSchema, package_id: creditPackageIdSchema });
export type ValidateCouponRequest = z.infer<typeof validateCouponRequestSchema>;

/** discount_value: the percent taken off (for a fixed coupon, the percent it amounts to on this package, rounded). */
export const validateCouponResponseSchema = z.object({
  final_price: z.number().int().nonnegative(), // cents
  list_price: z.number().int().nonnegative(), // cents
  discount_cents: z.number().int().nonnegative(),
  discount_value: z.number(),
  message: z.string(),
});
export type ValidateCouponResponse = z.infer<typeof validateCouponResponseSchema>;

/** POST /api/credits/purchase */
export const purchaseRequestSchema = z.strictObject({
  package_id: creditPackageIdSchema,
  coupon_code: couponCodeSchema.optional(),
  // No return_url: the card form gives Stripe.js the page's own address itself; the server never used one, so it
  // accepts none rather than promising a same-origin check it does not make.
});
export type PurchaseRequest = z.infer<typeof purchaseRequestSchema>;

export const purchaseResponseSchema = z.object({
  client_secret: z.string(),
  payment_intent_id: z.string(),
  amount_cents: z.number().int().nonnegative(),
  credits: z.number().int().positive(),
  currency: z.string(),
});
export type PurchaseResponse = z.infer<typeof purchaseResponseSchema>;

export const PAYMENT_STATUSES = ['pending', 'succeeded', 'failed', 'canceled', 'refunded', 'partially_refunded', 'disputed'] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];

export const STRIPE_EVENT_OUTCOMES = ['fulfilled', 'duplicate', 'ignored', 'failed', 'recorded'] as const;
export type StripeEventOutcome = (typeof STRIPE_EVENT_OUTCOMES)[number];
