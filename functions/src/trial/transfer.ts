/**
 * After the first sign-in: the trial photos become a car package of the new account, made of the angles they show
 * ("Trial: 2 angles from 2 photos"), processed with 1 trial credit through the same workflow. Exactly once per account and once per link: both markers are written in the charge's
 * own transaction, so concurrent calls (two tabs) make one package and one debit.
 */
import { DEFAULT_BACKGROUND } from '@shared/backgrounds';
import { CAR_PACKAGE_DRAFT_LIFETIME_MS, TRIAL_PACKAGE_NAME } from '@shared/limits';
import { MESSAGES, TRIAL_MESSAGES } from '@shared/messages';
import type { z } from 'zod';
import { carsInPhotos } from '@shared/same-car';
import { anglesGiven, TRIAL_CHECK_MESSAGES } from '@shared/trial-photo-checks';
import type { TransferPhotosResponse, transferPhotosByEmailRequestSchema, transferPhotosRequestSchema } from '@shared/schemas/trial';
import type { AccountStore } from '../accounts/account-store';
import { photoId, s3Keys, type StoredDraft } from '../car-packages/car-package';
import type { PackageDeps } from '../car-packages/package-deps';
import { startPackageFromStoredPhotos } from '../car-packages/start-package';
import { DomainError } from '../lib/errors';
import { newId } from '../lib/ids';
import type { TrialLinkStore } from './ports';
import { trialTokenHash, type StoredTrialLink } from './trial-link';

export interface TransferDeps {
  links: TrialLinkStore;
  accounts: AccountStore;
  packages: PackageDeps;
  now?: () => Date;
}

const alreadyUsed = () => new DomainError('conflict', MESSAGES.trialTokenAlreadyUsed);

/** The caller's sign-in address (access tokens carry none); a user_id that is not the caller's is refused. */
async function callerEmail(deps: TransferDeps, sub: string, userId: string | undefined): Promise<string> {
  if (userId !== undefined && userId !== sub) throw new DomainError('forbidden', TRIAL_MESSAGES.userIdNotYours);
  const profile = await deps.accounts.getProfile(sub);
  if (!profile) throw new DomainError('not_found', MESSAGES.accountNotFound);
  return profile.email.toLowerCase();
}

/** Creates and starts the package from the link's photos, with the once-only markers in the charge's transaction. */
async function transferLink(deps: TransferDeps, sub: string, link: StoredTrialLink): Promise<TransferPhotosResponse> {
  if (await deps.links.userTransferred(sub)) throw alreadyUsed();
  const now = deps.now?.() ?? new Date();
  const id = newId();
  // One car per package: the photos of the car most of them show (the account step already asked for one car).
  const groups = carsInPhotos(link.photos.map((p) => p.appearance));
  const photos = link.photos.filter((_, i) => groups[i] === 1);
  // A trial package is the angles its photos show (decisions.md, turn 4), named and counted that way; photos checked
  // before their angle was kept make the 8 standard angles, as before.
  const angles = photos.every((p) => p.angle) ? anglesGiven(photos.map((p) => p.angle)) : [];
  const draft: StoredDraft = {
    id,
    user_id: sub,
    session_name: angles.length > 0 ? TRIAL_CHECK_MESSAGES.packageName(angles.length, photos.length) : TRIAL_PACKAGE_NAME,
    background: DEFAULT_BACKGROUND,
    use_logo: false,
    // No mirror images: the angles the photos show, no more.
    fill_missing_sides: false,
    ...(angles.length > 0 ? { angles } : {}),
    photos: photos.map((p, i) => ({
      id: photoId(i),
      file_name: p.name,
      content_type: p.content_type,
      size: p.size,
      // The angle the car check saw when the prospect uploaded it, as a dealer's tag.
      angle: p.angle ?? null,
      // The trial upload is the draft's upload: the start checks it and copies it into the dealer's own space.
      upload_key: p.key,
      key: s3Keys.photo(sub, id, photoId(i), p.key.split('.').pop()!),
      assigned_angle: null,
      refused: null,
    })),
    created_at: now.toISOString(),
    expires_at: new Date(now.getTime() + CAR_PACKAGE_DRAFT_LIFETIME_MS).toISOString(),
  };
  // The car check passed when the prospect uploaded them: not asked again for the same bytes (a paid call in AWS).
  const carChecked = new Map(photos.flatMap((p) => (p.checked_sha256 ? [[p.key, p.checked_sha256] as const] : [])));
  const started = await startPackageFromStoredPhotos(
    deps.packages,
    draft,
    { writes: () => deps.links.transferClaimWrites(sub, link.id, id, now.toISOString()), refused: alreadyUsed },
    { carChecked },
  );
  await deps.links.markTransferred(sub, link.id, id, now.toISOString());
  return { success: true, transferred_count: photos.length, detail: MESSAGES.trialPhotosTransferred, package_id: started.package.id };
}

/** POST /api/trial/transfer-photos: the link must have been converted to the caller's own address. */
export async function transferByToken(deps: TransferDeps, sub: string, body: z.output<typeof transferPhotosRequestSchema>): Promise<TransferPhotosResponse> {
  const email = await callerEmail(deps, sub, body.user_id);
  const link = await deps.links.findByTokenHash(trialTokenHash(body.trial_token));
  // Another account's link is answered as one that does not exist.
  if (!link || !link.converted_at || link.converted_email !== email) throw new DomainError('validation', MESSAGES.invalidOrExpiredTrialToken);
  if (link.transferred_at) throw alreadyUsed();
  return transferLink(deps, sub, link);
}

/**
 * POST /api/trial/transfer-photos-by-email: the fallback when the browser kept no token (the link was opened on
 * another device). The e-mail must be the caller's own; nothing to transfer is a success with 0.
 */
export async function transferByEmail(deps: TransferDeps, sub: string, body: z.output<typeof transferPhotosByEmailRequestSchema>): Promise<TransferPhotosResponse> {
  const email = await callerEmail(deps, sub, body.user_id);
  if (body.email !== email) throw new DomainError('forbidden', TRIAL_MESSAGES.emailNotYours);
  if (await deps.links.userTransferred(sub)) return { success: true, transferred_count: 0, detail: TRIAL_MESSAGES.alreadyTransferred };
  const link = (await deps.links.convertedTo(email)).find((l) => !l.transferred_at && l.photos.length > 0);
  if (!link) return { success: true, transferred_count: 0, detail: TRIAL_MESSAGES.nothingToTransfer };
  try {
    return await transferLink(deps, sub, link);
  } catch (error) {
    // A concurrent transfer (another tab) won: the photos are transferred, once.
    if (error instanceof DomainError && error.message === MESSAGES.trialTokenAlreadyUsed) {
      return { success: true, transferred_count: 0, detail: TRIAL_MESSAGES.alreadyTransferred };
    }
    throw error;
  }
}
