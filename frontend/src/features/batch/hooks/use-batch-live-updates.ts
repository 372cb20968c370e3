import { useLiveEvents } from '@/lib/live-events';
import { getBatch } from '../api/batches';
import type { BatchFileOutcome } from './use-batch-files';

/**
 * The server's news of the running batch's photos, pushed over the WebSocket: each photo's completed or failed
 * state (with its message) lands on its card. After a reconnect the batch is read again, as an event may have
 * been missed while the socket was closed.
 */
export function useBatchLiveUpdates(batchId: string | null, onPhoto: (index: number, outcome: BatchFileOutcome, message: string | null) => void) {
  useLiveEvents({
    onEvent: (event) => {
      if (!batchId || event.type !== 'batch.photo.updated' || event.batch_id !== batchId) return;
      if (event.status === 'completed' || event.status === 'failed') onPhoto(event.index, event.status, event.error_message);
    },
    onOpen: ({ reconnect }) => {
      if (!reconnect || !batchId) return;
      void getBatch(batchId).then(
        (batch) => {
          for (const p of batch.photos) if (p.status === 'completed' || p.status === 'failed') onPhoto(p.index, p.status, p.error_message);
        },
        () => undefined,
      );
    },
  });
}
