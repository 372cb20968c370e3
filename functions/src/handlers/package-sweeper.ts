import { renderWorkflow } from '../car-packages/adapters';
import { sweepPackages } from '../car-packages/render-workflow-tasks';
import { workflowAdapters } from '../car-packages/workflow-adapters';
import { WORKFLOW_TIMEOUT_MINUTES } from '../../../infra/workflow-tasks';

const deps = { ...workflowAdapters(), workflow: renderWorkflow() };

/** A package younger than this may still be starting its execution (the start route times out after 29 s). */
const GRACE_MS = 60_000;

/** Scheduled (EventBridge in AWS, a timer in the local host): closes and refunds packages whose execution was lost. */
export const handler = async () => sweepPackages(deps, { graceMs: GRACE_MS, maxRunMs: (WORKFLOW_TIMEOUT_MINUTES + 5) * 60_000 });
