/** What a dealer does with a started package: retry a failed angle, delete it, download it as a zip. */
import { createdBy } from '../team/acting-member';
import { TEAM_MESSAGES, type TeamRole } from '@shared/team';
import { ANGLES, type Angle } from '@shared/angles';
import { SIGNED_URL_LIFETIME_S } from '@shared/limits';
import { MAX_FREE_RETRIES_PER_ANGLE, CAR_PACKAGE_DRAFT_LIFETIME_MS } from '@shared/limits';
import { CAR_PACKAGE_MESSAGES, RETRY_MESSAGES } from '@shared/messages';
import type { StartPackageAgainResponse } from '@shared/schemas/car-packages';
import { strToU8, zipSync } from 'fflate';
import { DomainError } from '../lib/errors';
import { newId } from '../lib/ids';
import { logger } from '../lib/logger';
import { txIds } from '../credits/credit-store';
import { extensionOf, filesFingerprint, imageFileName, imageView, mirrorFillOf, photoId, plateOf, refundKey, s3Keys, slugOf, type StoredDraft, type StoredPackage } from './car-package';
import { startCarPackage, startPackageFromStoredPhotos } from './start-package';
import { angleChanged, packageChanged } from './package-events';
import { clock, notFound, ownPackage, type PackageDeps } from './package-deps';

/** Why a free retry was refused, in the dealer's words. */
const RETRY_REFUSALS = {
  not_failed: () => new DomainError('conflict', CAR_PACKAGE_MESSAGES.angleNotFailed),
  used_up: () => new DomainError('conflict', RETRY_MESSAGES.retriesUsedUp(MAX_FREE_RETRIES_PER_ANGLE)),
  refunded: () => new DomainError('conflict', RETRY_MESSAGES.refundedStartAgain),
  busy: () => new DomainError('conflict', RETRY_MESSAGES.busy),
} as const;

/**
 * POST /api/car-packages/{id}/angles/{angle}/retry: free, for a charged package only, at most
 * MAX_FREE_RETRIES_PER_ANGLE times per angle; runs the workflow again for that angle only. A package whose credit was
 * refunded is not rendered again for free: it is started again as a new package (startPackageAgain).
 */
export async function retryAngle(deps: Omit<PackageDeps, 'vision'>, sub: string, id: string, angle: Angle) {
  const { pkg, images } = await ownPackage(deps, sub, id);
  if (pkg.credit_refunded_at) throw RETRY_REFUSALS.refunded();
  const current = images.find((i) => i.angle === angle);
  // An angle not in the package (none of its photos gives it) is no more retried than one a retry cannot help.
  if (!current || (current.angle_status === 'failed' && current.retryable === false)) throw new DomainError('conflict', CAR_PACKAGE_MESSAGES.angleNotRetryable);
  const executionName = `${id}-retry-${newId()}`;
  const outcome = await deps.store.retryAngle(id, angle, sub, executionName, clock(deps).toISOString());
  if (outcome !== 'retried') throw RETRY_REFUSALS[outcome]();
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
export async function deleteCarPackage(
  deps: Pick<PackageDeps, 'store' | 'photos'>,
  sub: string,
  id: string,
  /** The member deleting (issue 42): a photographer deletes only the packages they made. */
  member?: { id: string; role: TeamRole },
): Promise<void> {
  const mayDelete = (made: { created_by?: { id: string } }) => {
    if (member?.role === 'photographer' && made.created_by?.id !== member.id) throw new DomainError('forbidden', TEAM_MESSAGES.notYourPackage);
  };
  const pkg = await deps.store.get(id);
  if (pkg) {
    if (pkg.user_id !== sub) throw notFound();
    mayDelete(pkg);
    if (!(await deps.store.delete(id, pkg.share_token))) throw new DomainError('conflict', CAR_PACKAGE_MESSAGES.stillProcessing);
  } else {
    const draft = await deps.store.getDraft(id);
    if (!draft || draft.user_id !== sub) throw notFound();
    mayDelete(draft);
    await deps.store.deleteDraft(id);
  }
  await deps.photos.deletePrefix(s3Keys.packagePrefix(sub, id), 'both');
  await deps.photos.deletePrefix(s3Keys.draftPrefix(sub, id), 'uploads');
}

/** The walk-around video's name inside a package's zip (issue 29). */
export const ZIP_VIDEO_NAME = 'walk-around.mp4';

/**
 * POST /api/car-packages/{id}/zip: every completed full-size image in one zip named after the car, with the walk-around
 * video once it is made, built once per set of files and kept beside them; answers a signed link.
 */
export async function zipCarPackage(deps: Pick<PackageDeps, 'store' | 'photos' | 'now'>, sub: string, id: string) {
  const { pkg, images } = await ownPackage(deps, sub, id);
  const done = images.filter((i) => i.angle_status === 'completed' && i.rendered_key).sort((a, b) => ANGLES.indexOf(a.angle) - ANGLES.indexOf(b.angle));
  if (done.length === 0) throw new DomainError('conflict', CAR_PACKAGE_MESSAGES.nothingToZip);
  const slug = slugOf(pkg.session_name);
  // A zip asked for before the video was made is not served once it is: the video is part of what the zip is of.
  const contents = [...done.map((i) => i.rendered_key!), ...(pkg.video ? [pkg.video.key] : [])];
  const fingerprint = filesFingerprint(contents);
  const key = s3Keys.zip(sub, id, fingerprint, slug);
  const fileName = `${slug}-studio-images.zip`;
  if (!(await deps.photos.renderExists(key))) {
    const files: Record<string, Uint8Array> = {};
    for (const image of done) files[imageFileName(slug, image.angle, image.mirrored, 'jpg')] = await deps.photos.readRender(image.rendered_key!);
    if (pkg.video) files[ZIP_VIDEO_NAME] = await deps.photos.readRender(pkg.video.key);
    files['README.txt'] = strToU8(
      `${pkg.session_name}\n${done.length} studio images made by Studio Lot from the dealer's own photos: new background and light, the car as photographed.\n` +
        (done.some((i) => i.mirrored) ? 'Files named "-mirrored" are mirror images of the opposite side of the car, not photos of this side; text found on them (plates, badges) is blurred.\n' : '') +
        (pkg.video ? `${ZIP_VIDEO_NAME}: the walk-around video of these images (${pkg.video.duration_seconds} s, H.264 MP4, 1280x720).\n` : ''),
    );
    // JPEGs and the MP4 are already compressed: stored as they are.
    await deps.photos.putRender(key, Buffer.from(zipSync(files, { level: 0 })), 'application/zip');
  }
  return {
    url: await deps.photos.downloadUrl(key, fileName),
    file_name: fileName,
    image_count: done.length,
    expires_at: new Date(clock(deps).getTime() + SIGNED_URL_LIFETIME_S * 1000).toISOString(),
  };
}



/** Whether the package's credit was given back: marked on the package, or (packages refunded before the mark) in the ledger. */
async function wasRefunded(deps: Pick<PackageDeps, 'credits'>, pkg: StoredPackage): Promise<boolean> {
  if (pkg.credit_refunded_at) return true;
  const refund = txIds.refund(refundKey(pkg.id));
  return (await deps.credits.read(pkg.user_id, [refund])).entries.has(refund);
}

/**
 * POST /api/car-packages/{id}/start-again ("Start again (1 credit)", after the dealer confirmed): a package whose credit
 * was refunded because nothing rendered becomes a new package from its usable photos, checked and charged 1 credit like
 * any start. The new package is recorded on the old one first, so asking twice (a double click, two tabs) starts and
 * charges one package and answers it both times.
 */
export async function startPackageAgain(deps: PackageDeps, sub: string, id: string): Promise<StartPackageAgainResponse> {
  const { pkg } = await ownPackage(deps, sub, id);
  if (!(await wasRefunded(deps, pkg))) throw new DomainError('conflict', RETRY_MESSAGES.notRefunded);
  const usable = pkg.photos.filter((p) => !p.refused);
  if (usable.length === 0) throw new DomainError('conflict', RETRY_MESSAGES.noUsablePhotos);
  const againId = await deps.store.markStartedAgain(id, newId());
  // Started already (this or another call): answered as a repeated start, charging nothing.
  if (await deps.store.get(againId)) return startCarPackage(deps, sub, againId);
  const now = clock(deps);
  const draft: StoredDraft = {
    id: againId,
    user_id: sub,
    session_name: pkg.session_name,
    background: pkg.background,
    use_logo: pkg.use_logo,
    fill_missing_sides: mirrorFillOf(pkg).fillMissingSides,
    plate: plateOf(pkg),
    // The refunded package's checked copies are the uploads; the new package keeps its own copies.
    photos: usable.map((p, i) => ({ ...p, id: photoId(i), upload_key: p.key, key: s3Keys.photo(sub, againId, photoId(i), extensionOf(p.content_type)), assigned_angle: null, refused: null })),
    created_at: now.toISOString(),
    expires_at: new Date(now.getTime() + CAR_PACKAGE_DRAFT_LIFETIME_MS).toISOString(),
    ...createdBy(),
  };
  return startPackageFromStoredPhotos(deps, draft);
}
