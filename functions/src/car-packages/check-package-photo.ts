/**
 * The check of one photo of a car package as soon as its upload lands (the form calls it while the other photos are
 * still uploading): the same checks the start makes, by the stored bytes, before anything is charged. A photo that
 * passes is recorded on the draft with the digest of the bytes checked, so the start only compares digests; a refusal
 * answers exactly what the start would answer for that photo. Nothing is charged, nothing else is written.
 */
import { CAR_PACKAGE_MESSAGES } from '@shared/messages';
import type { CheckCarPackagePhotoResponse } from '@shared/schemas/car-packages';
import { DomainError } from '../lib/errors';
import { checkUpload } from '../uploads/check-uploads';
import { passedUploads } from './car-package';
import { clock, notFound, type PackageDeps } from './package-deps';

export async function checkPackagePhoto(
  deps: Pick<PackageDeps, 'store' | 'photos' | 'vision' | 'now'>,
  sub: string,
  id: string,
  photoId: string,
): Promise<CheckCarPackagePhotoResponse> {
  const draft = await deps.store.getDraft(id);
  // A package already started has no draft: its photos were checked by its start.
  if (!draft || draft.user_id !== sub) throw notFound();
  if (Date.parse(draft.expires_at) <= clock(deps).getTime()) throw new DomainError('validation', CAR_PACKAGE_MESSAGES.uploadsExpired);
  const index = draft.photos.findIndex((p) => p.id === photoId);
  const photo = draft.photos[index];
  if (!photo) throw notFound();
  const checked = await checkUpload(deps, photo, { passed: passedUploads(draft) });
  if (!checked.ok) throw new DomainError('validation', checked.refusal, { [`photos.${index}`]: checked.refusal });
  if (checked.digest !== draft.checked_uploads?.[photo.id]) await deps.store.recordCheckedUpload(draft.id, photo.id, checked.digest);
  return { photo_id: photo.id, checked: true };
}
