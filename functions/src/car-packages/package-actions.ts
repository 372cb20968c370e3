/** What a dealer does with a started package: retry a failed angle, delete it, download it as a zip. */
import { ANGLES, type Angle } from '@shared/angles';
import { SIGNED_URL_LIFETIME_S } from '@shared/limits';
import { CAR_PACKAGE_MESSAGES } from '@shared/messages';
import { strToU8, zipSync } from 'fflate';
import { createHash } from 'node:crypto';
import { DomainError } from '../lib/errors';
import { newId } from '../lib/ids';
import { logger } from '../lib/logger';
import { imageView, s3Keys, slugOf } from './car-package';
import { angleChanged, packageChanged } from './package-events';
import { clock, notFound, ownPackage, type PackageDeps } from './package-deps';

/** POST /api/car-packages/{id}/angles/{angle}/retry: free; runs the workflow again for that angle only. */
export async function retryAngle(deps: Omit<PackageDeps, 'vision'>, sub: string, id: string, angle: Angle) {
  const { pkg, images } = await ownPackage(deps, sub, id);
  const current = images.find((i) => i.angle === angle);
  if (current?.angle_status === 'failed' && current.retryable === false) throw new DomainError('conflict', CAR_PACKAGE_MESSAGES.angleNotRetryable);
  const executionName = `${id}-retry-${newId()}`;
  if (!(await deps.store.retryAngle(id, angle, sub, executionName, clock(deps).toISOString()))) {
    throw new DomainError('conflict', CAR_PACKAGE_MESSAGES.angleNotFailed);
  }
  try {
    await deps.workflow.start(executionName, { package_id: id, user_id: sub, angles: [angle] });
  } catch (error) {
    logger.error('retry did not start', { packageId: id, angle, error: error as Error });
    const now = clock(deps).toISOString();
    await deps.store.failAngle(id, angle, CAR_PACKAGE_MESSAGES.couldNotStart, now);
    const after = await deps.store.getWithImages(id);
    if (after) await deps.store.finish(id, after.images.some((i) => i.angle_status === 'completed') ? 'partial_complete' : 'error', null, executionName, now);
    throw new DomainError('unavailable', CAR_PACKAGE_MESSAGES.couldNotStart);
  }
  const after = (await deps.store.getWithImages(id))!;
  const image = after.images.find((i) => i.angle === angle)!;
  await Promise.all([angleChanged(deps.notify, image), packageChanged(deps.notify, after.pkg)]);
  return { image: await imageView(image, { ...pkg, ...after.pkg }, deps.photos.urls()) };
}

/** DELETE /api/car-packages/{id}: a started package once it has finished, or a draft. Its files go too. */
export async function deleteCarPackage(deps: Pick<PackageDeps, 'store' | 'photos'>, sub: string, id: string): Promise<void> {
  const pkg = await deps.store.get(id);
  if (pkg) {
    if (pkg.user_id !== sub) throw notFound();
    if (!(await deps.store.delete(id))) throw new DomainError('conflict', CAR_PACKAGE_MESSAGES.stillProcessing);
  } else {
    const draft = await deps.store.getDraft(id);
    if (!draft || draft.user_id !== sub) throw notFound();
    await deps.store.deleteDraft(id);
  }
  await deps.photos.deletePrefix(s3Keys.packagePrefix(sub, id), 'both');
  await deps.photos.deletePrefix(s3Keys.draftPrefix(sub, id), 'uploads');
}

/**
 * POST /api/car-packages/{id}/zip: every completed full-size image in one zip named after the car, built once
 * per set of images and kept beside them; answers a signed link.
 */
export async function zipCarPackage(deps: Pick<PackageDeps, 'store' | 'photos' | 'now'>, sub: string, id: string) {
  const { pkg, images } = await ownPackage(deps, sub, id);
  const done = images.filter((i) => i.angle_status === 'completed' && i.rendered_key).sort((a, b) => ANGLES.indexOf(a.angle) - ANGLES.indexOf(b.angle));
  if (done.length === 0) throw new DomainError('conflict', CAR_PACKAGE_MESSAGES.nothingToZip);
  const slug = slugOf(pkg.session_name);
  const fingerprint = createHash('sha256').update(done.map((i) => i.rendered_key).join('\n')).digest('hex').slice(0, 16);
  const key = s3Keys.zip(sub, id, fingerprint, slug);
  const fileName = `${slug}-studio-images.zip`;
  if (!(await deps.photos.renderExists(key))) {
    const files: Record<string, Uint8Array> = {};
    for (const image of done) files[`${slug}-${image.angle.replace(/_/g, '-')}.jpg`] = await deps.photos.readRender(image.rendered_key!);
    files['README.txt'] = strToU8(
      `${pkg.session_name}\n${done.length} studio images made by Studio Lot from the dealer's own photos: new background and light, the car as photographed.\n`,
    );
    // JPEGs are already compressed: stored as they are.
    await deps.photos.putRender(key, Buffer.from(zipSync(files, { level: 0 })), 'application/zip');
  }
  return {
    url: await deps.photos.downloadUrl(key, fileName),
    file_name: fileName,
    image_count: done.length,
    expires_at: new Date(clock(deps).getTime() + SIGNED_URL_LIFETIME_S * 1000).toISOString(),
  };
}

