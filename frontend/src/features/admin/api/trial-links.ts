import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { CreateTrialLinkResponse, createTrialLinkRequestSchema, ListTrialLinksResponse, TrialLinkView } from '@shared/schemas/trial';
import { api } from '@/lib/api-client';

const trialLinksKey = ['admin', 'trial-links'] as const;

/** Every trial link newest first, with its state and the photos uploaded through it. */
export function useAdminTrialLinks() {
  return useQuery({ queryKey: trialLinksKey, queryFn: ({ signal }) => api.get<ListTrialLinksResponse>('/api/admin/trial-links', { auth: true, signal }) });
}

/** A new link; its URL is in this answer only (the server keeps just the token's hash). */
export function useCreateTrialLink() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (link: z.input<typeof createTrialLinkRequestSchema>) => api.post<CreateTrialLinkResponse>('/api/admin/trial-links', link, { auth: true }),
    onSuccess: () => client.invalidateQueries({ queryKey: trialLinksKey }),
  });
}

export function useRevokeTrialLink() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.post<{ link: TrialLinkView }>(`/api/admin/trial-links/${encodeURIComponent(id)}/revoke`, undefined, { auth: true }),
    onSuccess: () => client.invalidateQueries({ queryKey: trialLinksKey }),
  });
}
