/**
 * The kind of each render error by its name (the class the state machine matches on): one list for the workflow's
 * Retry rules (infra/cdk/constructs/render-step.ts) and for what the failure tasks tell the dealer
 * (render-failure.ts). A name not listed is ours.
 */
export type RenderFailureKind = 'retryable' | 'timeout' | 'photo' | 'ours';

export const KIND_BY_NAME: Readonly<Record<string, Exclude<RenderFailureKind, 'ours'>>> = {
  RenderRetryableError: 'retryable',
  'States.Timeout': 'timeout',
  'Sandbox.Timedout': 'timeout',
  PhotoRejectedError: 'photo',
  RenderPermanentError: 'photo',
};

const namesOf = (...kinds: RenderFailureKind[]) => Object.keys(KIND_BY_NAME).filter((name) => kinds.includes(KIND_BY_NAME[name]!));

/** Retried with backoff: the image service busy, KMS/SSM unreachable, a task out of time. */
export const RETRYABLE_ERROR_NAMES = namesOf('retryable', 'timeout');
/** Never retried: the photo cannot be used, or the image service refused it for good. */
export const PHOTO_ERROR_NAMES = namesOf('photo');
/** How often an error of ours is tried again before the failure is recorded (and alarmed on). */
export const INTERNAL_ERROR_RETRIES = 1;

/** The structured log field (and value) of an error of ours: what the CloudWatch metric filter counts. */
export const INTERNAL_ERROR_FIELD = 'errorKind';
export const INTERNAL_ERROR_VALUE = 'internal';
