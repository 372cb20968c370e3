import { failPhoto } from '../batch/batch-workflow-tasks';
import type { BatchPhotoItem } from '../batch/ports';
import { batchAdapters } from '../batch/adapters';

const deps = batchAdapters();

/** Batch workflow, "Mark photo failed" (the Catch inside the Map): the photo fails and its own credit is refunded once. */
export const handler = (event: { item: BatchPhotoItem }) => failPhoto(deps, event.item);
