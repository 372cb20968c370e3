import { useQueries } from '@tanstack/react-query';
import { checkCarPhoto } from '@/lib/car-photo-check';

/** What the car check said of one batch photo: still checking, usable, or refused with its own reason. */
export type BatchPhotoCheck = { state: 'checking' } | { state: 'usable' } | { state: 'refused'; reason: string };

/**
 * One car check per photo as soon as it is added (nothing stored or charged), so a photo without a usable car is
 * marked on its own card before anything is uploaded or charged. A check that could not be made (the service busy,
 * the network) refuses nothing: the start checks every photo again.
 */
export function useBatchPhotoChecks(files: ReadonlyArray<{ id: string; file: File }>): BatchPhotoCheck[] {
  const queries = useQueries({
    queries: files.map((f) => ({
      queryKey: ['batch', 'photo-check', f.id],
      queryFn: () => checkCarPhoto(f.file),
      staleTime: Infinity,
      gcTime: 10 * 60_000,
      retry: false,
    })),
  });
  return queries.map((q) => {
    if (q.isPending) return { state: 'checking' };
    if (q.data && !q.data.car) return { state: 'refused', reason: q.data.message };
    return { state: 'usable' };
  });
}
