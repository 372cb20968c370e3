/**
 * The render workflow's task states and the handler each one runs (functions/src/handlers/<name>.ts). Used by
 * the CDK construct that defines the state machine and by the local host that runs its synthesized definition.
 */
export const WORKFLOW_TASK_HANDLERS = {
  prepare: 'package-prepare',
  render: 'package-render-angle',
  angleFailed: 'package-angle-failed',
  finalize: 'package-finalize',
  video: 'package-walk-around-video',
} as const;
export type WorkflowTask = keyof typeof WORKFLOW_TASK_HANDLERS;

/** The batch workflow's task states (a sibling of the render workflow, built from the same render step). */
export const BATCH_WORKFLOW_TASK_HANDLERS = {
  photoStarted: 'batch-photo-started',
  render: 'batch-render-photo',
  photoFailed: 'batch-photo-failed',
  finalize: 'batch-finalize',
} as const;
export type BatchWorkflowTask = keyof typeof BATCH_WORKFLOW_TASK_HANDLERS;

/** The scheduled handler that closes and refunds packages whose execution was lost. */
export const PACKAGE_SWEEPER_HANDLER = 'package-sweeper';
/** How often the sweeper runs (EventBridge in AWS, a timer in the local host). */
export const SWEEP_INTERVAL_MINUTES = 5;

/**
 * Longest time one render task may take: an image edit takes 30-150 s and is generated at most twice
 * (the car fidelity check), with decoding and uploads around it.
 */
export const RENDER_TASK_TIMEOUT_SECONDS = 6 * 60;
/** Memory of the compositor's task functions (prepare, render angle, render batch photo); the bench's cost row uses it. */
export const RENDER_MEMORY_MB = 2048;
/**
 * Memory of the prepare task, which checks and cuts out every photo of a package: 3,584 MB gives it two vCPUs
 * (Lambda: one vCPU per 1,769 MB), so one photo's detector runs while another's u2netp network works on its thread,
 * and u2netp itself uses both. It then takes about what it takes on a two-core machine (docs/benchmarks/render-and-package.md, "Package")
 * instead of its CPU seconds, for about the same GB-seconds.
 */
export const PREPARE_MEMORY_MB = 3584;
/** Retries of a render on the renderer's retryable errors (rate limits, 5xx, time-outs). */
export const RENDER_RETRY = { maxAttempts: 3, intervalSeconds: 5, backoffRate: 2 } as const;
/**
 * The walk-around video task (after the package is finished): reading and fitting 8 images and encoding 48 frames took
 * about 1.5 CPU-s here (docs/product.md, "Walk-around video"); the limit leaves room for a slow Lambda start and S3.
 */
export const VIDEO_TASK_TIMEOUT_SECONDS = 120;
/** The whole execution's limit: every angle's tries run at once, so one angle's worst case plus margin. */
export const WORKFLOW_TIMEOUT_MINUTES = 35;
