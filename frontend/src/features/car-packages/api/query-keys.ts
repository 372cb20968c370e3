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
};
