import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CreateInviteRequest, TeamInvite, TeamMember, TeamResponse } from '@shared/schemas/team';
import type { TeamRole } from '@shared/team';
import { api } from '@/lib/api-client';

export const teamKey = ['team'] as const;

/** Settings → Team: the dealership's members (and its pending invites, for owners). */
export function useTeam() {
  return useQuery({ queryKey: teamKey, queryFn: ({ signal }) => api.get<TeamResponse>('/api/team', { auth: true, signal }) });
}

function useTeamMutation<I, O>(run: (input: I) => Promise<O>) {
  const client = useQueryClient();
  return useMutation({ mutationFn: run, onSuccess: () => void client.invalidateQueries({ queryKey: teamKey }) });
}

export const useInvite = () => useTeamMutation((input: CreateInviteRequest) => api.post<{ invite: TeamInvite }>('/api/team/invites', input, { auth: true }));
export const useWithdrawInvite = () => useTeamMutation((id: string) => api.delete<{ withdrawn: boolean }>(`/api/team/invites/${encodeURIComponent(id)}`, { auth: true }));
export const useChangeRole = () =>
  useTeamMutation(({ id, role }: { id: string; role: TeamRole }) => api.patch<{ member: TeamMember }>(`/api/team/members/${encodeURIComponent(id)}`, { role }, { auth: true }));
export const useRemoveMember = () => useTeamMutation((id: string) => api.delete<{ removed: boolean }>(`/api/team/members/${encodeURIComponent(id)}`, { auth: true }));
export const useHandOver = () => useTeamMutation((memberId: string) => api.post<{ handed_over: boolean }>('/api/team/ownership', { member_id: memberId }, { auth: true }));
