import { renderPhoto } from '../batch/batch-workflow-tasks';
import type { BatchPhotoItem } from '../batch/ports';
import { batchWorkflowAdapters } from '../batch/workflow-adapters';

const deps = batchWorkflowAdapters();

/** Batch workflow, "Render photo": one photo through the renderer port; renderer errors keep their names for Retry/Catch. */
export const handler = (event: { item: BatchPhotoItem }) => renderPhoto(deps, event.item);
