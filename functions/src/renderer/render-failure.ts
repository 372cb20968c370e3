/**
 * What ended a render, as the workflow's Catch hands it to the task that records the failure ({ Error, Cause }).
 * Every failure is one of four kinds, decided where it happened (the error's class), never by a catch-all:
 * - `retryable`: the image service busy, KMS or SSM unreachable (RenderRetryableError), retried with backoff;
 * - `timeout`: the render task ran out of time (retried like the above);
 * - `photo`: the photo cannot be used (PhotoRejectedError) or the image service refused it for good
 *   (RenderPermanentError): the dealer's words say why, never retried by the workflow;
 * - `ours`: any other exception, a bug or a misconfiguration: retried once by the workflow, then logged as an error
 *   with its stack (the `errorKind: "internal"` field a CloudWatch metric filter counts and alarms on) and shown to
 *   the dealer as our failure, never as the image service being busy.
 */
import { logger } from '../lib/logger';
import { INTERNAL_ERROR_FIELD, INTERNAL_ERROR_VALUE, KIND_BY_NAME, type RenderFailureKind } from './failure-kinds';

export type { RenderFailureKind };

export interface CaughtError {
  Error?: string;
  Cause?: string;
}

export interface RenderFailure {
  kind: RenderFailureKind;
  /** The error's name (its class), as the state machine matched it. */
  name: string;
  /** The error's own message (the Lambda error JSON unwrapped). */
  message: string;
  /** The stack, when the error carried one (a Lambda's error JSON has it as `trace`). */
  stack?: string;
}

export function renderFailureOf(error: CaughtError | undefined): RenderFailure {
  const name = error?.Error ?? 'Error';
  let message = error?.Cause ?? '';
  let stack: string | undefined;
  try {
    // A Lambda's error arrives as JSON { errorType, errorMessage, trace } (in AWS, and from the local host's runner).
    const parsed = JSON.parse(message) as { errorMessage?: unknown; trace?: unknown };
    if (typeof parsed.errorMessage === 'string') message = parsed.errorMessage;
    if (Array.isArray(parsed.trace)) stack = parsed.trace.join('\n');
  } catch {
    // plain text
  }
  return { kind: KIND_BY_NAME[name] ?? 'ours', name, message, ...(stack ? { stack } : {}) };
}

/**
 * Logs a failure of ours once, where the failure is recorded (after the workflow's one retry): one ERROR entry with
 * what failed (`context`: the package and angle, or the batch and photo), the error and its stack.
 */
export function reportInternalFailure(failure: RenderFailure, context: Record<string, unknown>): void {
  if (failure.kind !== 'ours') return;
  logger.error('render failed on our side', {
    [INTERNAL_ERROR_FIELD]: INTERNAL_ERROR_VALUE,
    ...context,
    error: { name: failure.name, message: failure.message, stack: failure.stack },
  });
}
