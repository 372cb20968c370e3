/** Dealer integrations (issue 28): the limits of API keys and webhooks, shared by the server and the SPA. */

/** API keys start with this, so a leaked key is recognisable (secret scanners, logs). */
export const API_KEY_PREFIX = 'slk_';
/** Active keys per dealer. */
export const MAX_API_KEYS = 10;
/** Calls per key per minute (fixed window); the 429 says when the next window opens (Retry-After). */
export const API_KEY_CALLS_PER_MINUTE = 120;
/** Calls per dealer per minute, all its keys together: ten keys do not give ten times the calls. */
export const API_DEALER_CALLS_PER_MINUTE = 240;
/** Webhook endpoints per dealer. */
export const MAX_WEBHOOK_ENDPOINTS = 5;
/** Endpoint secrets start with this (as Stripe's whsec_). */
export const WEBHOOK_SECRET_PREFIX = 'whsec_';
/** The header a delivery is signed in: `t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<body>">`. */
export const WEBHOOK_SIGNATURE_HEADER = 'studiolot-signature';
/** How long a receiver should accept a signature's timestamp (what the docs recommend). */
export const WEBHOOK_TOLERANCE_SECONDS = 300;
/** A delivery is retried with backoff for this long after the event, then given up. */
export const WEBHOOK_RETRY_WINDOW_MS = 24 * 60 * 60 * 1000;
/** A receiver has this long to answer one attempt. */
export const WEBHOOK_TIMEOUT_MS = 10_000;

export const WEBHOOK_EVENT_TYPES = ['package.completed', 'package.failed', 'angle.completed', 'test.event'] as const;
export type WebhookEventType = (typeof WEBHOOK_EVENT_TYPES)[number];
