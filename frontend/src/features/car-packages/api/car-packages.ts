import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { RECENT_PACKAGES_LIMIT } from '@shared/limits';
import type { CarPackageActivity, CarPackageDetail, ListCarPackagesResponse, VinLookup } from '@shared/schemas/car-packages';
import type { SessionStatus } from '@shared/statuses';
import { api } from '@/lib/api-client';
import { carPackageKeys } from './query-keys';

/** A package still moving: its detail is re-read now and then in case a live event was missed. */
export const isUnfinished = (status: string) => status === 'pending' || status === 'processing';
const SAFETY_REFETCH_MS = 30_000;

/** Finding a car in the gallery (issue 41): text (name, VIN or its last 6, stock number), status, creation dates. */
export interface GalleryFilters {
  q?: string;
  status?: SessionStatus;
  /** ISO date-times: created at or after / before. */
  createdFrom?: string;
  createdTo?: string;
}

const hasFilters = (f: GalleryFilters) => Boolean(f.q?.trim() || f.status || f.createdFrom || f.createdTo);

function listPath(limit?: number, cursor?: string | null, filters: GalleryFilters = {}): string {
  const query = new URLSearchParams();
  if (limit) query.set('limit', String(limit));
  if (cursor) query.set('cursor', cursor);
  if (filters.q?.trim()) query.set('q', filters.q.trim());
  if (filters.status) query.set('status', filters.status);
  if (filters.createdFrom) query.set('created_from', filters.createdFrom);
  if (filters.createdTo) query.set('created_to', filters.createdTo);
  const text = query.toString();
  return text ? `/api/car-packages?${text}` : '/api/car-packages';
}

/**
 * The gallery: newest first, one page at a time ("Load more" asks for the next cursor). Filtered, it is cached under
 * the gallery's key with its filters, so the live updates' invalidation of the gallery refreshes it too.
 */
export function useCarPackageGallery(filters: GalleryFilters = {}) {
  const filtered = hasFilters(filters);
  return useInfiniteQuery({
    queryKey: filtered ? ([...carPackageKeys.gallery, filters] as const) : carPackageKeys.gallery,
    initialPageParam: null as string | null,
    queryFn: ({ pageParam, signal }) => api.get<ListCarPackagesResponse>(listPath(undefined, pageParam, filters), { auth: true, signal }),
    getNextPageParam: (last) => last.next_cursor,
    placeholderData: filtered ? (previous) => previous : undefined,
  });
}

/** The form's look-up of a well-formed VIN: decoded offline, and the dealer's packages of that car (issue 41). */
export function useVinLookup(vin: string | null) {
  return useQuery({
    queryKey: [...carPackageKeys.all, 'vin', vin ?? ''] as const,
    enabled: vin !== null,
    queryFn: ({ signal }) => api.get<VinLookup>(`/api/vins/${encodeURIComponent(vin!)}`, { auth: true, signal }),
    staleTime: 60_000,
  });
}

/** The overview's Recent Car Packages (the newest 5). */
export function useRecentCarPackages() {
  return useQuery({
    queryKey: carPackageKeys.recent,
    queryFn: ({ signal }) => api.get<ListCarPackagesResponse>(listPath(RECENT_PACKAGES_LIMIT), { auth: true, signal }),
  });
}

/** One package with its 8 angles and the dealer's photos (image links are signed and short-lived). */
export function useCarPackage(id: string | null) {
  return useQuery({
    queryKey: carPackageKeys.detail(id ?? ''),
    enabled: id !== null,
    queryFn: ({ signal }) => api.get<CarPackageDetail>(`/api/car-packages/${encodeURIComponent(id!)}`, { auth: true, signal }),
    refetchInterval: (query) => (query.state.data && isUnfinished(query.state.data.status) ? SAFETY_REFETCH_MS : false),
  });
}

/** Local midnight of today and the moment 7 days ago, as the activity counts expect them. */
export function activityWindows(now = new Date()): { todayStart: string; weekStart: string } {
  const midnight = new Date(now.getFullYear(), now.getMonth(), now.getDate());
  return { todayStart: midnight.toISOString(), weekStart: new Date(now.getTime() - 7 * 24 * 60 * 60 * 1000).toISOString() };
}

/** User Activity: car packages created today (since local midnight), in the last 7 days, and in total. */
export function useCarPackageActivity() {
  const { todayStart } = activityWindows();
  return useQuery({
    queryKey: carPackageKeys.activity(todayStart),
    queryFn: ({ signal }) => {
      // The 7-day window is taken when asked, so a refetch counts up to that moment.
      const windows = activityWindows();
      const query = new URLSearchParams({ today_start: windows.todayStart, week_start: windows.weekStart });
      return api.get<CarPackageActivity>(`/api/car-packages/activity?${query}`, { auth: true, signal });
    },
  });
}
