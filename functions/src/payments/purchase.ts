import { COUPON_ATTEMPT_MESSAGES, MESSAGES } from '@shared/messages';
import { actingMember } from '../team/acting-member';
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

/** Rounds of taking the dealer's reservation over while other attempts of theirs move it (each round is one move). */
const TAKE_OVER_ROUNDS = 6;

/**
 * Holds the dealer's one redemption of the coupon for the attempt `holderKey`. A reservation held by another attempt
 * of the same dealer (another tab, the dialog opened again) is taken over: that attempt's PaymentIntent is canceled
 * first, so it can no longer be paid at the discount, then the reservation is handed to this attempt without counting
 * a redemption. Too late to cancel (paid, or being paid): refused. The same attempt retried keeps its reservation.
 * Answers whether this call took a new redemption (to give back if no intent comes of it).
 */
async function holdCoupon(deps: PurchaseDeps, code: string, sub: string, holderKey: string, now: Date): Promise<boolean> {
  for (let round = 0; round < TAKE_OVER_ROUNDS; round++) {
    const outcome = await deps.store.reserveCoupon(code, sub, holderKey, now);
    const refusal = RESERVE_REFUSALS[outcome];
    if (refusal) throw invalidCoupon(refusal);
    if (outcome === 'reserved') return true;
    const held = await deps.store.getRedemption(code, sub);
    if (!held || held.state !== 'reserved') continue; // released or redeemed meanwhile: ask again
    const heldBy = held.holder_key ?? (held.payment_intent_id.startsWith('pi_') ? undefined : held.payment_intent_id);
    if (heldBy === holderKey) return false;
    // An intent exists only once the holding attempt attached it; before that, no client was given one to pay.
    if (held.payment_intent_id.startsWith('pi_')) {
      const state = await deps.gateway.cancelPaymentIntent(held.payment_intent_id);
      if (state === 'succeeded') throw invalidCoupon(COUPON_REASONS.alreadyUsed);
      if (state === 'processing') throw new DomainError('conflict', COUPON_ATTEMPT_MESSAGES.paymentInProgress);
    }
    if (await deps.store.takeOverReservation(code, sub, held.payment_intent_id, holderKey)) return false;
  }
  throw new DomainError('conflict', COUPON_ATTEMPT_MESSAGES.busy);
}

/**
 * POST /api/credits/purchase: a PaymentIntent for the price the server computes (package from the table, coupon
 * applied here; the browser never sends an amount). A coupon is reserved for the dealer before the intent is
 * created, in a conditional transaction, so a coupon with one redemption left gives exactly one dealer the discount;
 * the dealer's one reservation follows their newest attempt (holdCoupon), so only one discounted intent of theirs is
 * ever payable. `attemptKey` makes a retried request (network retry, double click) answer the same PaymentIntent.
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
  // Issue 42: each member's attempt is their own (two members buying at once get two intents, each naming its buyer).
  const member = actingMember();
  const by = member && member.id !== buyer.sub ? `${member.id}:` : '';
  const idempotencyKey = `purchase:${buyer.sub}:${by}${pkg.id}:${code ?? '-'}:${input.attemptKey}`;
  let reserved = false;
  if (code) {
    price = await couponPrice(deps.store, code, pkg, buyer.sub, now);
    reserved = await holdCoupon(deps, code, buyer.sub, idempotencyKey, now);
  }

  let intent;
  try {
    intent = await deps.gateway.createPaymentIntent({
      amountCents: price.final_price,
      currency: CURRENCY,
      description: `${pkg.name}: ${pkg.credits} credits`,
      // No receipt_email: the webhook mails the receipt (credits, coupon), so the dealer does not get two.
      metadata: { user_id: buyer.sub, package_id: pkg.id, credits: String(pkg.credits), coupon_code: code ?? '' },
      idempotencyKey,
    });
  } catch (error) {
    // No intent, no discount held: the reservation goes back (only the one this request took).
    if (reserved) await deps.store.releaseCoupon(code!, buyer.sub, idempotencyKey).catch(() => undefined);
    throw error;
  }
  // A newer attempt of the dealer took the reservation while this intent was made: this one must not be payable.
  if (code && !(await deps.store.attachReservation(code, buyer.sub, idempotencyKey, intent.id))) {
    await deps.gateway.cancelPaymentIntent(intent.id);
    throw new DomainError('conflict', COUPON_ATTEMPT_MESSAGES.replacedByNewerAttempt);
  }

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
    // Issue 42: who bought, for the ledger entry the webhook writes when the payment succeeds.
    ...(member ? { member_id: member.id } : {}),
  };
  await deps.store.putPaymentIfNew(record);
  return { client_secret: intent.client_secret, payment_intent_id: intent.id, amount_cents: intent.amount, credits: pkg.credits, currency: intent.currency };
}
