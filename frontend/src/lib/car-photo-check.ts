import { useQueries, type QueryKey } from '@tanstack/react-query';
import { PHOTO_CHECK_MAX_SIDE, type CheckCarPhotoResponse } from '@shared/schemas/car-photo-check';
import { api } from '@/lib/api-client';

/**
 * The photo shrunk to PHOTO_CHECK_MAX_SIDE as a JPEG, base64 (the check needs no more than that), and its own size
 * upright (the check tells how much the studio would enlarge the car).
 */
async function shrunk(file: File): Promise<{ photo: string; original_size: { width: number; height: number } }> {
  const bitmap = await createImageBitmap(file);
  const scale = Math.min(1, PHOTO_CHECK_MAX_SIDE / Math.max(bitmap.width, bitmap.height));
  const canvas = document.createElement('canvas');
  canvas.width = Math.max(1, Math.round(bitmap.width * scale));
  canvas.height = Math.max(1, Math.round(bitmap.height * scale));
  canvas.getContext('2d')!.drawImage(bitmap, 0, 0, canvas.width, canvas.height);
  const original_size = { width: bitmap.width, height: bitmap.height };
  bitmap.close();
  const blob = await new Promise<Blob>((resolve, reject) => canvas.toBlob((b) => (b ? resolve(b) : reject(new Error('The photo could not be read.'))), 'image/jpeg', 0.85));
  const bytes = new Uint8Array(await blob.arrayBuffer());
  let binary = '';
  for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return { photo: btoa(binary), original_size };
}

/**
 * POST /api/car-photos/check: is there one usable car, and which angle does it show. Nothing is stored or charged.
 * The package form and the batch both check each photo as it is added.
 */
export async function checkCarPhoto(file: File): Promise<CheckCarPhotoResponse> {
  return api.post<CheckCarPhotoResponse>('/api/car-photos/check', await shrunk(file), { auth: true });
}

/**
 * One check per chosen photo, as soon as it is added, kept while the photo stays (never retried: a failed check is
 * said on the photo, and the start checks every photo again). `keyOf` names each photo's query in its feature.
 */
export function useCarPhotoChecks(photos: ReadonlyArray<{ id: string; file: File }>, keyOf: (id: string) => QueryKey) {
  return useQueries({
    queries: photos.map((photo) => ({
      queryKey: keyOf(photo.id),
      queryFn: () => checkCarPhoto(photo.file),
      staleTime: Infinity,
      gcTime: 10 * 60_000,
      retry: false,
    })),
  });
}
