import { useQuery } from '@tanstack/react-query';
import type { CreditBalance, CreditTransactionsResponse } from '@shared/schemas/credit-balance';
import { api } from '@/lib/api-client';

export const creditsQueryKey = ['credits'] as const;

export function useCreditBalance() {
  return useQuery({
    queryKey: [...creditsQueryKey, 'balance'],
    queryFn: ({ signal }) => api.get<CreditBalance>('/api/credits/balance', { auth: true, signal }),
  });
}

/** The latest ledger entries, newest first (the server returns at most 10). */
export function useCreditTransactions() {
  return useQuery({
    queryKey: [...creditsQueryKey, 'transactions'],
    queryFn: ({ signal }) => api.get<CreditTransactionsResponse>('/api/credits/transactions', { auth: true, signal }),
  });
}
