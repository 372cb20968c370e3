import { useCarPhotoChecks } from '@/lib/car-photo-check';
import { carPackageKeys } from './query-keys';

/** One check per chosen photo, as soon as it is added; kept while the photo stays in the form. */
export const usePhotoChecks = (photos: ReadonlyArray<{ id: string; file: File }>) => useCarPhotoChecks(photos, carPackageKeys.photoCheck);
