import { useQuery } from '@tanstack/react-query';
import type { AdminOperationsResponse } from '@shared/schemas/admin-operations';
import { api } from '@/lib/api-client';

/** The car packages of the last 24 hours (GET /api/admin/operations), read again every minute while the tab is open. */
export function useAdminOperations() {
  return useQuery({
    queryKey: ['admin', 'operations'],
    queryFn: ({ signal }) => api.get<AdminOperationsResponse>('/api/admin/operations', { auth: true, signal }),
    refetchInterval: 60_000,
  });
}
