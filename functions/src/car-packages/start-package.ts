/**
 * Creating and starting a car package: presigned uploads, the checks of every photo by its bytes, and the start that
 * charges 1 credit in the transaction that creates the package, then starts the render workflow.
 */
import { createdBy } from '../team/acting-member';
import { DEFAULT_PLATE_TREATMENT, PLATE_MESSAGES } from '@shared/plates';
import { ANGLES } from '@shared/angles';
import { planCoverage } from '@shared/angle-plan';
import { CAR_PACKAGE_CREDITS, CAR_PACKAGE_DRAFT_LIFETIME_MS, CAR_PACKAGE_NAME_MAX, MAX_FILE_BYTES } from '@shared/limits';
import { CAR_PACKAGE_MESSAGES, INVENTORY_MESSAGES, MESSAGES } from '@shared/messages';
import { vehicleName, type DecodedVehicle } from '@shared/vin';
import type { VinDecoder } from '../vin/vin-decoder';
import type { z } from 'zod';
import type { CreateCarPackageResponse, createCarPackageRequestSchema, StartCarPackageResponse } from '@shared/schemas/car-packages';
import { debitCredits, refundCredits } from '../credits/credit-changes';
import { txIds, type AlongsideWrite } from '../credits/credit-store';
import { getCreditBalance } from '../credits/read-credits';
import { DomainError } from '../lib/errors';
import { newId } from '../lib/ids';
import { logger } from '../lib/logger';
import { isMissing } from '../adapters/s3/is-missing';
import { checkUploadedPhotos, type CheckOptions } from '../uploads/check-uploads';
import { chargeKey, extensionOf, mirrorFillOf, newPackage, plateOf, passedUploads, photoId, refundKey, s3Keys, summaryView, type StoredDraft, type StoredPackage, type StoredPhoto } from './car-package';
import { stripLocation } from '../uploads/strip-location';
import { packageChanged } from './package-events';
import { clock, notFound, type PackageDeps } from './package-deps';
import { opsEvent } from '../lib/ops-events';
import { assertStyleOffered } from './styles-offered';

/** POST /api/car-packages: a draft and one presigned upload per photo. Nothing is charged yet. */
export async function createCarPackage(
  deps: Pick<PackageDeps, 'store' | 'photos' | 'accounts' | 'now'> & { vins?: VinDecoder },
  sub: string,
  body: z.output<typeof createCarPackageRequestSchema>,
  /** The public API names the package's id (claimed for its external_id first) and keeps the external_id on it. */
  options: { id?: string; externalId?: string } = {},
): Promise<CreateCarPackageResponse> {
  assertStyleOffered(body.background);
  // The profile decides the logo toggle, the default plate treatment and whether a logo plate can be made.
  const profile = body.use_logo || body.plate === undefined || body.plate === 'logo' ? await deps.accounts.getProfile(sub) : undefined;
  if (body.use_logo && !profile?.logo_key) {
    throw new DomainError('validation', CAR_PACKAGE_MESSAGES.noLogo, { use_logo: CAR_PACKAGE_MESSAGES.noLogo });
  }
  const plate = body.plate ?? profile?.plate_treatment ?? DEFAULT_PLATE_TREATMENT;
  if (plate === 'logo' && !profile?.logo_key) throw new DomainError('validation', PLATE_MESSAGES.logoNeeded, { plate: PLATE_MESSAGES.logoNeeded });
  const { sessionName, vehicle } = await nameOfCar(deps, body);
  const id = options.id ?? newId();
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
    session_name: sessionName,
    background: body.background,
    use_logo: body.use_logo,
    fill_missing_sides: body.fill_missing_sides,
    ...(body.vin ? { vin: body.vin } : {}),
    ...(body.stock_number ? { stock_number: body.stock_number } : {}),
    ...(vehicle ? { vehicle } : {}),
    plate,
    photos,
    created_at: now.toISOString(),
    expires_at: new Date(now.getTime() + CAR_PACKAGE_DRAFT_LIFETIME_MS).toISOString(),
    ...(options.externalId ? { external_id: options.externalId } : {}),
    ...createdBy(),
    checked_uploads: {},
  };
  await deps.store.putDraft(draft);
  const uploads = await Promise.all(
    photos.map(async (p) => ({ photo_id: p.id, file_name: p.file_name, ...(await deps.photos.presignUpload(p.upload_key, p.content_type, MAX_FILE_BYTES)) })),
  );
  return { package_id: id, uploads, expires_at: draft.expires_at };
}

/**
 * The car's name and what its VIN decodes to (issue 41): the name as typed, else the decoded year, make and model.
 * A VIN the data does not know is kept all the same; a package with neither a name nor a decodable VIN is refused.
 */
async function nameOfCar(deps: { vins?: VinDecoder }, body: Pick<z.output<typeof createCarPackageRequestSchema>, 'session_name' | 'vin'>) {
  let vehicle: DecodedVehicle | null = null;
  if (body.vin && deps.vins) {
    try {
      vehicle = await deps.vins.decode(body.vin);
    } catch (error) {
      // The data unreadable is no reason to refuse the car: it is created undecoded (and named by the dealer).
      logger.error('VIN not decoded', { error: error as Error });
    }
  }
  const sessionName = body.session_name || vehicleName(vehicle)?.slice(0, CAR_PACKAGE_NAME_MAX) || '';
  if (!sessionName) {
    // Without a VIN, the name was simply left out; with one, it is one the data does not know.
    const reason = body.vin ? INVENTORY_MESSAGES.notDecoded : MESSAGES.sessionNameRequired.description;
    throw new DomainError('validation', reason, { session_name: reason });
  }
  return { sessionName, vehicle };
}

/**
 * The dealer's logo, copied once from their own checked upload (Settings) and kept with the package, so every angle
 * carries the same one. Nothing is fetched from the profile's logo_url: the only logo is the one we checked.
 */
async function keepLogo(deps: Pick<PackageDeps, 'accounts' | 'photos'>, draft: StoredDraft): Promise<string | null> {
  if (!draft.use_logo && plateOf(draft) !== 'logo') return null;
  const source = (await deps.accounts.getProfile(draft.user_id))?.logo_key;
  if (!source) throw new DomainError('validation', CAR_PACKAGE_MESSAGES.noLogo, { use_logo: CAR_PACKAGE_MESSAGES.noLogo });
  const key = s3Keys.logo(draft.user_id, draft.id);
  try {
    await deps.photos.copyUpload(source, key);
  } catch (error) {
    if (!isMissing(error)) throw error;
    throw new DomainError('validation', CAR_PACKAGE_MESSAGES.logoUnreadable, { use_logo: CAR_PACKAGE_MESSAGES.logoUnreadable });
  }
  return key;
}

/**
 * POST /api/car-packages/{id}/start: checks the uploads, then in one transaction creates the package and its angles
 * (those its photos give: draftAngles) and charges 1 credit (ledger key per package: a repeated start charges nothing), then starts the
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
  const { pkg, balance, replayed, angles } = charge;
  if (replayed) return replay(deps, (await deps.store.get(id)) ?? pkg);
  opsEvent('packageStarted', { packageId: pkg.id });
  // The workflow, the balance pushed and the draft's uploads removed (checked copies are kept) at once: the
  // workflow's first task need not wait for the other two.
  const [workflow, balancePushed] = await Promise.allSettled([
    deps.workflow.start(pkg.execution_name, { package_id: id, user_id: sub, angles }),
    deps.notify(sub, { type: 'balance.updated' }),
    deps.photos.deletePrefix(s3Keys.draftPrefix(sub, id), 'uploads').catch((error) => logger.warn('draft uploads not deleted', { error: error as Error })),
  ]);
  if (balancePushed.status === 'rejected') logger.warn('balance not pushed', { error: balancePushed.reason as Error });
  if (workflow.status === 'rejected') {
    logger.error('render workflow did not start; refunding', { packageId: id, error: workflow.reason as Error });
    await closeUnstarted(deps, pkg);
    throw new DomainError('unavailable', CAR_PACKAGE_MESSAGES.couldNotStart);
  }
  await packageChanged(deps.notify, pkg);
  return { package: await summaryView(pkg, deps.photos.urls()), balance, replayed: false, plan: planOf(pkg) };
}

/**
 * Checks the draft's uploads and logo, keeps checked copies of the photos, then charges the credit in the same
 * transaction that creates the package. Refused or failed: the copies are removed again, nothing is charged.
 */
async function chargeDraft(deps: PackageDeps, draft: StoredDraft, claim?: PackageClaim, options?: CheckOptions) {
  if (Date.parse(draft.expires_at) <= clock(deps).getTime()) throw new DomainError('validation', CAR_PACKAGE_MESSAGES.uploadsExpired);
  const checked = await checkUploadedPhotos(deps, draft.photos, { ...options, passed: passedUploads(draft), carCheckDeferrable: true });
  const logoKey = await keepLogo(deps, draft);
  try {
    // The checked photos are kept where no lifecycle rule forgets them, without their GPS position (a lossless
    // metadata edit: the stored original is still the dealer's exact image).
    await Promise.all(draft.photos.map((p) => deps.photos.putUpload(p.key, stripLocation(checked.get(p.upload_key)!), p.content_type)));
    const { pkg, images } = newPackage(draft, logoKey, draft.photos, clock(deps).toISOString());
    const charge = await debitCredits(
      { store: deps.credits, now: deps.now },
      {
        sub: draft.user_id,
        credits: CAR_PACKAGE_CREDITS,
        key: chargeKey(draft.id),
        description: `Car package: ${draft.session_name}`,
        metadata: { package_id: draft.id },
        alongside: {
          writes: () => [...deps.store.creationWrites(pkg, images), ...(claim?.writes() ?? [])],
          refused: () => claim?.refused() ?? new DomainError('conflict', CAR_PACKAGE_MESSAGES.alreadyStarted),
        },
      },
    );
    return { pkg, balance: charge.balance, replayed: charge.replayed, angles: images.map((i) => i.angle) };
  } catch (error) {
    // Unless another start of this package won (its copies are the same files), no copy may outlive the refusal.
    if (!(await deps.store.get(draft.id))) {
      await deps.photos.deletePrefix(s3Keys.packagePrefix(draft.user_id, draft.id), 'uploads').catch((e) => logger.warn('photo copies not removed', { error: e as Error }));
    }
    throw error;
  }
}

/** Once-only markers written in the charge's transaction: when one already exists, nothing is written or charged. */
export interface PackageClaim {
  writes: () => AlongsideWrite[];
  refused: () => DomainError;
}

/**
 * A package from photos already stored in the uploads bucket (trial photos after the first sign-in): the draft is
 * written here with those keys as its uploads, then started exactly as a dealer's own (the checks, the copies, 1
 * credit in the transaction that creates the package, the workflow). The `claim` writes join that transaction, so a
 * second or concurrent call with the same claim charges and creates nothing. `checks.carChecked` names the uploads
 * whose car check already passed (for exactly the bytes with that digest).
 */
export async function startPackageFromStoredPhotos(deps: PackageDeps, draft: StoredDraft, claim?: PackageClaim, checks?: CheckOptions): Promise<StartCarPackageResponse> {
  // The same package asked for at the same moment (a double click on "Start again"): started as that draft, once.
  if (!(await deps.store.putDraft(draft))) return startCarPackage(deps, draft.user_id, draft.id);
  let charge: Awaited<ReturnType<typeof chargeDraft>>;
  try {
    charge = await chargeDraft(deps, draft, claim, checks);
  } catch (error) {
    await deps.store.deleteDraft(draft.id).catch((e) => logger.warn('draft not removed', { error: e as Error }));
    throw error;
  }
  if (charge.replayed) {
    // A concurrent call with the same package id charged first (its transaction removed its draft; this one's is left).
    await deps.store.deleteDraft(draft.id).catch((e) => logger.warn('draft not removed', { error: e as Error }));
    return replay(deps, (await deps.store.get(draft.id)) ?? charge.pkg);
  }
  const { pkg, balance } = charge;
  opsEvent('packageStarted', { packageId: pkg.id });
  await deps.notify(draft.user_id, { type: 'balance.updated' });
  try {
    await deps.workflow.start(pkg.execution_name, { package_id: pkg.id, user_id: pkg.user_id, angles: charge.angles });
  } catch (error) {
    logger.error('render workflow did not start; refunding', { packageId: pkg.id, error: error as Error });
    await closeUnstarted(deps, pkg);
    throw new DomainError('unavailable', CAR_PACKAGE_MESSAGES.couldNotStart);
  }
  await packageChanged(deps.notify, pkg);
  return { package: await summaryView(pkg, deps.photos.urls()), balance, replayed: false, plan: planOf(pkg) };
}

/** The plan the dealer saw in the form: from the photos' angles as tagged (or suggested and kept) when it started. */
function planOf(pkg: StoredPackage) {
  return planCoverage(pkg.photos.map((p) => p.angle), mirrorFillOf(pkg));
}

/** A repeated start: nothing is charged again; the workflow is started if the first call could not. */
async function replay(deps: PackageDeps, pkg: StoredPackage): Promise<StartCarPackageResponse> {
  if (pkg.status === 'pending' && pkg.execution_name === pkg.id) {
    const angles = (await deps.store.getWithImages(pkg.id))?.images.map((i) => i.angle) ?? [...ANGLES];
    await deps.workflow.start(pkg.execution_name, { package_id: pkg.id, user_id: pkg.user_id, angles });
  }
  const balance = await getCreditBalance({ store: deps.credits, now: deps.now }, pkg.user_id);
  if (!balance) throw new DomainError('not_found', CAR_PACKAGE_MESSAGES.notFound);
  return { package: await summaryView(pkg, deps.photos.urls()), balance, replayed: true, plan: planOf(pkg) };
}

async function closeUnstarted(deps: PackageDeps, pkg: StoredPackage) {
  const now = clock(deps).toISOString();
  await refundCredits(
    { store: deps.credits, now: deps.now },
    {
      sub: pkg.user_id,
      chargeTxId: txIds.debit(chargeKey(pkg.id)),
      refundKey: refundKey(pkg.id),
      description: `Refund: ${pkg.session_name} (could not start)`,
      metadata: { package_id: pkg.id },
      // Nothing else runs on a package that could not start: the mark cannot be refused.
      alongside: { writes: () => [deps.store.refundMark(pkg, now)], refused: () => new DomainError('conflict', CAR_PACKAGE_MESSAGES.couldNotStart) },
    },
  );
  for (const angle of ANGLES) await deps.store.failAngle(pkg.id, angle, CAR_PACKAGE_MESSAGES.couldNotStart, now);
  await deps.store.finish(pkg.id, 'error', CAR_PACKAGE_MESSAGES.couldNotStart, pkg.execution_name, now);
  opsEvent('packageFinished', { packageId: pkg.id, status: 'error', refunded: 1, wallTimeMs: Date.parse(now) - Date.parse(pkg.created_at) });
  await deps.notify(pkg.user_id, { type: 'balance.updated' });
}

