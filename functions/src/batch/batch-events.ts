import type { StoredBatch, StoredBatchPhoto } from './batch';
import type { Notify } from './ports';

/** What the dealer's open browsers are told when a batch or one of its photos changes (best effort). */
export function batchChanged(notify: Notify, batch: StoredBatch): Promise<void> {
  return notify(batch.user_id, {
    type: 'batch.updated',
    batch_id: batch.id,
    status: batch.status,
    completed_photos: batch.completed_photos,
    failed_photos: batch.failed_photos,
    updated_at: batch.updated_at,
  });
}

export function photoChanged(notify: Notify, photo: StoredBatchPhoto): Promise<void> {
  return notify(photo.user_id, {
    type: 'batch.photo.updated',
    batch_id: photo.batch_id,
    index: photo.index,
    status: photo.status,
    error_message: photo.error_message,
    refunded: photo.refunded,
    updated_at: photo.updated_at,
  });
}
