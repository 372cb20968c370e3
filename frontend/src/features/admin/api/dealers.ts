import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AdminDealer, DealerTransactionsResponse, SetDealerRoleResponse } from '@shared/schemas/admin-dealers';
import type { ApiUsage } from '@shared/schemas/integrations';
import type { Role } from '@shared/statuses';
import { api } from '@/lib/api-client';

const dealerKey = (email: string) => ['admin', 'dealer', email] as const;

/** The dealer signed in with `email` (null: nothing searched yet). */
export function useAdminDealer(email: string | null) {
  return useQuery({
    queryKey: dealerKey(email ?? ''),
    enabled: email !== null,
    // A lookup that found nobody is an answer, not a failure to retry.
    retry: false,
    queryFn: ({ signal }) => api.get<AdminDealer>(`/api/admin/dealers?email=${encodeURIComponent(email!)}`, { auth: true, signal }),
  });
}

/** Make or unmake a super user; the answer is the dealer page as it is now. */
export function useSetDealerRole(email: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, role }: { id: string; role: Role }) => api.put<SetDealerRoleResponse>(`/api/admin/dealers/${encodeURIComponent(id)}/role`, { role }, { auth: true }),
    onSuccess: (result) => client.setQueryData(dealerKey(email), result.dealer),
  });
}

/** The dealer's ledger page by page: the first page comes with the dealer, "Load more" asks for the next. */
export function useDealerTransactions(dealer: AdminDealer) {
  return useInfiniteQuery({
    // Keyed by the newest entry too: when the dealer is looked up again with newer entries, the list starts afresh.
    queryKey: ['admin', 'dealer-transactions', dealer.profile.id, dealer.transactions[0]?.id ?? null],
    initialPageParam: null as string | null,
    initialData: { pages: [{ transactions: dealer.transactions, next_cursor: dealer.transactions_next_cursor }], pageParams: [null] },
    // The first page is the dealer's own; only later pages are fetched (and re-fetched only on "Load more").
    staleTime: Infinity,
    queryFn: ({ pageParam, signal }) =>
      api.get<DealerTransactionsResponse>(
        `/api/admin/dealers/${encodeURIComponent(dealer.profile.id)}/transactions${pageParam ? `?cursor=${encodeURIComponent(pageParam)}` : ''}`,
        { auth: true, signal },
      ),
    getNextPageParam: (last) => last.next_cursor,
  });
}

/** The dealer's API keys with their calls, and API calls and webhook deliveries per day (last 30 days). */
export function useDealerApiUsage(dealerId: string) {
  return useQuery({
    queryKey: ['admin', 'dealer-api-usage', dealerId],
    queryFn: ({ signal }) => api.get<ApiUsage>(`/api/admin/dealers/${encodeURIComponent(dealerId)}/api-usage`, { auth: true, signal }),
  });
}
