import { startAngle, type AngleItem } from '../car-packages/render-workflow-tasks';
import { workflowAdapters } from '../car-packages/workflow-adapters';

const deps = workflowAdapters();

/** Render workflow, "Mark angle processing". */
export const handler = (event: { item: AngleItem }) => startAngle(deps, event.item);
