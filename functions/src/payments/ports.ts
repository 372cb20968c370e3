import type { CreditPackageSeed } from '@shared/pricing';
import type { MailMark } from '../mail/mail-once';
import type { CouponRecord, CouponRedemptionRecord, PaymentRecord, StripeDeliveryRecord, StripeEventRecord } from './payment-records';

/** A PaymentIntent as far as the purchase flow needs it (Stripe's own field names). */
export interface PaymentIntentView {
  id: string;
  client_secret: string;
  amount: number;
  currency: string;
  status: string;
}

/** A verified webhook event (Stripe's shape, only the fields we read). */
export interface VerifiedEvent {
  id: string;
  type: string;
  created: number;
  livemode: boolean;
  data: { object: Record<string, unknown> };
}

/** Raised by the gateway when a webhook's signature, timestamp or body does not verify. */
export class WebhookSignatureError extends Error {}

/** Port: the card payment provider (Stripe in AWS, Stripe or the local simulator locally). */
export interface PaymentGateway {
  createPaymentIntent(input: {
    amountCents: number;
    currency: string;
    metadata: Record<string, string>;
    receiptEmail?: string;
    description: string;
    idempotencyKey: string;
  }): Promise<PaymentIntentView>;
  /**
   * Cancels a PaymentIntent so it can no longer be paid; answers its state: canceled (now or before), or succeeded or
   * processing when it is too late for that.
   */
  cancelPaymentIntent(id: string): Promise<'canceled' | 'succeeded' | 'processing'>;
  /** Checks the Stripe-Signature header against the raw body with the endpoint secret; throws WebhookSignatureError. */
  verifyWebhook(rawBody: Buffer, signatureHeader: string | undefined): Promise<VerifiedEvent>;
}

export interface Purchaser {
  sub: string;
  email: string;
  dealer_name: string | null;
}

/** What reserving a coupon for a dealer found. */
export type ReserveOutcome = 'reserved' | 'already_held' | 'already_redeemed' | 'exhausted' | 'unavailable';

/** Port: where packages, coupons, payments and Stripe events live (DynamoDB in both homes). */
export interface PaymentStore {
  getPackage(id: string): Promise<CreditPackageSeed | undefined>;
  getCoupon(code: string): Promise<CouponRecord | undefined>;
  getRedemption(code: string, sub: string): Promise<CouponRedemptionRecord | undefined>;
  /**
   * Takes one redemption of the coupon for the dealer, in one conditional transaction (active, under its maximum,
   * the dealer holds none), for the purchase attempt `holderKey`: of many dealers racing for the last one, exactly
   * one gets it. 'already_held': the dealer holds a reservation (getRedemption tells which attempt's).
   */
  reserveCoupon(code: string, sub: string, holderKey: string, now: Date): Promise<ReserveOutcome>;
  /**
   * Hands the dealer's open reservation from the attempt whose intent (or key) is `fromPaymentIntent` to the attempt
   * `holderKey`, in one conditional write that counts no redemption: false when it moved on meanwhile.
   */
  takeOverReservation(code: string, sub: string, fromPaymentIntent: string, holderKey: string): Promise<boolean>;
  /** Points the reservation at the PaymentIntent that carries the discount, if attempt `holderKey` still holds it. */
  attachReservation(code: string, sub: string, holderKey: string, paymentIntentId: string): Promise<boolean>;
  /** Gives a reservation back (count down, item removed) if it is still reserved by this holder. */
  releaseCoupon(code: string, sub: string, holder: string): Promise<boolean>;
  /** Marks the dealer's redemption used; recreates (and counts) it if a failure had released it meanwhile. */
  redeemCoupon(code: string, sub: string, paymentIntentId: string, now: Date): Promise<void>;

  getPayment(paymentIntentId: string): Promise<PaymentRecord | undefined>;
  /** Written once per PaymentIntent (an idempotent replay of the same intent writes nothing). */
  putPaymentIfNew(record: PaymentRecord): Promise<void>;
  /**
   * The one-time move to succeeded, with the profile's purchase totals (first purchase: subscriber, date) in the same
   * transaction: false when it had already happened.
   */
  markSucceeded(paymentIntentId: string, sub: string, credits: number, now: Date): Promise<boolean>;
  /** Failed or canceled, only while the payment has not succeeded. */
  markUnsuccessful(paymentIntentId: string, status: 'failed' | 'canceled', detail: string | null, now: Date): Promise<boolean>;
  /** Refund or dispute on a succeeded payment; a smaller refunded amount than the one stored never wins. */
  recordAfterSuccess(paymentIntentId: string, change: { status: 'refunded' | 'partially_refunded' | 'disputed'; refundedCents?: number; detail: string | null }, now: Date): Promise<'recorded' | 'stale' | 'not_succeeded'>;

  /** The mark on the payment that lets its one receipt be sent once (mail/mail-once.ts). */
  receiptMailMark(paymentIntentId: string): MailMark;

  /** Conditional put: true when this is the first time the event id is seen. */
  putEventIfNew(record: StripeEventRecord): Promise<boolean>;
  putDelivery(record: StripeDeliveryRecord): Promise<void>;
}
