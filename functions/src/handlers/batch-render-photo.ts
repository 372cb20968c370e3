import { renderPhoto } from '../batch/batch-workflow-tasks';
import type { BatchPhotoItem } from '../batch/ports';
import { batchWorkflowAdapters } from '../batch/workflow-adapters';
import { compositorModules } from '../renderer/compositor-modules';

// The studio compositor by its literal imports: this bundle holds it (its runtimes come from the render model layer).
const deps = batchWorkflowAdapters(process.env, compositorModules);

/** Batch workflow, "Render photo": one photo through the renderer port; renderer errors keep their names for Retry/Catch. */
export const handler = (event: { item: BatchPhotoItem }) => renderPhoto(deps, event.item);
