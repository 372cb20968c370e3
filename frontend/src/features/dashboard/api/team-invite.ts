import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TeamRole } from '@shared/team';
import { api } from '@/lib/api-client';

/**
 * The dashboard's invite notice (issue 42): joins the inviting dealership, leaving the person's own (the server erases
 * it when they created it alone). Every query is read again: the dashboard now shows the other dealership.
 */
export function useAcceptInvite() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.post<{ dealership: { id: string; name: string | null }; role: TeamRole }>(`/api/team/invites/${encodeURIComponent(id)}/accept`, undefined, { auth: true }),
    onSuccess: () => client.invalidateQueries(),
  });
}
