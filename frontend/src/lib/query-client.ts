import { QueryClient } from '@tanstack/react-query';
import { ApiError } from './api-error';

const MINUTE = 60_000;

/** Spec section 9: 3 retries, backoff from 1 s doubling up to 30 s, refetch on focus and reconnect, gc after 5 min. */
export function retryDelay(attempt: number): number {
  return Math.min(1000 * 2 ** attempt, 30_000);
}

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        // A 4xx answer will not change by asking again.
        retry: (failureCount, error) =>
          !(error instanceof ApiError && error.status >= 400 && error.status < 500) && failureCount < 3,
        retryDelay,
        refetchOnWindowFocus: true,
        refetchOnReconnect: true,
        gcTime: 5 * MINUTE,
      },
    },
  });
}
