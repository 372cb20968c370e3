import type { APIGatewayProxyStructuredResultV2 } from 'aws-lambda';
import { MESSAGES } from '@shared/messages';
import type { PublicApiError } from '@shared/schemas/public-api';
import { DomainError, RateLimitedError, type DomainErrorKind } from '../lib/errors';
import { logger } from '../lib/logger';

/** The one place where a domain error becomes an HTTP status. */
const STATUS: Record<DomainErrorKind, number> = {
  validation: 400,
  unauthorized: 401,
  insufficient_credits: 402,
  forbidden: 403,
  not_found: 404,
  conflict: 409,
  payload_too_large: 413,
  unsupported_media_type: 415,
  rate_limited: 429,
  unavailable: 503,
};

export function json(statusCode: number, body: unknown, headers: Record<string, string> = {}): APIGatewayProxyStructuredResultV2 {
  return {
    statusCode,
    headers: { 'content-type': 'application/json', 'cache-control': 'no-store', ...headers },
    body: JSON.stringify(body),
  };
}

export function errorResponse(error: unknown): APIGatewayProxyStructuredResultV2 {
  if (error instanceof DomainError) {
    const retryAfter: Record<string, string> = error instanceof RateLimitedError ? { 'retry-after': String(error.retryAfterSeconds) } : {};
    return json(STATUS[error.kind], { message: error.message, code: error.kind, ...(error.fields ? { fields: error.fields } : {}) }, retryAfter);
  }
  // Anything else is our fault: log it whole, tell the caller nothing internal.
  logger.error('unhandled error', { error: error as Error });
  return json(500, { message: MESSAGES.internalError, code: 'internal' });
}

/** The public API's error types (shared/schemas/public-api.ts), one per domain error kind. */
const PUBLIC_TYPE: Record<DomainErrorKind, PublicApiError['type']> = {
  validation: 'invalid_request_error',
  unauthorized: 'authentication_error',
  insufficient_credits: 'insufficient_credits_error',
  forbidden: 'permission_error',
  not_found: 'not_found_error',
  conflict: 'conflict_error',
  payload_too_large: 'invalid_request_error',
  unsupported_media_type: 'invalid_request_error',
  rate_limited: 'rate_limit_error',
  unavailable: 'api_error',
};

/** An error of the public API: `{ type, message, param }`, with Retry-After on a 429. */
export function publicErrorResponse(error: unknown): APIGatewayProxyStructuredResultV2 {
  if (error instanceof DomainError) {
    const param = error.fields ? (Object.keys(error.fields)[0] ?? null) : null;
    const retryAfter = error instanceof RateLimitedError ? error.retryAfterSeconds : undefined;
    const body: PublicApiError = { type: PUBLIC_TYPE[error.kind], message: error.message, param };
    return json(STATUS[error.kind], body, retryAfter ? { 'retry-after': String(retryAfter) } : {});
  }
  logger.error('unhandled error', { error: error as Error });
  return json(500, { type: 'api_error', message: MESSAGES.internalError, param: null } satisfies PublicApiError);
}
