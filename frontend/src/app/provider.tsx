import type { ReactNode } from 'react';
import { DeferredToaster } from './deferred-toaster';

/**
 * App-wide providers. Toasts (3 visible, 4 s) load on first interaction; TanStack Query (retry 3, backoff 1-30 s,
 * refetch on focus/reconnect, gc 5 min) and the tooltip provider (700/300 ms) sit in the lazy `DataProviders`
 * layout of the router, so the landing page does not carry them.
 */
export function AppProvider({ children }: { children: ReactNode }) {
  return (
    <>
      {children}
      <DeferredToaster />
    </>
  );
}
