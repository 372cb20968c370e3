import type { ReactNode } from 'react';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';

/** Loading, error and empty states shared by the admin lists. */
export function ListState({ query, empty, isEmpty, children }: { query: { isPending: boolean; isError: boolean; error: Error | null }; empty: string; isEmpty: boolean; children: ReactNode }) {
  if (query.isPending) return <Spinner label="Loading" />;
  if (query.isError) {
    return (
      <p role="alert" className="text-sm text-red-700">
        {query.error?.message ?? 'Failed to load'}
      </p>
    );
  }
  if (isEmpty) return <p className="text-sm text-slate-700">{empty}</p>;
  return children;
}

export function LoadMore({ hasNextPage, isFetchingNextPage, fetchNextPage }: { hasNextPage: boolean; isFetchingNextPage: boolean; fetchNextPage: () => unknown }) {
  if (!hasNextPage) return null;
  return (
    <div className="mt-4 flex justify-center">
      <Button variant="outline" onClick={() => void fetchNextPage()} disabled={isFetchingNextPage}>
        {isFetchingNextPage ? 'Loading…' : 'Load more'}
      </Button>
    </div>
  );
}
