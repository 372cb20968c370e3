/**
 * Typed domain errors. Use cases throw these; the HTTP layer maps each kind to one status in one place
 * (http/error-response.ts). The message is what the person sees.
 */
export type DomainErrorKind =
  | 'validation'
  | 'unauthorized'
  | 'forbidden'
  | 'not_found'
  | 'conflict'
  | 'insufficient_credits'
  | 'rate_limited'
  | 'payload_too_large'
  | 'unsupported_media_type'
  | 'unavailable';

export class DomainError extends Error {
  constructor(
    readonly kind: DomainErrorKind,
    message: string,
    readonly fields?: Record<string, string>,
  ) {
    super(message);
    this.name = 'DomainError';
  }
}

/** What a 429 tells the caller: when the next window opens (the Retry-After header). */
export class RateLimitedError extends DomainError {
  constructor(readonly retryAfterSeconds: number, message: string) {
    super('rate_limited', message);
  }
}

/** Seconds until the fixed window holding `atMs` ends (at least 1): a 429's Retry-After. */
export const secondsToWindowEnd = (atMs: number, windowMs: number) => Math.max(1, Math.ceil((windowMs - (atMs % windowMs)) / 1000));

export const validationError = (message: string, fields?: Record<string, string>) =>
  new DomainError('validation', message, fields);
