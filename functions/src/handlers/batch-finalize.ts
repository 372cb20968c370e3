import { finalizeBatch } from '../batch/batch-workflow-tasks';
import type { BatchRun } from '../batch/ports';
import { batchAdapters } from '../batch/adapters';

const deps = batchAdapters();

/** Batch workflow, "Finalize batch" and "Close batch after a failure": final status; every failed photo refunded once. */
export const handler = (run: BatchRun) => finalizeBatch(deps, run);
