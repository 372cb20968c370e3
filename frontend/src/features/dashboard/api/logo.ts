import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AcceptedImageType } from '@shared/limits';
import type { LogoResponse, MeResponse } from '@shared/schemas/account';
import type { UploadTarget } from '@shared/schemas/common';
import { api } from '@/lib/api-client';
import { uploadByPresignedPost } from '@/lib/presigned-post-upload';
import { meQueryKey } from './account';

export const logoQueryKey = ['profile-logo'] as const;

/** A short-lived link to the uploaded logo (null without one). */
export function useLogoLink(enabled: boolean) {
  return useQuery({
    queryKey: logoQueryKey,
    queryFn: ({ signal }) => api.get<LogoResponse>('/api/profile/logo', { auth: true, signal }),
    enabled,
    staleTime: 30 * 60 * 1000, // the link lives an hour
  });
}

/** Uploads the file straight to storage (presigned POST), then asks the server to check and keep it. */
export function useUploadLogo() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (file: File) => {
      const target = await api.post<UploadTarget>('/api/profile/logo/upload', { content_type: file.type as AcceptedImageType, size: file.size }, { auth: true });
      await uploadByPresignedPost(target, file, () => undefined, (status) =>
        status === 0 ? `${file.name} could not be uploaded. Please try again.` : `${file.name} was refused by storage (${status}).`,
      );
      return api.post<{ profile: MeResponse['profile'] }>('/api/profile/logo', undefined, { auth: true });
    },
    onSuccess: ({ profile }) => {
      client.setQueryData<MeResponse>(meQueryKey, (me) => (me ? { ...me, profile } : me));
      void client.invalidateQueries({ queryKey: logoQueryKey });
    },
  });
}
