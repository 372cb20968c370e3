/** Every cached car package query sits under this prefix, so one invalidation refreshes them all. */
export const carPackagesKey = ['car-packages'] as const;

export const carPackageKeys = {
  all: carPackagesKey,
  /** The gallery: pages of summaries, newest first. */
  gallery: [...carPackagesKey, 'gallery'] as const,
  /** The overview's Recent Car Packages. */
  recent: [...carPackagesKey, 'recent'] as const,
  /** The overview's User Activity counts (per local day). */
  activity: (todayStart: string) => [...carPackagesKey, 'activity', todayStart] as const,
  activityAll: [...carPackagesKey, 'activity'] as const,
  detail: (id: string) => [...carPackagesKey, 'detail', id] as const,
  /** The car check and angle suggestion of a photo chosen in the form (by its id in the selection). */
  photoCheck: (photoId: string) => ['car-photo-check', photoId] as const,
};
