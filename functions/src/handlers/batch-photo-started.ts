import { startPhoto } from '../batch/batch-workflow-tasks';
import type { BatchPhotoItem } from '../batch/ports';
import { batchAdapters } from '../batch/adapters';

const deps = batchAdapters();

/** Batch workflow, "Mark photo processing". */
export const handler = (event: { item: BatchPhotoItem }) => startPhoto(deps, event.item);
