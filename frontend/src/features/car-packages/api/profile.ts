import { useQuery } from '@tanstack/react-query';
import { DEFAULT_PLATE_TREATMENT } from '@shared/plates';
import type { LogoResponse, MeResponse } from '@shared/schemas/account';
import { api } from '@/lib/api-client';

/**
 * Whether the dealer uploaded a logo in Settings (GET /api/me), to offer "Place my logo", and a preview link to it;
 * and the dealer's default number plate choice (Settings), the form's first choice.
 * The /api/me key is the one every page uses, so the answer is shared with the rest of the dashboard.
 */
export function useDealerLogo() {
  const me = useQuery({ queryKey: ['me'], queryFn: ({ signal }) => api.get<MeResponse>('/api/me', { auth: true, signal }) });
  const hasLogo = me.data?.profile.has_logo ?? false;
  const link = useQuery({
    queryKey: ['profile-logo'],
    queryFn: ({ signal }) => api.get<LogoResponse>('/api/profile/logo', { auth: true, signal }),
    enabled: hasLogo,
    staleTime: 30 * 60 * 1000, // the link lives an hour
  });
  return { hasLogo, previewUrl: link.data?.url ?? null, isPending: me.isPending, plateDefault: me.data?.profile.plate_treatment ?? DEFAULT_PLATE_TREATMENT };
}
