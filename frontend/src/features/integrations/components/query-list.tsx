import type { ReactNode } from 'react';
import type { UseQueryResult } from '@tanstack/react-query';
import { Spinner } from '@/components/ui/spinner';

type Props<T, I> = {
  query: UseQueryResult<T, Error>;
  items: (data: T) => I[];
  loadingLabel: string;
  emptyText: string;
  label: string;
  children: (item: I) => ReactNode;
};

/** A card's list behind a query: loading, its error, empty, or the items in a bordered list. */
export function QueryList<T, I>({ query, items, loadingLabel, emptyText, label, children }: Props<T, I>) {
  if (query.isPending) return <Spinner label={loadingLabel} />;
  if (query.isError)
    return (
      <p role="alert" className="text-sm text-red-700">
        {query.error.message}
      </p>
    );
  const list = items(query.data);
  if (list.length === 0) return <p className="text-sm text-slate-600">{emptyText}</p>;
  return (
    <ul className="divide-y divide-slate-200 rounded-md border border-slate-200" aria-label={label}>
      {list.map(children)}
    </ul>
  );
}
