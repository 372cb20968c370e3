import { MESSAGES } from '@shared/messages';
import type { PurchaseResponse, ValidateCouponResponse } from '@shared/schemas/payments';
import type { CreditPackageSeed } from '@shared/pricing';
import { DomainError } from '../lib/errors';
import { checkCoupon, COUPON_REASONS, type CouponPrice } from './coupons';
import type { PaymentRecord } from './payment-records';
import type { PaymentGateway, PaymentStore, Purchaser, ReserveOutcome } from './ports';

export const CURRENCY = 'usd';

export interface PurchaseDeps {
  store: PaymentStore;
  gateway: PaymentGateway;
  now?: () => Date;
}

const invalidCoupon = (reason: string) => new DomainError('validation', `${MESSAGES.invalidCoupon}: ${reason}`, { coupon_code: reason });

async function activePackage(store: PaymentStore, id: string): Promise<CreditPackageSeed> {
  const pkg = await store.getPackage(id);
  if (!pkg || !pkg.is_active) throw new DomainError('validation', `package_id: there is no credit package "${id}"`, { package_id: 'unknown package' });
  return pkg;
}

async function couponPrice(store: PaymentStore, code: string, pkg: CreditPackageSeed, sub: string, now: Date): Promise<CouponPrice> {
  const [coupon, redemption] = await Promise.all([store.getCoupon(code), store.getRedemption(code, sub)]);
  const check = checkCoupon(coupon, pkg, redemption, now);
  if (!check.ok) throw invalidCoupon(check.reason);
  return check.price;
}

/** POST /api/credits/validate-coupon: what the package would cost with the coupon (nothing is reserved). */
export async function validateCoupon(deps: PurchaseDeps, input: { sub: string; couponCode: string; packageId: string }): Promise<ValidateCouponResponse> {
  const now = deps.now?.() ?? new Date();
  const pkg = await activePackage(deps.store, input.packageId);
  const price = await couponPrice(deps.store, input.couponCode, pkg, input.sub, now);
  return {
    ...price,
    message: `Coupon applied: ${price.discount_value}% off, you pay $${(price.final_price / 100).toFixed(2)} instead of $${(price.list_price / 100).toFixed(2)}.`,
  };
}

const RESERVE_REFUSALS: Partial<Record<ReserveOutcome, string>> = {
  already_redeemed: COUPON_REASONS.alreadyUsed,
  exhausted: COUPON_REASONS.exhausted,
  unavailable: COUPON_REASONS.inactive,
};

/**
 * POST /api/credits/purchase: a PaymentIntent for the price the server computes (package from the table, coupon
 * applied here; the browser never sends an amount). A coupon is reserved for the dealer before the intent is
 * created, in a conditional transaction, so a coupon with one redemption left gives exactly one dealer the discount.
 * `attemptKey` makes a retried request (network retry, double click) answer the same PaymentIntent.
 */
export async function purchaseCredits(
  deps: PurchaseDeps,
  input: { buyer: Purchaser; packageId: string; couponCode?: string; attemptKey: string },
): Promise<PurchaseResponse> {
  const now = deps.now?.() ?? new Date();
  const { buyer } = input;
  const pkg = await activePackage(deps.store, input.packageId);
  const code = input.couponCode;
  let price: CouponPrice = { list_price: pkg.price_cents, discount_cents: 0, final_price: pkg.price_cents, discount_value: 0 };
  const idempotencyKey = `purchase:${buyer.sub}:${pkg.id}:${code ?? '-'}:${input.attemptKey}`;
  let reserved = false;
  if (code) {
    price = await couponPrice(deps.store, code, pkg, buyer.sub, now);
    const outcome = await deps.store.reserveCoupon(code, buyer.sub, idempotencyKey, now);
    const refusal = RESERVE_REFUSALS[outcome];
    if (refusal) throw invalidCoupon(refusal);
    reserved = outcome === 'reserved';
  }

  let intent;
  try {
    intent = await deps.gateway.createPaymentIntent({
      amountCents: price.final_price,
      currency: CURRENCY,
      description: `${pkg.name}: ${pkg.credits} credits`,
      ...(buyer.email ? { receiptEmail: buyer.email } : {}),
      metadata: { user_id: buyer.sub, package_id: pkg.id, credits: String(pkg.credits), coupon_code: code ?? '' },
      idempotencyKey,
    });
  } catch (error) {
    // No intent, no discount held: the reservation goes back (only the one this request took).
    if (reserved) await deps.store.releaseCoupon(code!, buyer.sub, idempotencyKey).catch(() => undefined);
    throw error;
  }
  if (code) await deps.store.attachReservation(code, buyer.sub, intent.id);

  const at = now.toISOString();
  const record: PaymentRecord = {
    entity: 'payment',
    payment_intent_id: intent.id,
    user_id: buyer.sub,
    email: buyer.email,
    dealer_name: buyer.dealer_name,
    package_id: pkg.id,
    package_name: pkg.name,
    credits: pkg.credits,
    list_price_cents: price.list_price,
    discount_cents: price.discount_cents,
    amount_cents: intent.amount,
    refunded_cents: 0,
    currency: intent.currency,
    coupon_code: code ?? null,
    status: 'pending',
    status_detail: null,
    created_at: at,
    succeeded_at: null,
    updated_at: at,
  };
  await deps.store.putPaymentIfNew(record);
  return { client_secret: intent.client_secret, payment_intent_id: intent.id, amount_cents: intent.amount, credits: pkg.credits, currency: intent.currency };
}
