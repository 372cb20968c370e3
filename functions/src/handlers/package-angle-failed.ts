import { failAngle, type AngleItem } from '../car-packages/render-workflow-tasks';
import { workflowAdapters } from '../car-packages/workflow-adapters';

const deps = workflowAdapters();

/** Render workflow, "Mark angle failed" (the Catch inside the Map): the angle fails with a message for the dealer. */
export const handler = (event: { item: AngleItem }) => failAngle(deps, event.item);
