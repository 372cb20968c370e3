/**
 * The security headers of every response, defined once: the CloudFront response headers policy (web stack) and the
 * local host both build theirs here, so the two homes send the same policy.
 */

/** Where the SPA may talk to, load from and frame, beyond its own origin. */
export interface SiteSources {
  /** fetch/XHR/WebSocket targets: the API (if on another origin), Cognito, the WebSocket API, the upload bucket. */
  connect: string[];
  /** Image hosts: the buckets whose presigned URLs the SPA shows. */
  img: string[];
}

/** Stripe.js is loaded from Stripe and runs the card form in Stripe's frames (Payment Element). */
export const STRIPE_SOURCES = {
  script: ['https://js.stripe.com'],
  frame: ['https://js.stripe.com', 'https://hooks.stripe.com'],
  connect: ['https://api.stripe.com'],
} as const;

/**
 * Who may frame a response: nobody, except the shared car's embed (/c/<token>/embed, issue 29), which dealers put on
 * their own sites (any site: the dealer's site is not known to us).
 */
export type Framing = 'none' | 'any';

/**
 * Scripts only from the site (and Stripe.js); styles may be inline (the pre-rendered pages carry critical CSS and
 * style attributes, toast and dialog libraries insert style elements); nothing may frame the site.
 */
export function contentSecurityPolicy(sources: SiteSources, framing: Framing = 'none'): string {
  const list = (...items: string[]) => [...new Set(items)].join(' ');
  return [
    `default-src 'self'`,
    `script-src ${list("'self'", ...STRIPE_SOURCES.script)}`,
    `style-src 'self' 'unsafe-inline'`,
    `img-src ${list("'self'", 'data:', 'blob:', ...sources.img)}`,
    `font-src 'self' data:`,
    `connect-src ${list("'self'", ...sources.connect, ...STRIPE_SOURCES.connect)}`,
    `frame-src ${list("'self'", ...STRIPE_SOURCES.frame)}`,
    `worker-src 'self' blob:`,
    `object-src 'none'`,
    `base-uri 'self'`,
    `form-action 'self'`,
    `frame-ancestors ${framing === 'any' ? '*' : "'none'"}`,
  ].join('; ');
}

export const STRICT_TRANSPORT_SECURITY = { maxAgeSeconds: 63_072_000, includeSubdomains: true, preload: true } as const;
export const REFERRER_POLICY = 'strict-origin-when-cross-origin';
/** The SPA uses none of these; payment stays allowed for itself and Stripe's frames. */
export const PERMISSIONS_POLICY = 'camera=(), microphone=(), geolocation=(), usb=(), payment=(self "https://js.stripe.com")';

/** The headers as plain name/value pairs (the local host; CloudFront gets the same values through its policy). */
export function securityHeaders(sources: SiteSources, framing: Framing = 'none'): Record<string, string> {
  const hsts = STRICT_TRANSPORT_SECURITY;
  return {
    'content-security-policy': contentSecurityPolicy(sources, framing),
    'strict-transport-security': `max-age=${hsts.maxAgeSeconds}${hsts.includeSubdomains ? '; includeSubDomains' : ''}${hsts.preload ? '; preload' : ''}`,
    'x-content-type-options': 'nosniff',
    // X-Frame-Options has no "anyone": the embed sends none (its CSP's frame-ancestors says who may frame it).
    ...(framing === 'none' ? { 'x-frame-options': 'DENY' } : {}),
    'referrer-policy': REFERRER_POLICY,
    'permissions-policy': PERMISSIONS_POLICY,
    'cross-origin-opener-policy': 'same-origin',
  };
}
