import type { CreditPackageSeed } from '@shared/pricing';
import type { CouponRecord, CouponRedemptionRecord } from './payment-records';

/** Stripe's smallest card charge in USD: a coupon never takes a price below it. */
export const MIN_CHARGE_CENTS = 50;

export interface CouponPrice {
  list_price: number;
  discount_cents: number;
  final_price: number;
  /** The percent taken off (a fixed coupon: the percent it amounts to on this package, rounded). */
  discount_value: number;
}

export type CouponCheck = { ok: true; price: CouponPrice } | { ok: false; reason: string };

/** Why a coupon does not apply, in the dealer's words (shown under "Invalid coupon code"). */
export const COUPON_REASONS = {
  unknown: 'This coupon code does not exist.',
  inactive: 'This coupon is no longer active.',
  expired: 'This coupon has expired.',
  exhausted: 'This coupon has been fully redeemed.',
  alreadyUsed: 'You have already used this coupon.',
  notForPackage: 'This coupon does not apply to this package.',
} as const;

/** The price of a package with a coupon: percent or fixed, never below Stripe's minimum charge. */
export function priceWithCoupon(pkg: Pick<CreditPackageSeed, 'price_cents'>, coupon: Pick<CouponRecord, 'kind' | 'percent_off' | 'amount_off_cents'>): CouponPrice {
  const list = pkg.price_cents;
  const raw = coupon.kind === 'percent' ? Math.round((list * (coupon.percent_off ?? 0)) / 100) : (coupon.amount_off_cents ?? 0);
  const discount = Math.max(0, Math.min(raw, list - MIN_CHARGE_CENTS));
  return {
    list_price: list,
    discount_cents: discount,
    final_price: list - discount,
    discount_value: coupon.kind === 'percent' && discount === raw ? (coupon.percent_off ?? 0) : Math.round((discount / list) * 100),
  };
}

/**
 * The coupon rules: it exists, is active, has not expired, applies to the package, has redemptions left and this
 * dealer has not used it. `redemption` is the dealer's own (a reservation they hold still counts as theirs).
 */
export function checkCoupon(
  coupon: CouponRecord | undefined,
  pkg: CreditPackageSeed,
  redemption: CouponRedemptionRecord | undefined,
  now: Date,
): CouponCheck {
  if (!coupon) return { ok: false, reason: COUPON_REASONS.unknown };
  if (!coupon.active) return { ok: false, reason: COUPON_REASONS.inactive };
  if (coupon.expires_at && Date.parse(coupon.expires_at) <= now.getTime()) return { ok: false, reason: COUPON_REASONS.expired };
  if (coupon.package_ids && !coupon.package_ids.includes(pkg.id)) return { ok: false, reason: COUPON_REASONS.notForPackage };
  if (redemption?.state === 'redeemed') return { ok: false, reason: COUPON_REASONS.alreadyUsed };
  const heldByDealer = redemption?.state === 'reserved';
  if (!heldByDealer && coupon.max_redemptions !== null && coupon.redemptions >= coupon.max_redemptions) {
    return { ok: false, reason: COUPON_REASONS.exhausted };
  }
  return { ok: true, price: priceWithCoupon(pkg, coupon) };
}
