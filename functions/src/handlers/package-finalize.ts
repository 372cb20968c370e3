import { finalizePackage, type PackageRun } from '../car-packages/render-workflow-tasks';
import { readyMailAdapters } from '../car-packages/ready-mail-adapters';
import { workflowAdapters } from '../car-packages/workflow-adapters';

const deps = { ...workflowAdapters(), readyMail: readyMailAdapters() };

/**
 * Render workflow, "Finalize package" and "Close after preparation failed": final status, refund once if nothing
 * rendered, the dealer's "ready" mail once per package.
 */
export const handler = (run: PackageRun) => finalizePackage(deps, run);
