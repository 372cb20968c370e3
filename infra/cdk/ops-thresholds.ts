/** When the Ops stack's alarms go off (infra/cdk/stacks/ops-stack.ts); docs/deploy.md, "Operating it" lists them. */
export const OPS_THRESHOLDS = {
  /** Failed, timed-out or aborted executions of a workflow in 5 minutes. */
  workflowFailures: 1,
  /** Share of the packages finished in an hour that were refunded (nothing rendered)... */
  refundShare: 0.25,
  /** ...counted once at least this many finished in that hour. */
  refundShareMinFinished: 4,
  /** HTTP API answers 5xx in 5 minutes. */
  api5xx: 5,
  /** Lambda errors of a group of up to 10 functions in 5 minutes (a render's retryable error counts: Step Functions retries it). */
  lambdaErrors: 5,
  /** Lambda throttles of a group of up to 10 functions in 5 minutes. */
  lambdaThrottles: 1,
  /** Stripe webhook deliveries refused (4xx/5xx) in 15 minutes. */
  webhookRefused: 3,
  /** Internal errors of the render failure tasks in 5 minutes (the InternalRenderErrors log metric). */
  internalErrors: 1,
  /** New car checks (paid vision calls) in an hour, all dealers together: well under the vision model's quota. */
  visionLooksPerHour: 3000,
} as const;
