import type { PaymentStatus, StripeEventOutcome } from '@shared/schemas/payments';

/**
 * The stored shapes of the purchase issue's items (keys in adapters/dynamodb/keys.ts). The purchase flow and the
 * webhook write them; the finance view reads them. Amounts in cents.
 */

/** Written (status pending) when POST /api/credits/purchase creates the PaymentIntent; the webhook moves it on. */
export interface PaymentRecord {
  entity: 'payment';
  payment_intent_id: string;
  user_id: string;
  email: string;
  dealer_name: string | null;
  package_id: string;
  package_name: string;
  credits: number;
  list_price_cents: number;
  discount_cents: number;
  amount_cents: number;
  refunded_cents: number;
  currency: string;
  coupon_code: string | null;
  status: PaymentStatus;
  status_detail: string | null;
  created_at: string;
  succeeded_at: string | null;
  updated_at: string;
  /** The receipt mail: claimed by the first delivery that sends it, then sent (absent: not sent yet). */
  receipt_mail?: 'claimed' | 'sent';
  receipt_mail_at?: string;
  /** The member who bought (issue 42): their sign-in id only (this record is kept for finance; the ledger entry names them). */
  member_id?: string;
}

/** One per Stripe event id, put only if new: the payload as received (JSON text) and the first outcome. */
export interface StripeEventRecord {
  entity: 'stripe_event';
  event_id: string;
  type: string;
  /** Stripe's `created`, as ISO time. */
  created_at: string;
  received_at: string;
  payload_json: string;
  payment_intent_id: string | null;
  livemode: boolean;
}

/** One per delivery (Stripe retries, duplicates): what that delivery did. */
export interface StripeDeliveryRecord {
  entity: 'stripe_delivery';
  delivery_id: string;
  event_id: string;
  type: string;
  received_at: string;
  outcome: StripeEventOutcome;
  detail: string;
  payment_intent_id: string | null;
  livemode: boolean;
}

/** Created by super users; `redemptions` counts dealers holding or having used it (reserved at purchase). */
export interface CouponRecord {
  entity: 'coupon';
  code: string;
  kind: 'percent' | 'fixed';
  percent_off: number | null;
  amount_off_cents: number | null;
  expires_at: string | null;
  max_redemptions: number | null;
  redemptions: number;
  package_ids: string[] | null;
  active: boolean;
  created_at: string;
  created_by: string;
}

/** Once per dealer per coupon: reserved when a discounted PaymentIntent is created, redeemed when it succeeds. */
export interface CouponRedemptionRecord {
  entity: 'coupon_redemption';
  code: string;
  user_id: string;
  /** The PaymentIntent carrying the discount; until it exists, the holding attempt's key. */
  payment_intent_id: string;
  /** The purchase attempt holding the reservation (its idempotency key); absent on reservations made before issue 27. */
  holder_key?: string;
  state: 'reserved' | 'redeemed';
  created_at: string;
  redeemed_at: string | null;
}
