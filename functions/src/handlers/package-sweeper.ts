import { renderWorkflow } from '../car-packages/adapters';
import { sweepPackages } from '../car-packages/render-workflow-tasks';
import { workflowAdapters } from '../car-packages/workflow-adapters';
import { readyMailAdapters } from '../car-packages/ready-mail-adapters';
import { batchAdapters, batchWorkflow } from '../batch/adapters';
import { sweepBatches } from '../batch/batch-workflow-tasks';
import { WORKFLOW_TIMEOUT_MINUTES } from '../../../infra/workflow-tasks';
import { config } from '../lib/config';

const deps = { ...workflowAdapters(), workflow: renderWorkflow(), readyMail: readyMailAdapters() };
const batchDeps = { ...batchAdapters(), workflow: batchWorkflow() };

/** A package or batch younger than this may still be starting its execution (the start route times out after 29 s). */
const GRACE_MS = (config().SWEEP_GRACE_SECONDS ?? 60) * 1000;
const options = { graceMs: GRACE_MS, maxRunMs: (WORKFLOW_TIMEOUT_MINUTES + 5) * 60_000 };

/** Scheduled (EventBridge in AWS, a timer in the local host): closes and refunds car packages and batches whose execution was lost. */
export const handler = async () => {
  const [packages, batches] = await Promise.all([sweepPackages(deps, options), sweepBatches(batchDeps, options)]);
  return { ...packages, batches };
};
