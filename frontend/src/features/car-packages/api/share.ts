import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { PackageShare } from '@shared/schemas/share';
import { api } from '@/lib/api-client';
import { carPackageKeys } from './query-keys';

const sharePath = (id: string) => `/api/car-packages/${encodeURIComponent(id)}/share`;
const shareKey = (id: string) => [...carPackageKeys.detail(id), 'share'] as const;

/** Whether the package is shared, and its public link. */
export function usePackageShare(packageId: string) {
  return useQuery({ queryKey: shareKey(packageId), queryFn: () => api.get<PackageShare>(sharePath(packageId), { auth: true }) });
}

/** Share on or off; the answer is the new state. */
export function useSetPackageShare(packageId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (on: boolean) => (on ? api.put<PackageShare>(sharePath(packageId), undefined, { auth: true }) : api.delete<PackageShare>(sharePath(packageId), { auth: true })),
    onSuccess: (share) => client.setQueryData(shareKey(packageId), share),
  });
}
