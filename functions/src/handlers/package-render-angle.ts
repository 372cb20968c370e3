import { renderAngle, type AngleItem } from '../car-packages/render-workflow-tasks';
import { workflowAdapters } from '../car-packages/workflow-adapters';

const deps = workflowAdapters();

/** Render workflow, "Render angle": one angle through the renderer port; renderer errors keep their names for Retry/Catch. */
export const handler = (event: { item: AngleItem }) => renderAngle(deps, event.item);
