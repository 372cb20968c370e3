import { MESSAGES } from '@shared/messages';
import { purchaseRequestSchema } from '@shared/schemas/payments';
import { apiHandler } from '../http/api-handler';
import { DomainError } from '../lib/errors';
import { purchaseDeps } from '../payments/payment-deps';
import { purchaseCredits } from '../payments/purchase';

const deps = purchaseDeps();

/** Without the browser's Idempotency-Key header, retries within the same minute answer the same PaymentIntent. */
const ATTEMPT_WINDOW_MS = 60_000;
const ATTEMPT_KEY = /^[A-Za-z0-9_-]{8,64}$/;

/** Creates the PaymentIntent for the server's price of the package (and coupon); the webhook grants the credits. */
export const handler = apiHandler('purchase-credits', { body: purchaseRequestSchema }, async ({ body, caller, event }) => {
  const profile = await deps.accounts.getProfile(caller!.sub);
  if (!profile) throw new DomainError('not_found', MESSAGES.accountNotFound);
  const header = event.headers?.['idempotency-key'];
  if (header !== undefined && !ATTEMPT_KEY.test(header)) {
    throw new DomainError('validation', 'Idempotency-Key must be 8 to 64 letters, digits, _ or -', { 'idempotency-key': 'bad format' });
  }
  const attemptKey = header ?? `w${Math.floor(Date.now() / ATTEMPT_WINDOW_MS)}`;
  const result = await purchaseCredits(deps, {
    buyer: { sub: caller!.sub, email: profile.email, dealer_name: profile.dealer_name },
    packageId: body.package_id,
    couponCode: body.coupon_code,
    attemptKey,
  });
  return { body: result };
});
