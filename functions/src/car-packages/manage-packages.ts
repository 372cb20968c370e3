/**
 * What a dealer does with car packages through the API: create one (presigned uploads), start it (the charge),
 * read, retry a failed angle, delete, and download everything as a zip.
 */
import { ANGLES, type Angle } from '@shared/angles';
import { CAR_PACKAGE_CREDITS, CAR_PACKAGE_DRAFT_LIFETIME_MS, MAX_FILE_BYTES, SIGNED_URL_LIFETIME_S } from '@shared/limits';
import { CAR_PACKAGE_MESSAGES, PHOTO_REFUSALS } from '@shared/messages';
import type { z } from 'zod';
import type {
  CarPackageActivity,
  CarPackageDetail,
  CreateCarPackageResponse,
  ListCarPackagesResponse,
  createCarPackageRequestSchema,
  StartCarPackageResponse,
} from '@shared/schemas/car-packages';
import { strToU8, zipSync } from 'fflate';
import { createHash } from 'node:crypto';
import type { AccountStore } from '../accounts/account-store';
import { debitCredits, refundCredits } from '../credits/credit-changes';
import type { CreditStore } from '../credits/credit-store';
import { txIds } from '../credits/credit-store';
import { getCreditBalance } from '../credits/read-credits';
import { DomainError } from '../lib/errors';
import { newId } from '../lib/ids';
import { logger } from '../lib/logger';
import { decodePhoto } from '../renderer/photo-validation';
import { PhotoRejectedError } from '../renderer/port';
import {
  chargeKey,
  extensionOf,
  imageView,
  newPackage,
  photoId,
  photoView,
  refundKey,
  s3Keys,
  slugOf,
  summaryView,
  type StoredDraft,
  type StoredPackage,
  type StoredPhoto,
} from './car-package';
import { LogoUnreadableError } from './https-logo-source';
import { angleChanged, packageChanged } from './package-events';
import type { LogoSource, Notify, PackageStore, PhotoStorage, RenderWorkflow } from './ports';

export interface PackageDeps {
  store: PackageStore;
  photos: PhotoStorage;
  workflow: RenderWorkflow;
  credits: CreditStore;
  accounts: AccountStore;
  logos: LogoSource;
  notify: Notify;
  now?: () => Date;
}

const notFound = () => new DomainError('not_found', CAR_PACKAGE_MESSAGES.notFound);
const clock = (deps: { now?: () => Date }) => deps.now?.() ?? new Date();

/** The caller's package, or 404 (never 403: another dealer's package does not exist for them). */
async function ownPackage(deps: Pick<PackageDeps, 'store'>, sub: string, id: string) {
  const found = await deps.store.getWithImages(id);
  if (!found || found.pkg.user_id !== sub) throw notFound();
  return found;
}

/** POST /api/car-packages: a draft and one presigned upload per photo. Nothing is charged yet. */
export async function createCarPackage(
  deps: Pick<PackageDeps, 'store' | 'photos' | 'accounts' | 'now'>,
  sub: string,
  body: z.output<typeof createCarPackageRequestSchema>,
): Promise<CreateCarPackageResponse> {
  if (body.use_logo && !(await deps.accounts.getProfile(sub))?.logo_url) {
    throw new DomainError('validation', CAR_PACKAGE_MESSAGES.noLogo, { use_logo: CAR_PACKAGE_MESSAGES.noLogo });
  }
  const id = newId();
  const now = clock(deps);
  const photos: StoredPhoto[] = body.photos.map((p, i) => {
    const ext = extensionOf(p.content_type as StoredPhoto['content_type']);
    return {
      id: photoId(i),
      file_name: p.file_name,
      content_type: p.content_type as StoredPhoto['content_type'],
      size: p.size,
      angle: p.angle ?? null,
      upload_key: s3Keys.upload(sub, id, photoId(i), ext),
      key: s3Keys.photo(sub, id, photoId(i), ext),
      assigned_angle: null,
      refused: null,
    };
  });
  const draft: StoredDraft = {
    id,
    user_id: sub,
    session_name: body.session_name,
    background: body.background,
    use_logo: body.use_logo,
    photos,
    created_at: now.toISOString(),
    expires_at: new Date(now.getTime() + CAR_PACKAGE_DRAFT_LIFETIME_MS).toISOString(),
  };
  await deps.store.putDraft(draft);
  const uploads = await Promise.all(
    photos.map(async (p) => ({ photo_id: p.id, file_name: p.file_name, ...(await deps.photos.presignUpload(p.upload_key, p.content_type, MAX_FILE_BYTES)) })),
  );
  return { package_id: id, uploads, expires_at: draft.expires_at };
}

/** Every uploaded photo checked by its bytes (there, a photo, whole, not a bomb) before anything is charged. */
async function checkUploads(deps: Pick<PackageDeps, 'photos'>, draft: StoredDraft): Promise<void> {
  const refusals: Record<string, string> = {};
  const queue = [...draft.photos.entries()];
  const worker = async () => {
    for (let next = queue.shift(); next; next = queue.shift()) {
      const [i, photo] = next;
      const size = await deps.photos.uploadSize(photo.upload_key);
      if (size === undefined) {
        refusals[`photos.${i}`] = CAR_PACKAGE_MESSAGES.photoNotUploaded(photo.file_name);
        continue;
      }
      if (size > MAX_FILE_BYTES) {
        refusals[`photos.${i}`] = CAR_PACKAGE_MESSAGES.photoRefused(photo.file_name, PHOTO_REFUSALS.tooLarge(MAX_FILE_BYTES / 1024 / 1024));
        continue;
      }
      try {
        await decodePhoto(await deps.photos.readUpload(photo.upload_key), photo.id);
      } catch (error) {
        if (!(error instanceof PhotoRejectedError)) throw error;
        refusals[`photos.${i}`] = CAR_PACKAGE_MESSAGES.photoRefused(photo.file_name, error.message);
      }
    }
  };
  await Promise.all([worker(), worker(), worker()]);
  const first = Object.keys(refusals).sort((a, b) => Number(a.split('.')[1]) - Number(b.split('.')[1]))[0];
  if (first) throw new DomainError('validation', refusals[first]!, refusals);
}

/** The dealer's logo, fetched once and kept with the package, so every angle carries the same one. */
async function keepLogo(deps: Pick<PackageDeps, 'accounts' | 'logos' | 'photos'>, draft: StoredDraft): Promise<string | null> {
  if (!draft.use_logo) return null;
  const url = (await deps.accounts.getProfile(draft.user_id))?.logo_url;
  if (!url) throw new DomainError('validation', CAR_PACKAGE_MESSAGES.noLogo, { use_logo: CAR_PACKAGE_MESSAGES.noLogo });
  let bytes: Buffer;
  try {
    bytes = await deps.logos.fetch(url);
  } catch (error) {
    if (!(error instanceof LogoUnreadableError)) throw error;
    const message = CAR_PACKAGE_MESSAGES.logoUnreadable(error.message.charAt(0).toUpperCase() + error.message.slice(1));
    throw new DomainError('validation', message, { use_logo: message });
  }
  const key = s3Keys.logo(draft.user_id, draft.id);
  await deps.photos.putUpload(key, bytes, 'application/octet-stream');
  return key;
}

/**
 * POST /api/car-packages/{id}/start: checks the uploads, then in one transaction creates the package and its 8
 * angles and charges 1 credit (ledger key per package: a repeated start charges nothing), then starts the
 * workflow named by the package id. If it cannot start, the credit is refunded.
 */
export async function startCarPackage(deps: PackageDeps, sub: string, id: string): Promise<StartCarPackageResponse> {
  const started = await deps.store.get(id);
  if (started) {
    if (started.user_id !== sub) throw notFound();
    return replay(deps, started);
  }
  const draft = await deps.store.getDraft(id);
  let charge: Awaited<ReturnType<typeof chargeDraft>>;
  try {
    if (!draft || draft.user_id !== sub) throw notFound();
    charge = await chargeDraft(deps, draft);
  } catch (error) {
    // A start of the same package running at the same moment (a double click, a client retry) may have won
    // meanwhile: it removed the draft and its uploads. Its result is this call's answer too.
    const winner = await deps.store.get(id);
    if (winner?.user_id === sub) return replay(deps, winner);
    throw error;
  }
  const { pkg, balance, replayed } = charge;
  if (replayed) return replay(deps, (await deps.store.get(id)) ?? pkg);
  await deps.notify(sub, { type: 'balance.updated' });
  await deps.photos.deletePrefix(s3Keys.draftPrefix(sub, id), 'uploads').catch((error) => logger.warn('draft uploads not deleted', { error: error as Error }));

  try {
    await deps.workflow.start(pkg.execution_name, { package_id: id, user_id: sub, angles: [...ANGLES] });
  } catch (error) {
    logger.error('render workflow did not start; refunding', { packageId: id, error: error as Error });
    await closeUnstarted(deps, pkg);
    throw new DomainError('unavailable', CAR_PACKAGE_MESSAGES.couldNotStart);
  }
  await packageChanged(deps.notify, pkg);
  return { package: await summaryView(pkg, deps.photos.urls()), balance, replayed: false };
}

/**
 * Checks the draft's uploads and logo, keeps checked copies of the photos, then charges the credit in the same
 * transaction that creates the package. Refused or failed: the copies are removed again, nothing is charged.
 */
async function chargeDraft(deps: PackageDeps, draft: StoredDraft) {
  if (Date.parse(draft.expires_at) <= clock(deps).getTime()) throw new DomainError('validation', CAR_PACKAGE_MESSAGES.uploadsExpired);
  await checkUploads(deps, draft);
  const logoKey = await keepLogo(deps, draft);
  try {
    // The checked photos are kept where no lifecycle rule forgets them.
    await Promise.all(draft.photos.map((p) => deps.photos.copyUpload(p.upload_key, p.key)));
    const { pkg, images } = newPackage(draft, logoKey, draft.photos, clock(deps).toISOString());
    const charge = await debitCredits(
      { store: deps.credits, now: deps.now },
      {
        sub: draft.user_id,
        credits: CAR_PACKAGE_CREDITS,
        key: chargeKey(draft.id),
        description: `Car package: ${draft.session_name}`,
        metadata: { package_id: draft.id },
        alongside: { writes: () => deps.store.creationWrites(pkg, images), refused: () => new DomainError('conflict', CAR_PACKAGE_MESSAGES.alreadyStarted) },
      },
    );
    return { pkg, balance: charge.balance, replayed: charge.replayed };
  } catch (error) {
    // Unless another start of this package won (its copies are the same files), no copy may outlive the refusal.
    if (!(await deps.store.get(draft.id))) {
      await deps.photos.deletePrefix(s3Keys.packagePrefix(draft.user_id, draft.id), 'uploads').catch((e) => logger.warn('photo copies not removed', { error: e as Error }));
    }
    throw error;
  }
}

/** A repeated start: nothing is charged again; the workflow is started if the first call could not. */
async function replay(deps: PackageDeps, pkg: StoredPackage): Promise<StartCarPackageResponse> {
  if (pkg.status === 'pending' && pkg.execution_name === pkg.id) {
    await deps.workflow.start(pkg.execution_name, { package_id: pkg.id, user_id: pkg.user_id, angles: [...ANGLES] });
  }
  const balance = await getCreditBalance({ store: deps.credits, now: deps.now }, pkg.user_id);
  if (!balance) throw new DomainError('not_found', CAR_PACKAGE_MESSAGES.notFound);
  return { package: await summaryView(pkg, deps.photos.urls()), balance, replayed: true };
}

async function closeUnstarted(deps: PackageDeps, pkg: StoredPackage) {
  const now = clock(deps).toISOString();
  await refundCredits(
    { store: deps.credits, now: deps.now },
    { sub: pkg.user_id, chargeTxId: txIds.debit(chargeKey(pkg.id)), refundKey: refundKey(pkg.id), description: `Refund: ${pkg.session_name} (could not start)`, metadata: { package_id: pkg.id } },
  );
  for (const angle of ANGLES) await deps.store.failAngle(pkg.id, angle, CAR_PACKAGE_MESSAGES.couldNotStart, now);
  await deps.store.finish(pkg.id, 'error', CAR_PACKAGE_MESSAGES.couldNotStart, pkg.execution_name, now);
  await deps.notify(pkg.user_id, { type: 'balance.updated' });
}

/** GET /api/car-packages */
export async function listCarPackages(deps: Pick<PackageDeps, 'store' | 'photos'>, sub: string, limit: number, cursor?: string): Promise<ListCarPackagesResponse> {
  const { packages, nextCursor } = await deps.store.list(sub, limit, cursor);
  const urls = deps.photos.urls();
  return { packages: await Promise.all(packages.map((p) => summaryView(p, urls))), next_cursor: nextCursor };
}

/** GET /api/car-packages/activity */
export async function carPackageActivity(deps: Pick<PackageDeps, 'store'>, sub: string, todayStart: string, weekStart: string): Promise<CarPackageActivity> {
  const [today, last_7_days, total] = await Promise.all([deps.store.count(sub, Date.parse(todayStart)), deps.store.count(sub, Date.parse(weekStart)), deps.store.count(sub)]);
  return { today, last_7_days, total };
}

/** GET /api/car-packages/{id}: the package, its 8 angles (signed image links) and its photos. */
export async function getCarPackage(deps: Pick<PackageDeps, 'store' | 'photos'>, sub: string, id: string): Promise<CarPackageDetail> {
  const { pkg, images } = await ownPackage(deps, sub, id);
  const urls = deps.photos.urls();
  const order = (a: Angle) => ANGLES.indexOf(a);
  return {
    ...(await summaryView(pkg, urls)),
    images: await Promise.all([...images].sort((a, b) => order(a.angle) - order(b.angle)).map((i) => imageView(i, pkg, urls))),
    photos: await Promise.all(pkg.photos.map((p) => photoView(p, urls, true))),
  };
}

/** POST /api/car-packages/{id}/angles/{angle}/retry: free; runs the workflow again for that angle only. */
export async function retryAngle(deps: PackageDeps, sub: string, id: string, angle: Angle) {
  const { pkg, images } = await ownPackage(deps, sub, id);
  const current = images.find((i) => i.angle === angle);
  if (current?.angle_status === 'failed' && current.retryable === false) throw new DomainError('conflict', CAR_PACKAGE_MESSAGES.angleNotRetryable);
  const executionName = `${id}-retry-${newId()}`;
  if (!(await deps.store.retryAngle(id, angle, executionName, clock(deps).toISOString()))) {
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
