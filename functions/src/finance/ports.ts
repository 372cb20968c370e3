import type { CreditPackageSeed } from '@shared/pricing';
import type { CouponRecord, PaymentRecord, StripeDeliveryRecord, StripeEventRecord } from '../payments/payment-records';

/** One page of a newest-first list; `next` is opaque (null: no more). */
export interface Page<T> {
  items: T[];
  next: string | null;
}

/** Port: what the purchase flow and the Stripe webhook stored, as finance reads it. */
export interface FinanceReader {
  /** Payments newest first (by creation). */
  listPayments(limit: number, cursor: string | undefined): Promise<Page<PaymentRecord>>;
  /** Every payment created at or after `sinceIso` (for the totals). */
  paymentsSince(sinceIso: string): Promise<PaymentRecord[]>;
  /** Deliveries of Stripe events to the webhook, newest first. */
  listDeliveries(limit: number, cursor: string | undefined): Promise<Page<StripeDeliveryRecord>>;
  /** One event with all its deliveries (undefined: never received). */
  getEvent(eventId: string): Promise<{ event: StripeEventRecord | undefined; deliveries: StripeDeliveryRecord[] }>;
}

/** Port: coupons as super users manage them. */
export interface CouponStore {
  /** Newest first. */
  list(): Promise<CouponRecord[]>;
  /** Stores a new coupon; 'exists' when the code is taken (nothing written). */
  create(coupon: CouponRecord): Promise<'created' | 'exists'>;
  /** Sets active false; undefined when there is no such coupon. */
  disable(code: string): Promise<CouponRecord | undefined>;
}

export interface StoredCreditPackage extends CreditPackageSeed {
  updated_at?: string;
  updated_by?: string;
}

export interface CreditPackageChanges {
  price_cents?: number;
  is_active?: boolean;
  is_popular?: boolean;
}

/** Port: every credit package (active or not), and the changes super users make. */
export interface CreditPackageAdmin {
  listAll(): Promise<StoredCreditPackage[]>;
  /** Undefined when the package does not exist (nothing is created). */
  update(id: string, changes: CreditPackageChanges, by: string, now: Date): Promise<StoredCreditPackage | undefined>;
}
