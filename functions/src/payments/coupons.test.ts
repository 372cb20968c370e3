import { describe, expect, it } from 'vitest';
import { CREDIT_PACKAGES } from '@shared/pricing';
import { checkCoupon, COUPON_REASONS, priceWithCoupon } from './coupons';
import type { CouponRecord, CouponRedemptionRecord } from './payment-records';

const starter = CREDIT_PACKAGES[0]!;
const now = new Date('2026-11-23T12:00:00Z');
const coupon = (fields: Partial<CouponRecord> = {}): CouponRecord => ({
  entity: 'coupon', code: 'C', kind: 'percent', percent_off: 25, amount_off_cents: null, expires_at: null, max_redemptions: null,
  redemptions: 0, package_ids: null, active: true, created_at: now.toISOString(), created_by: 'admin', ...fields,
});
const redemption = (state: CouponRedemptionRecord['state']): CouponRedemptionRecord => ({ entity: 'coupon_redemption', code: 'C', user_id: 'u', payment_intent_id: 'pi', state, created_at: '', redeemed_at: null });

describe('coupon prices', () => {
  it('percent and fixed coupons, never below Stripe’s $0.50 minimum', () => {
    expect(priceWithCoupon(starter, coupon())).toEqual({ list_price: 800, discount_cents: 200, final_price: 600, discount_value: 25 });
    expect(priceWithCoupon({ price_cents: 2400 }, coupon({ kind: 'fixed', percent_off: null, amount_off_cents: 1000 }))).toEqual({ list_price: 2400, discount_cents: 1000, final_price: 1400, discount_value: 42 });
    expect(priceWithCoupon(starter, coupon({ percent_off: 100 }))).toMatchObject({ final_price: 50, discount_cents: 750, discount_value: 94 });
    expect(priceWithCoupon(starter, coupon({ kind: 'fixed', percent_off: null, amount_off_cents: 5000 }))).toMatchObject({ final_price: 50 });
  });
});

describe('coupon rules', () => {
  const check = (c: CouponRecord | undefined, r?: CouponRedemptionRecord) => checkCoupon(c, starter, r, now);
  it('refuses with the reason a dealer understands', () => {
    expect(check(undefined)).toEqual({ ok: false, reason: COUPON_REASONS.unknown });
    expect(check(coupon({ active: false }))).toEqual({ ok: false, reason: COUPON_REASONS.inactive });
    expect(check(coupon({ expires_at: '2026-11-23T12:00:00Z' }))).toEqual({ ok: false, reason: COUPON_REASONS.expired });
    expect(check(coupon({ package_ids: ['business'] }))).toEqual({ ok: false, reason: COUPON_REASONS.notForPackage });
    expect(check(coupon({ max_redemptions: 3, redemptions: 3 }))).toEqual({ ok: false, reason: COUPON_REASONS.exhausted });
    expect(check(coupon(), redemption('redeemed'))).toEqual({ ok: false, reason: COUPON_REASONS.alreadyUsed });
  });
  it('applies within its limits; a reservation the dealer already holds counts as theirs', () => {
    expect(check(coupon({ expires_at: '2026-11-24T00:00:00Z', package_ids: ['starter'], max_redemptions: 3, redemptions: 2 })).ok).toBe(true);
    expect(check(coupon({ max_redemptions: 1, redemptions: 1 }), redemption('reserved')).ok).toBe(true);
  });
});
