import { useCarPhotoChecks } from '@/lib/car-photo-check';

/** What the car check said of one batch photo: still checking, usable, or refused with its own reason. */
export type BatchPhotoCheck = { state: 'checking' } | { state: 'usable' } | { state: 'refused'; reason: string };

/**
 * One car check per photo as soon as it is added (nothing stored or charged), so a photo without a usable car is
 * marked on its own card before anything is uploaded or charged. A check that could not be made (the service busy,
 * the network) refuses nothing: the start checks every photo again.
 */
export function useBatchPhotoChecks(files: ReadonlyArray<{ id: string; file: File }>): BatchPhotoCheck[] {
  const queries = useCarPhotoChecks(files, (id) => ['batch', 'photo-check', id]);
  return queries.map((q) => {
    if (q.isPending) return { state: 'checking' };
    if (q.data && !q.data.car) return { state: 'refused', reason: q.data.message };
    return { state: 'usable' };
  });
}
