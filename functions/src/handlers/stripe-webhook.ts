import { apiHandler } from '../http/api-handler';
import { DomainError } from '../lib/errors';
import { webhookDeps } from '../payments/payment-deps';
import { handleStripeWebhook } from '../payments/stripe-webhook';

const deps = webhookDeps();

/** Stripe's events are small; anything much larger is not one. */
const MAX_EVENT_BYTES = 512 * 1024;

/**
 * Stripe's webhook endpoint (public: the signature is the authentication). The signature covers the exact bytes
 * Stripe sent, so the body is used raw: API Gateway passes a JSON body as text, other content types base64-encoded
 * (isBase64Encoded), and both homes' events are decoded the same way here, never parsed and re-serialized.
 */
export const handler = apiHandler('stripe-webhook', {}, async ({ event }) => {
  const raw = event.body === undefined ? Buffer.alloc(0) : Buffer.from(event.body, event.isBase64Encoded ? 'base64' : 'utf8');
  if (raw.length === 0) throw new DomainError('validation', 'The webhook body is empty');
  if (raw.length > MAX_EVENT_BYTES) throw new DomainError('payload_too_large', `The request body is larger than ${MAX_EVENT_BYTES} bytes`);
  const result = await handleStripeWebhook(deps, raw, event.headers?.['stripe-signature']);
  return { body: { received: true, ...result } };
});
