import { useQueries } from '@tanstack/react-query';
import { checkCarPhoto } from '@/lib/car-photo-check';
import { carPackageKeys } from './query-keys';

/** One check per chosen photo, as soon as it is added; kept while the photo stays in the form. */
export function usePhotoChecks(photos: ReadonlyArray<{ id: string; file: File }>) {
  return useQueries({
    queries: photos.map((photo) => ({
      queryKey: carPackageKeys.photoCheck(photo.id),
      queryFn: () => checkCarPhoto(photo.file),
      staleTime: Infinity,
      gcTime: 10 * 60_000,
      retry: false,
    })),
  });
}
