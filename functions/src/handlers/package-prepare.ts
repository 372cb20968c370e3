import { preparePackage, type PackageRun } from '../car-packages/render-workflow-tasks';
import { workflowAdapters } from '../car-packages/workflow-adapters';

const deps = workflowAdapters();

/** Render workflow, "Prepare photos": checks every photo, finds untagged photos' angles, answers the angles to render. */
export const handler = (run: PackageRun) => preparePackage(deps, run);
