import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { MeResponse, UpdateProfileRequest } from '@shared/schemas/account';
import { api } from '@/lib/api-client';

export const meQueryKey = ['me'] as const;

/** The signed-in dealer's profile and balance (GET /api/me). */
export function useMe() {
  return useQuery({ queryKey: meQueryKey, queryFn: ({ signal }) => api.get<MeResponse>('/api/me', { auth: true, signal }) });
}

export type ProfileChanges = Pick<UpdateProfileRequest, 'dealer_name' | 'logo_url' | 'plate_treatment' | 'package_ready_email' | 'contact_phone' | 'contact_address' | 'contact_email'>;

/** Settings: PATCH /api/profile; the answer replaces the cached profile. */
export function useUpdateProfile() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (changes: ProfileChanges) => api.patch<{ profile: MeResponse['profile'] }>('/api/profile', changes, { auth: true }),
    onSuccess: ({ profile }) => {
      client.setQueryData<MeResponse>(meQueryKey, (me) => (me ? { ...me, profile } : me));
      void client.invalidateQueries({ queryKey: meQueryKey });
    },
  });
}
