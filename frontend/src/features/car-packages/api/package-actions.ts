import { useMutation, useQueryClient, type InfiniteData } from '@tanstack/react-query';
import type { Angle } from '@shared/angles';
import type { CarPackageDetail, CarPackageZipResponse, ListCarPackagesResponse, RetryAngleResponse, StartPackageAgainResponse } from '@shared/schemas/car-packages';
import { api } from '@/lib/api-client';
import { carPackageKeys } from './query-keys';

const packagePath = (id: string) => `/api/car-packages/${encodeURIComponent(id)}`;

/** Retries one failed angle (free); the answer's image replaces the cached one at once. */
export function useRetryAngle(packageId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (angle: Angle) => api.post<RetryAngleResponse>(`${packagePath(packageId)}/angles/${angle}/retry`, undefined, { auth: true }),
    onSuccess: ({ image }) => {
      client.setQueryData<CarPackageDetail>(carPackageKeys.detail(packageId), (detail) =>
        detail ? { ...detail, images: detail.images.map((i) => (i.angle === image.angle ? image : i)) } : detail,
      );
      void client.invalidateQueries({ queryKey: carPackageKeys.detail(packageId) });
    },
  });
}

/** Deletes a finished package; it leaves every cached list at once. */
export function useDeleteCarPackage() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.delete<void>(packagePath(id), { auth: true }),
    onSuccess: (_nothing, id) => {
      client.setQueryData<InfiniteData<ListCarPackagesResponse>>(carPackageKeys.gallery, (data) =>
        data ? { ...data, pages: data.pages.map((page) => ({ ...page, packages: page.packages.filter((p) => p.id !== id) })) } : data,
      );
      client.removeQueries({ queryKey: carPackageKeys.detail(id) });
      void client.invalidateQueries({ queryKey: carPackageKeys.all });
    },
  });
}

/** A zip of every completed image, built by the server; answers a signed link. */
export function useCarPackageZip() {
  return useMutation({
    mutationFn: (id: string) => api.post<CarPackageZipResponse>(`${packagePath(id)}/zip`, undefined, { auth: true }),
  });
}

/**
 * "Start again (1 credit)" of a package whose credit was refunded: the server makes a new package from its photos and
 * charges it (once, however often it is asked); the lists are read again.
 */
export function useStartPackageAgain() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.post<StartPackageAgainResponse>(`${packagePath(id)}/start-again`, undefined, { auth: true }),
    onSettled: () => client.invalidateQueries({ queryKey: carPackageKeys.all }),
  });
}
