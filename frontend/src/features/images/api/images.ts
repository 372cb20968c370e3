import { useInfiniteQuery, useQueryClient } from '@tanstack/react-query';
import type { ListImagesResponse } from '@shared/schemas/images';
import { api } from '@/lib/api-client';
import { useLiveEvents } from '@/lib/live-events';

export const imagesQueryKey = ['images'] as const;

/** My Images: the dealer's studio images, newest first, a page at a time ("Load more" asks for the next cursor). */
export function useMyImages() {
  return useInfiniteQuery({
    queryKey: imagesQueryKey,
    initialPageParam: null as string | null,
    queryFn: ({ pageParam, signal }) => api.get<ListImagesResponse>(`/api/images${pageParam ? `?cursor=${encodeURIComponent(pageParam)}` : ''}`, { auth: true, signal }),
    getNextPageParam: (last) => last.next_cursor,
  });
}

/**
 * A newly finished image joins the list without a reload: a completed car package angle or batch photo (or a
 * reconnection) refetches it.
 */
export function useMyImagesLiveUpdates(): void {
  const client = useQueryClient();
  useLiveEvents({
    onEvent: (event) => {
      const finished =
        (event.type === 'angle.updated' && event.angle_status === 'completed') || (event.type === 'batch.photo.updated' && event.status === 'completed');
      if (finished) void client.invalidateQueries({ queryKey: imagesQueryKey });
    },
    onOpen: ({ reconnect }) => {
      if (reconnect) void client.invalidateQueries({ queryKey: imagesQueryKey });
    },
  });
}
