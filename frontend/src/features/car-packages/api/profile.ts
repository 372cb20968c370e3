import { useQuery } from '@tanstack/react-query';
import type { MeResponse } from '@shared/schemas/account';
import { api } from '@/lib/api-client';

/**
 * The dealer's logo URL (GET /api/me), to offer "Place my logo". The key is the one every page uses for /api/me,
 * so the answer is shared with the rest of the dashboard rather than asked for twice.
 */
export function useDealerLogo() {
  const me = useQuery({ queryKey: ['me'], queryFn: ({ signal }) => api.get<MeResponse>('/api/me', { auth: true, signal }) });
  return { logoUrl: me.data?.profile.logo_url ?? null, isPending: me.isPending };
}
