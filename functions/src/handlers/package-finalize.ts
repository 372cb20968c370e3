import { finalizePackage, type PackageRun } from '../car-packages/render-workflow-tasks';
import { workflowAdapters } from '../car-packages/workflow-adapters';

const deps = workflowAdapters();

/** Render workflow, "Finalize package" and "Close after preparation failed": final status, refund once if nothing rendered. */
export const handler = (run: PackageRun) => finalizePackage(deps, run);
