import { preparePackage, type PackageRun } from '../car-packages/render-workflow-tasks';
import { workflowAdapters } from '../car-packages/workflow-adapters';
import { compositorModules } from '../renderer/compositor-modules';

// The studio compositor by its literal imports: this bundle holds it (its runtimes come from the render model layer).
const deps = workflowAdapters(process.env, compositorModules);

/** Render workflow, "Prepare photos": checks every photo, finds untagged photos' angles, answers the angles to render. */
export const handler = (run: PackageRun) => preparePackage(deps, run);
