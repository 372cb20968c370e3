import { useQueryClient, type InfiniteData, type QueryClient } from '@tanstack/react-query';
import type { LiveEvent } from '@shared/live-events';
import type { CarPackageDetail, CarPackageSummary, ListCarPackagesResponse, PackageImage } from '@shared/schemas/car-packages';
import type { AngleStatus } from '@shared/statuses';
import { useLiveEvents } from '@/lib/live-events';
import { carPackageKeys } from './query-keys';

type PackageEvent = Extract<LiveEvent, { type: 'package.updated' }>;
type AngleEvent = Extract<LiveEvent, { type: 'angle.updated' }>;

/** An event older than what is cached is ignored (events can arrive out of order). */
const isNewer = (event: { updated_at: string }, cached: { updated_at: string }) => event.updated_at >= cached.updated_at;

function patchSummary<T extends CarPackageSummary>(summary: T, event: PackageEvent): T {
  if (summary.id !== event.package_id || !isNewer(event, summary)) return summary;
  return {
    ...summary,
    status: event.status,
    total_angles: event.total_angles,
    completed_angles: event.completed_angles,
    failed_angles: event.failed_angles,
    status_message: event.status_message,
    credit_refunded: event.credit_refunded,
    updated_at: event.updated_at,
  };
}

const IMAGE_STATUS: Record<AngleStatus, PackageImage['status']> = {
  pending: 'pending',
  processing: 'processing',
  completed: 'success',
  failed: 'error',
};

function patchImage(image: PackageImage, event: AngleEvent): PackageImage {
  if (image.angle !== event.angle || !isNewer(event, image)) return image;
  const completed = event.angle_status === 'completed';
  return {
    ...image,
    angle_status: event.angle_status,
    status: IMAGE_STATUS[event.angle_status],
    retry_count: event.retry_count,
    error_message: event.error_message,
    retryable: event.retryable,
    free_retries_left: event.free_retries_left,
    // The new image's signed links come with the refetch; older links point at what is no longer current.
    ...(completed ? {} : { rendered_url: null, web_url: null }),
    updated_at: event.updated_at,
  };
}

/** Applies a package's new status and counters to the gallery, the recent list and its detail (and fetches a new video's link). */
function applyPackageEvent(client: QueryClient, event: PackageEvent): void {
  let known = false;
  let needsThumbnail = false;
  const patchList = (list: ListCarPackagesResponse): ListCarPackagesResponse => ({
    ...list,
    packages: list.packages.map((summary) => {
      if (summary.id !== event.package_id) return summary;
      known = true;
      if (summary.thumbnail_url === null && event.completed_angles > 0) needsThumbnail = true;
      return patchSummary(summary, event);
    }),
  });
  client.setQueryData<InfiniteData<ListCarPackagesResponse>>(carPackageKeys.gallery, (data) =>
    data ? { ...data, pages: data.pages.map(patchList) } : data,
  );
  client.setQueryData<ListCarPackagesResponse>(carPackageKeys.recent, (data) => (data ? patchList(data) : data));
  let needsDetail = false;
  client.setQueryData<CarPackageDetail>(carPackageKeys.detail(event.package_id), (detail) => {
    if (!detail) return detail;
    // The walk-around video was made (after the package finished): its signed link comes with the detail.
    if (event.has_video && detail.video === null) needsDetail = true;
    // Angles its photos do not give were dropped from the package: its angles and the missing ones come with the detail.
    if (event.total_angles !== detail.total_angles && isNewer(event, detail)) needsDetail = true;
    return patchSummary(detail, event);
  });
  if (needsDetail) void client.invalidateQueries({ queryKey: carPackageKeys.detail(event.package_id) });
  // A package these lists do not show yet (started in another tab or browser), or a first preview to fetch.
  if (!known || needsThumbnail) {
    void client.invalidateQueries({ queryKey: carPackageKeys.gallery });
    void client.invalidateQueries({ queryKey: carPackageKeys.recent });
  }
  if (!known) void client.invalidateQueries({ queryKey: carPackageKeys.activityAll });
}

/** Applies one angle's new status to the package's detail; a completed angle's signed image links are fetched. */
function applyAngleEvent(client: QueryClient, event: AngleEvent): void {
  const key = carPackageKeys.detail(event.package_id);
  client.setQueryData<CarPackageDetail>(key, (detail) =>
    detail ? { ...detail, images: detail.images.map((image) => patchImage(image, event)) } : detail,
  );
  if (event.angle_status === 'completed') void client.invalidateQueries({ queryKey: key });
}

export function applyCarPackageEvent(client: QueryClient, event: LiveEvent): void {
  if (event.type === 'package.updated') applyPackageEvent(client, event);
  else if (event.type === 'angle.updated') applyAngleEvent(client, event);
}

/**
 * Keeps every cached car package query true to the server without a reload: pushed events patch the cache,
 * and each (re)connection refetches what is on screen, since events sent while the socket was closed are lost.
 */
export function useCarPackageLiveUpdates(): void {
  const client = useQueryClient();
  useLiveEvents({
    onEvent: (event) => applyCarPackageEvent(client, event),
    onOpen: () => void client.invalidateQueries({ queryKey: carPackageKeys.all }),
  });
}
