import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { BATCH_POLL_INTERVAL_MS } from '@shared/limits';
import { useLiveEvents } from '@/lib/live-events';
import { getBatch } from '../api/batches';
import type { BatchFileOutcome } from './use-batch-files';

/**
 * The server's news of the running batch's photos, pushed over the WebSocket: each photo's completed or failed
 * state (with its message) lands on its card. After a reconnect the batch is read again, as an event may have
 * been missed while the socket was closed.
 */
export function useBatchLiveUpdates(
  batchId: string | null,
  onPhoto: (index: number, outcome: BatchFileOutcome, message: string | null) => void,
  /** Some photo of the started batch has no final state yet on its card. */
  unfinished = false,
) {
  // A card must end completed or failed even when its event never arrived (the socket opened after it was sent, or
  // a proxy dropped it): while any is unfinished the batch is also read every few seconds.
  const poll = useQuery({
    queryKey: ['batch', batchId],
    queryFn: ({ signal }) => getBatch(batchId!, signal),
    enabled: Boolean(batchId) && unfinished,
    refetchInterval: BATCH_POLL_INTERVAL_MS,
  });
  const latest = useRef(onPhoto);
  latest.current = onPhoto;
  useEffect(() => {
    for (const p of poll.data?.photos ?? []) if (p.status === 'completed' || p.status === 'failed') latest.current(p.index, p.status, p.error_message);
  }, [poll.data]);

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
