import type { APIGatewayProxyStructuredResultV2 } from 'aws-lambda';
import { MESSAGES } from '@shared/messages';
import { DomainError, type DomainErrorKind } from '../lib/errors';
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
    return json(STATUS[error.kind], { message: error.message, code: error.kind, ...(error.fields ? { fields: error.fields } : {}) });
  }
  // Anything else is our fault: log it whole, tell the caller nothing internal.
  logger.error('unhandled error', { error: error as Error });
  return json(500, { message: MESSAGES.internalError, code: 'internal' });
}
