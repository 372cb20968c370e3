import { z } from 'zod';
import { PAYMENT_STATUSES, STRIPE_EVENT_OUTCOMES, couponCodeSchema, creditPackageIdSchema } from './payments';

/** The finance side of the admin area (super users only; the server checks the role on every route). */

/** One purchase as finance sees it. Amounts in cents. */
export const adminPaymentSchema = z.object({
  payment_intent_id: z.string(),
  user_id: z.string(),
  email: z.string(),
  dealer_name: z.string().nullable(),
  package_id: z.string(),
  package_name: z.string(),
  credits: z.number().int(),
  list_price_cents: z.number().int(),
  discount_cents: z.number().int(),
  amount_cents: z.number().int(),
  refunded_cents: z.number().int(),
  currency: z.string(),
  coupon_code: z.string().nullable(),
  status: z.enum(PAYMENT_STATUSES),
  /** Stripe's message for a failed payment, a dispute's reason. */
  status_detail: z.string().nullable(),
  created_at: z.string(),
  succeeded_at: z.string().nullable(),
});
export type AdminPayment = z.infer<typeof adminPaymentSchema>;

export const paymentTotalSchema = z.object({
  /** YYYY-MM-DD or YYYY-MM (UTC). */
  period: z.string(),
  count: z.number().int(),
  amount_cents: z.number().int(),
  refunded_cents: z.number().int(),
  credits: z.number().int(),
});

/** GET /api/admin/payments?limit=&cursor= : newest first, with totals per day and month of succeeded payments. */
export const adminPaymentsResponseSchema = z.object({
  payments: z.array(adminPaymentSchema),
  totals: z.object({ by_day: z.array(paymentTotalSchema), by_month: z.array(paymentTotalSchema) }),
  next_cursor: z.string().nullable(),
});
export type AdminPaymentsResponse = z.infer<typeof adminPaymentsResponseSchema>;

/** One delivery of a Stripe event to our webhook, and what it did. */
export const adminStripeEventSchema = z.object({
  delivery_id: z.string(),
  event_id: z.string(),
  type: z.string(),
  received_at: z.string(),
  outcome: z.enum(STRIPE_EVENT_OUTCOMES),
  /** Why (e.g. "credits granted: 8", "already fulfilled by delivery …", "event type not handled"). */
  detail: z.string(),
  payment_intent_id: z.string().nullable(),
  livemode: z.boolean(),
});
export type AdminStripeEvent = z.infer<typeof adminStripeEventSchema>;

/** GET /api/admin/stripe-events?limit=&cursor= : newest first. */
export const adminStripeEventsResponseSchema = z.object({ events: z.array(adminStripeEventSchema), next_cursor: z.string().nullable() });
export type AdminStripeEventsResponse = z.infer<typeof adminStripeEventsResponseSchema>;

/** GET /api/admin/stripe-events/{id} : the event's payload as Stripe sent it, and every delivery of it. */
export const adminStripeEventDetailSchema = z.object({
  event_id: z.string(),
  type: z.string(),
  created_at: z.string(),
  payload: z.record(z.string(), z.unknown()),
  deliveries: z.array(adminStripeEventSchema),
});
export type AdminStripeEventDetail = z.infer<typeof adminStripeEventDetailSchema>;

export const adminCouponSchema = z.object({
  code: z.string(),
  kind: z.enum(['percent', 'fixed']),
  percent_off: z.number().nullable(),
  amount_off_cents: z.number().int().nullable(),
  expires_at: z.string().nullable(),
  max_redemptions: z.number().int().nullable(),
  redemptions: z.number().int(),
  package_ids: z.array(z.string()).nullable(),
  active: z.boolean(),
  created_at: z.string(),
  created_by: z.string(),
});
export type AdminCoupon = z.infer<typeof adminCouponSchema>;

export const adminCouponsResponseSchema = z.object({ coupons: z.array(adminCouponSchema) });

/** POST /api/admin/coupons */
export const createCouponRequestSchema = z
  .strictObject({
    code: couponCodeSchema,
    kind: z.enum(['percent', 'fixed'], { error: 'kind must be percent or fixed' }),
    percent_off: z.number().int().min(1).max(100).optional(),
    amount_off_cents: z.number().int().min(1).max(1_000_000).optional(),
    expires_at: z.string().datetime({ error: 'expires_at must be an ISO date-time' }).optional(),
    max_redemptions: z.number().int().min(1).max(1_000_000).optional(),
    package_ids: z.array(creditPackageIdSchema).min(1).max(50).optional(),
  })
  .refine((c) => (c.kind === 'percent' ? c.percent_off !== undefined && c.amount_off_cents === undefined : c.amount_off_cents !== undefined && c.percent_off === undefined), {
    error: 'A percent coupon needs percent_off (1-100); a fixed coupon needs amount_off_cents',
  });
export type CreateCouponRequest = z.infer<typeof createCouponRequestSchema>;

/** POST /api/admin/bonus-credits : bonus credits expire 180 days after the grant; the ledger names the granter. */
export const grantBonusRequestSchema = z.strictObject({
  email: z.string().trim().toLowerCase().email({ error: 'email must be an e-mail address' }).max(254),
  credits: z.number().int().min(1, { error: 'credits must be at least 1' }).max(10_000, { error: 'credits must be at most 10000' }),
  reason: z.string().trim().min(1, { error: 'reason is required' }).max(200, { error: 'reason must be at most 200 characters' }),
  /** Makes a retried grant (double click, network retry) land once. */
  idempotency_key: z.string().trim().min(1).max(100).regex(/^[A-Za-z0-9_.:-]+$/),
});

/** PATCH /api/admin/credit-packages/{id} */
export const updateCreditPackageRequestSchema = z
  .strictObject({
    price_cents: z.number().int().min(50, { error: 'price_cents must be at least 50' }).max(1_000_000).optional(),
    is_active: z.boolean().optional(),
    is_popular: z.boolean().optional(),
  })
  .refine((p) => Object.keys(p).length > 0, { error: 'Nothing to change' });

// Added with the admin area (additions only; the shapes above are unchanged).

/** ?limit=&cursor= of the admin lists (cursor: the opaque next_cursor of the previous page). */
export const adminListQuerySchema = z.strictObject({
  limit: z.coerce
    .number({ error: 'limit must be a number' })
    .int({ error: 'limit must be a whole number' })
    .min(1, { error: 'limit must be at least 1' })
    .max(100, { error: 'limit must be at most 100' })
    .optional(),
  cursor: z.string().min(1).max(2000, { error: 'cursor is too long' }).optional(),
});

/** {id} of GET /api/admin/stripe-events/{id}: a Stripe event id such as evt_1Q…. */
export const stripeEventIdParamsSchema = z.object({
  id: z.string().regex(/^[A-Za-z0-9_-]{1,255}$/, { error: 'id must be a Stripe event id (letters, digits, _ and -)' }),
});

export const couponCodeParamsSchema = z.object({ code: couponCodeSchema });
export const creditPackageIdParamsSchema = z.object({ id: creditPackageIdSchema });

/** POST /api/admin/coupons and /disable answer the coupon as stored. */
export const adminCouponResponseSchema = z.object({ coupon: adminCouponSchema });

export type GrantBonusRequest = z.infer<typeof grantBonusRequestSchema>;
/** POST /api/admin/bonus-credits: the grant as the dealer's ledger recorded it (a retry answers the same). */
export const grantBonusResponseSchema = z.object({
  transaction_id: z.string(),
  user_id: z.string(),
  email: z.string(),
  credits: z.number().int(),
  expires_at: z.string(),
  total_credits: z.number().int(),
  replayed: z.boolean(),
});
export type GrantBonusResponse = z.infer<typeof grantBonusResponseSchema>;

/** A credit package as super users manage it (inactive ones included). */
export const adminCreditPackageSchema = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string(),
  credits: z.number().int(),
  price_cents: z.number().int(),
  sort_order: z.number().int(),
  is_active: z.boolean(),
  is_popular: z.boolean(),
  updated_at: z.string().nullable(),
  updated_by: z.string().nullable(),
});
export type AdminCreditPackage = z.infer<typeof adminCreditPackageSchema>;
export const adminCreditPackagesResponseSchema = z.object({ packages: z.array(adminCreditPackageSchema) });
export type AdminCreditPackagesResponse = z.infer<typeof adminCreditPackagesResponseSchema>;
export type UpdateCreditPackageRequest = z.infer<typeof updateCreditPackageRequestSchema>;
export const adminCreditPackageResponseSchema = z.object({ package: adminCreditPackageSchema });
