import { z } from 'zod';
import type { ActingMember } from '@shared/schemas/team';
import type { TeamStore } from '../team/ports';
import type { StripeEventOutcome } from '@shared/schemas/payments';
import type { CreditDeps } from '../credits/credit-changes';
import { grantPurchasedCredits } from '../credits/credit-changes';
import { DomainError } from '../lib/errors';
import type { StripeDeliveryRecord } from './payment-records';
import { WebhookSignatureError, type PaymentGateway, type PaymentStore, type VerifiedEvent } from './ports';
import { opsEvent } from '../lib/ops-events';
import { mailOnce } from '../mail/mail-once';
import type { Mailer } from '../mail/mailer';
import { purchaseReceiptMail } from '../mail/templates';
import type { PaymentRecord } from './payment-records';

export interface WebhookDeps {
  store: PaymentStore;
  gateway: PaymentGateway;
  credits: CreditDeps;
  /** Tells the dealer's open browsers that the balance changed (best effort). */
  notifyBalance: (sub: string) => Promise<void>;
  /** Sends the dealer's receipt, once per payment. */
  mailer: Mailer;
  newId: () => string;
  /** The buyer's membership (issue 42), to name them in the purchase's ledger entry. */
  team?: Pick<TeamStore, 'membership'>;
  now?: () => Date;
}

/**
 * Who bought (issue 42): the member the purchase recorded, named as their membership names them now; the account that
 * created the dealership without an address (as its own requests are recorded); a member whose membership is gone
 * erased their data: a former member.
 */
async function buyerOf(deps: WebhookDeps, payment: PaymentRecord): Promise<ActingMember | undefined> {
  if (!payment.member_id || !deps.team) return undefined;
  if (payment.member_id === payment.user_id) return { id: payment.member_id, email: null };
  const membership = await deps.team.membership(payment.member_id);
  return membership ? { id: payment.member_id, email: membership.email } : { id: payment.member_id, email: null, former: true };
}

export interface WebhookResult {
  outcome: StripeEventOutcome;
  detail: string;
  event_id: string;
}

/** A state the event cannot be applied to yet (e.g. a refund before the success was recorded): Stripe retries. */
export class RetryLaterError extends Error {}

type Handled = { outcome: StripeEventOutcome; detail: string };

const str = (v: unknown): string | null => (typeof v === 'string' && v ? v : null);
const paymentIntentOf = (event: VerifiedEvent): string | null => {
  const o = event.data.object;
  if (event.type.startsWith('payment_intent.')) return str(o.id);
  // charge.* and charge.dispute.* carry the PaymentIntent they belong to.
  const pi = o.payment_intent;
  return typeof pi === 'string' ? pi : str((pi as { id?: unknown } | null)?.id);
};

/** What every Stripe event has, and this handler records. */
const recordableEventSchema = z.object({ id: z.string(), type: z.string(), created: z.number().int(), data: z.object({ object: z.record(z.string(), z.unknown()) }) });

/**
 * POST /api/stripe/webhook. The signature is checked against the raw body first (a bad one: 400, nothing stored).
 * Each event is stored once by its id (conditional put) and each delivery is recorded with what it did. Every
 * effect is idempotent on its own key, so repeated and out-of-order deliveries change nothing twice:
 * - payment_intent.succeeded grants the credits under the ledger key PURCHASE#<PaymentIntent id> (exactly once;
 *   the delivery that wrote the entry is "fulfilled", the others "duplicate"), then moves the payment to succeeded
 *   once (with the profile's purchase totals), redeems the coupon and mails the receipt (once: claimed on the payment;
 *   a mail that failed is given back for a later delivery, and does not fail this one).
 * - payment_intent.payment_failed / canceled mark the payment (never one that succeeded) and release the coupon.
 * - charge.refunded / charge.dispute.created are recorded on the payment; credits stay (docs/product.md, "Buying credits").
 */
export async function handleStripeWebhook(deps: WebhookDeps, rawBody: Buffer, signature: string | undefined): Promise<WebhookResult> {
  let event: VerifiedEvent;
  try {
    event = await deps.gateway.verifyWebhook(rawBody, signature);
  } catch (error) {
    if (error instanceof WebhookSignatureError) throw new DomainError('validation', `Webhook signature verification failed: ${error.message}`);
    throw error;
  }
  // Signed by Stripe, yet not an event this handler can record (an event always has these): a 4xx, nothing stored.
  if (!recordableEventSchema.safeParse(event).success) throw new DomainError('validation', 'The Stripe event lacks its id, type, created time or data object.');
  const now = deps.now?.() ?? new Date();
  const receivedAt = now.toISOString();
  const paymentIntentId = paymentIntentOf(event);
  const isNew = await deps.store.putEventIfNew({
    entity: 'stripe_event',
    event_id: event.id,
    type: event.type,
    created_at: new Date(event.created * 1000).toISOString(),
    received_at: receivedAt,
    payload_json: rawBody.toString('utf8'),
    payment_intent_id: paymentIntentId,
    livemode: event.livemode,
  });

  const delivery = (handled: Handled): StripeDeliveryRecord => ({
    entity: 'stripe_delivery',
    delivery_id: deps.newId(),
    event_id: event.id,
    type: event.type,
    received_at: receivedAt,
    outcome: handled.outcome,
    detail: handled.detail,
    payment_intent_id: paymentIntentId,
    livemode: event.livemode,
  });

  let handled: Handled;
  try {
    handled = await apply(deps, event, paymentIntentId, isNew, now);
  } catch (error) {
    const detail = error instanceof Error ? error.message : String(error);
    await deps.store.putDelivery(delivery({ outcome: 'failed', detail })).catch(() => undefined);
    throw error instanceof RetryLaterError ? new DomainError('conflict', detail) : error;
  }
  await deps.store.putDelivery(delivery(handled));
  return { ...handled, event_id: event.id };
}

async function apply(deps: WebhookDeps, event: VerifiedEvent, pi: string | null, isNew: boolean, now: Date): Promise<Handled> {
  const seenBefore = (h: Handled): Handled => (isNew ? h : { outcome: 'duplicate', detail: `already received: ${h.detail}` });
  switch (event.type) {
    case 'payment_intent.succeeded':
      return fulfil(deps, pi!, now);
    case 'payment_intent.payment_failed':
    case 'payment_intent.canceled': {
      const status = event.type === 'payment_intent.canceled' ? 'canceled' : 'failed';
      const payment = await deps.store.getPayment(pi!);
      if (!payment) return { outcome: 'ignored', detail: `no purchase of ours for PaymentIntent ${pi}` };
      const o = event.data.object;
      const detail = status === 'failed' ? (str((o.last_payment_error as { message?: unknown } | null)?.message) ?? 'Payment failed') : (str(o.cancellation_reason) ?? 'canceled');
      const marked = await deps.store.markUnsuccessful(pi!, status, detail, now);
      const released = payment.coupon_code ? await deps.store.releaseCoupon(payment.coupon_code, payment.user_id, pi!) : false;
      const what = `payment ${status}: ${detail}${released ? `; coupon ${payment.coupon_code} released` : ''}`;
      if (marked || released) return { outcome: 'recorded', detail: what };
      return seenBefore({ outcome: 'recorded', detail: payment.succeeded_at ? `payment already succeeded; ${status} not applied` : `${what} (already recorded)` });
    }
    case 'charge.refunded': {
      const o = event.data.object;
      const amount = typeof o.amount === 'number' ? o.amount : 0;
      const refunded = typeof o.amount_refunded === 'number' ? o.amount_refunded : 0;
      const status = refunded >= amount ? 'refunded' : 'partially_refunded';
      return recordOnPayment(deps, pi, { status, refundedCents: refunded, detail: `refunded $${(refunded / 100).toFixed(2)}` }, now, seenBefore);
    }
    case 'charge.dispute.created': {
      const o = event.data.object;
      const reason = str(o.reason) ?? 'no reason given';
      return recordOnPayment(deps, pi, { status: 'disputed', detail: `dispute: ${reason}` }, now, seenBefore);
    }
    default:
      return seenBefore({ outcome: 'ignored', detail: `event type ${event.type} not handled` });
  }
}

async function fulfil(deps: WebhookDeps, pi: string, now: Date): Promise<Handled> {
  const payment = await deps.store.getPayment(pi);
  // Not ours (made outside this app): nothing to grant, and retrying cannot change that.
  if (!payment) return { outcome: 'ignored', detail: `no purchase of ours for PaymentIntent ${pi}` };
  const member = await buyerOf(deps, payment);
  const grant = await grantPurchasedCredits(deps.credits, {
    sub: payment.user_id,
    ...(member ? { member } : {}),
    credits: payment.credits,
    purchaseKey: pi,
    description: `Purchased ${payment.package_name}`,
    metadata: { payment_intent_id: pi, package_id: payment.package_id, ...(payment.coupon_code ? { coupon_code: payment.coupon_code } : {}) },
  });
  // Each step below is idempotent: a delivery that finds the grant made still completes what a crashed one left.
  await deps.store.markSucceeded(pi, payment.user_id, payment.credits, now);
  if (payment.coupon_code) await deps.store.redeemCoupon(payment.coupon_code, payment.user_id, pi, now);
  const receipt = await mailReceipt(deps, payment, now);
  if (grant.replayed) return { outcome: 'duplicate', detail: `credits already granted (${grant.transaction_id})${receipt}` };
  opsEvent('creditsSold', { credits: payment.credits, amountCents: payment.amount_cents });
  await deps.notifyBalance(payment.user_id);
  return { outcome: 'fulfilled', detail: `credits granted: ${payment.credits}${receipt}` };
}

/** The receipt, once per payment (the first delivery to claim it sends it); says what it did for the delivery's record. */
async function mailReceipt(deps: WebhookDeps, payment: PaymentRecord, now: Date): Promise<string> {
  const outcome = await mailOnce(
    deps.store.receiptMailMark(payment.payment_intent_id),
    { mailer: deps.mailer, now },
    async () => ({
      to: payment.email,
      ...purchaseReceiptMail({
        packageName: payment.package_name,
        credits: payment.credits,
        amountCents: payment.amount_cents,
        listPriceCents: payment.list_price_cents,
        discountCents: payment.discount_cents,
        currency: payment.currency,
        couponCode: payment.coupon_code,
        paidAt: payment.succeeded_at ?? now.toISOString(),
        reference: payment.payment_intent_id,
        dealerName: payment.dealer_name,
      }),
    }),
    // The credits are granted: a mail that failed (SES refused it) does not make Stripe deliver the event again.
    'receipt',
    { paymentIntentId: payment.payment_intent_id },
  );
  return outcome === 'sent' ? '; receipt mailed' : outcome === 'failed' ? '; receipt not mailed' : '';
}

async function recordOnPayment(
  deps: WebhookDeps,
  pi: string | null,
  change: Parameters<PaymentStore['recordAfterSuccess']>[1],
  now: Date,
  seenBefore: (h: Handled) => Handled,
): Promise<Handled> {
  const payment = pi ? await deps.store.getPayment(pi) : undefined;
  if (!payment) return seenBefore({ outcome: 'ignored', detail: `no purchase of ours for PaymentIntent ${pi ?? '(none)'}` });
  const result = await deps.store.recordAfterSuccess(pi!, change, now);
  if (result === 'not_succeeded') throw new RetryLaterError(`payment ${pi} has not succeeded yet; ${change.status} will be recorded on a later delivery`);
  if (result === 'stale') return seenBefore({ outcome: 'recorded', detail: `${change.detail} (not newer than what is recorded; nothing changed)` });
  return { outcome: 'recorded', detail: `${change.detail}; credits kept` };
}
