import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AcceptedImageType } from '@shared/limits';
import type { LogoResponse, MeResponse } from '@shared/schemas/account';
import type { SupportAttachmentResponse as UploadTargetResponse } from '@shared/schemas/support';
import { api, ApiError } from '@/lib/api-client';
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
      const target = await api.post<UploadTargetResponse>('/api/profile/logo/upload', { content_type: file.type as AcceptedImageType, size: file.size }, { auth: true });
      const form = new FormData();
      for (const [name, value] of Object.entries(target.fields)) form.append(name, value);
      form.append('file', file); // the file must come last in a POST policy upload
      let response: Response;
      try {
        response = await fetch(target.url, { method: 'POST', body: form });
      } catch {
        throw new ApiError(`${file.name} could not be uploaded. Please try again.`, 0, 'upload_failed');
      }
      if (!response.ok) throw new ApiError(`${file.name} was refused by storage (${response.status}).`, response.status, 'upload_failed');
      return api.post<{ profile: MeResponse['profile'] }>('/api/profile/logo', undefined, { auth: true });
    },
    onSuccess: ({ profile }) => {
      client.setQueryData<MeResponse>(meQueryKey, (me) => (me ? { ...me, profile } : me));
      void client.invalidateQueries({ queryKey: logoQueryKey });
    },
  });
}
