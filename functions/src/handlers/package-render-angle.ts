import { renderAngle, type AngleItem } from '../car-packages/render-workflow-tasks';
import { workflowAdapters } from '../car-packages/workflow-adapters';
import { compositorModules } from '../renderer/compositor-modules';

// The studio compositor by its literal imports: this bundle holds it (its runtimes come from the render model layer).
const deps = workflowAdapters(process.env, compositorModules);

/** Render workflow, "Render angle": one angle through the renderer port; renderer errors keep their names for Retry/Catch. */
export const handler = (event: { item: AngleItem }) => renderAngle(deps, event.item);
