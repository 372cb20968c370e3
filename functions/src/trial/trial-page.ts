/**
 * The prospect's side of a trial link (public routes): validating the link, presigned uploads of up to 10 photos and
 * their check by their bytes and the car check with the angle (each photo's verdict, and whether they show one car), and the account creation that converts the link once and sends the
 * magic link. Every call is counted per link and per client first.
 */
import { MAX_FILE_BYTES, TRIAL_RATE_LIMIT } from '@shared/limits';
import { MESSAGES, TRIAL_MESSAGES } from '@shared/messages';
import type { z } from 'zod';
import type {
  CreateTrialAccountResponse,
  createTrialAccountRequestSchema,
  TrialUploadCompleteResponse,
  TrialUploadResponse,
  trialUploadRequestSchema,
  TrialPhotoVerdict,
  TrialValidationResponse,
} from '@shared/schemas/trial';
import { carsInPhotos } from '@shared/same-car';
import { anglesGiven, TRIAL_CHECK_MESSAGES } from '@shared/trial-photo-checks';
import { trialTokenSchema } from '@shared/schemas/trial';
import type { RequestCounter } from '../auth/request-magic-link';
import type { PhotoStorage } from '../car-packages/ports';
import { checkUpload } from '../uploads/check-uploads';
import { stripLocation } from '../uploads/strip-location';
import { DomainError } from '../lib/errors';
import { newId, sha256 } from '../lib/ids';
import { LOW_CONFIDENCE, type CarVision } from '../vision/port';
import type { TrialLinkStore } from './ports';
import { isOpen, stateOf, trialPhotoKey, trialTokenHash, type StoredTrialLink, type TrialPhoto } from './trial-link';

export interface TrialPageDeps {
  links: TrialLinkStore;
  photos: Pick<PhotoStorage, 'presignUpload' | 'uploadSize' | 'readUpload' | 'putUpload'>;
  vision: CarVision;
  count: RequestCounter;
  /** Overrides TRIAL_RATE_LIMIT.perClientPerHour (a test run's calls all come from one address). */
  perClientPerHour?: number;
  now?: () => Date;
}

const HOUR = 3_600_000;
const nowOf = (deps: { now?: () => Date }) => deps.now?.() ?? new Date();

/** Counts the call against the link (by its token's hash, known or not) and the client; 429 when a window is full. */
async function countCall(deps: TrialPageDeps, token: string, clientIp: string): Promise<void> {
  const allowed = await deps.count([
    { scope: 'trial-link', subject: trialTokenHash(token), max: TRIAL_RATE_LIMIT.perLinkPerHour, windowMs: HOUR },
    { scope: 'trial-client', subject: clientIp, max: deps.perClientPerHour ?? TRIAL_RATE_LIMIT.perClientPerHour, windowMs: HOUR },
  ]);
  if (!allowed) throw new DomainError('rate_limited', TRIAL_MESSAGES.tooManyTrialRequests);
}

/** Why a link cannot be used, in the spec's words: a converted link is "already used", anything else invalid. */
function refusalOf(link: StoredTrialLink | undefined, nowMs: number): DomainError {
  if (link && stateOf(link, nowMs) === 'converted') return new DomainError('conflict', MESSAGES.trialTokenAlreadyUsed);
  return new DomainError('validation', MESSAGES.invalidOrExpiredTrialToken);
}

/** The open link of a token; a malformed (tampered) token is refused before any read. */
async function openLink(deps: TrialPageDeps, token: string): Promise<StoredTrialLink> {
  if (!trialTokenSchema.safeParse(token).success) throw refusalOf(undefined, 0);
  const link = await deps.links.findByTokenHash(trialTokenHash(token));
  const nowMs = nowOf(deps).getTime();
  if (!link || !isOpen(link, nowMs)) throw refusalOf(link, nowMs);
  return link;
}

/** GET /api/trial/validate-token/{token}: { valid, dealer_name } or { valid: false, error }. */
export async function validateTrialToken(deps: TrialPageDeps, token: string, clientIp: string): Promise<TrialValidationResponse> {
  await countCall(deps, token, clientIp);
  try {
    const link = await openLink(deps, token);
    return { valid: true, dealer_name: link.dealer_name };
  } catch (error) {
    if (error instanceof DomainError) return { valid: false, error: error.message };
    throw error;
  }
}

/** POST /api/trial/upload-photos/{token}: one presigned POST per photo under trial/<link id>/; replaces earlier ones. */
export async function requestTrialUploads(
  deps: TrialPageDeps,
  token: string,
  body: z.output<typeof trialUploadRequestSchema>,
  clientIp: string,
): Promise<TrialUploadResponse> {
  await countCall(deps, token, clientIp);
  const link = await openLink(deps, token);
  const attempt = newId();
  const photos: TrialPhoto[] = body.files.map((f, i) => ({
    id: `photo-${i + 1}`,
    name: f.name,
    content_type: f.type as TrialPhoto['content_type'],
    size: f.size,
    key: trialPhotoKey(link.id, attempt, `photo-${i + 1}`, f.type as TrialPhoto['content_type']),
  }));
  if (!(await deps.links.setPendingPhotos(link.id, photos, nowOf(deps).toISOString()))) {
    throw refusalOf(await deps.links.get(link.id), nowOf(deps).getTime());
  }
  const uploads = await Promise.all(photos.map(async (p) => ({ name: p.name, ...(await deps.photos.presignUpload(p.key, p.content_type, MAX_FILE_BYTES)) })));
  return { success: true, uploads };
}


/**
 * POST /api/trial/upload-photos/{token}/complete: every upload checked by its bytes and the car check with the angle
 * (the package form's checks), answered photo by photo: the angle it shows and which car, or why it is refused. The
 * usable photos become the link's photos (refused ones are not kept); the account step follows only when they show
 * one car. A file uploaded again with the same bytes keeps its verdict without a second car check.
 */
export async function completeTrialUploads(deps: TrialPageDeps, token: string, clientIp: string): Promise<TrialUploadCompleteResponse> {
  await countCall(deps, token, clientIp);
  const link = await openLink(deps, token);
  if (link.pending_photos.length === 0) throw new DomainError('validation', TRIAL_MESSAGES.noUploadsToCheck);
  const known = new Map(link.photos.flatMap((p) => (p.uploaded_sha256 && p.angle ? [[p.uploaded_sha256, p] as const] : [])));
  const checks = await checkEach(link.pending_photos, async (p) => {
    // Read first for its digest: a file this link already checked keeps its verdict (its size is still checked).
    const bytes = known.size > 0 ? await deps.photos.readUpload(p.key).catch(() => undefined) : undefined;
    const before = bytes ? known.get(sha256(bytes)) : undefined;
    const passed = before ? new Map([[p.key, before.uploaded_sha256!]]) : undefined;
    const checked = await checkUpload(deps, { id: p.id, file_name: p.name, upload_key: p.key }, { withAngle: true, passed });
    if (!checked.ok) return checked;
    const seen = checked.sighting;
    const verdict = seen ? { angle: seen.angle ?? ('front' as const), confidence: seen.angle ? seen.confidence : 0, appearance: seen.appearance ?? null } : { angle: before!.angle!, confidence: before!.confidence ?? 0, appearance: before!.appearance ?? null };
    return { ...checked, ...verdict };
  });
  // The prospect's photos stay up to 30 days: kept without their GPS position from here on. Each is recorded with the
  // digest of the file kept, so the transfer does not ask the car check again for these same bytes.
  const kept: TrialPhoto[] = [];
  for (const [i, p] of link.pending_photos.entries()) {
    const c = checks[i]!;
    if (!c.ok) continue;
    const stripped = stripLocation(c.bytes);
    if (!stripped.equals(c.bytes)) await deps.photos.putUpload(p.key, stripped, p.content_type);
    kept.push({ ...p, checked_sha256: sha256(stripped), uploaded_sha256: c.digest, angle: c.angle, confidence: c.confidence, appearance: c.appearance });
  }
  if (!(await deps.links.setPhotos(link.id, kept, link.pending_photos[0]!.key, nowOf(deps).toISOString()))) {
    const now = await deps.links.get(link.id);
    // Another upload began meanwhile (a second tab): its photos are the ones to check.
    if (now && isOpen(now, nowOf(deps).getTime())) throw new DomainError('conflict', TRIAL_MESSAGES.noUploadsToCheck);
    throw refusalOf(now, nowOf(deps).getTime());
  }
  const groups = carsInPhotos(kept.map((p) => p.appearance));
  const cars = kept.length === 0 ? 0 : Math.max(...groups);
  let next = 0;
  const photos: TrialPhotoVerdict[] = link.pending_photos.map((p, i) => {
    const c = checks[i]!;
    if (!c.ok) return { name: p.name, car: false, reason: c.reason };
    return { name: p.name, car: true, angle: c.angle, confidence: c.confidence, low_confidence: c.confidence < LOW_CONFIDENCE, appearance: c.appearance, car_group: groups[next++]! };
  });
  const error = kept.length === 0 ? TRIAL_CHECK_MESSAGES.noUsablePhoto : cars > 1 ? TRIAL_CHECK_MESSAGES.differentCars(cars) : null;
  return { success: error === null, uploaded_count: kept.length, error, photos, cars, angles: anglesGiven(kept.map((p) => p.angle)) };
}

/** Each photo's checks, three at a time, answered in the photos' order. */
async function checkEach<T, R>(items: readonly T[], check: (item: T) => Promise<R>): Promise<R[]> {
  const results: R[] = [];
  const queue = [...items.entries()];
  const worker = async () => {
    for (let next = queue.shift(); next; next = queue.shift()) results[next[0]] = await check(next[1]);
  };
  await Promise.all([worker(), worker(), worker()]);
  return results;
}

/** Whether the link's kept photos show one car (photos checked before issue 39 carry no appearance: one car). */
export const photosShowOneCar = (photos: readonly TrialPhoto[]) => carsInPhotos(photos.map((p) => p.appearance)).every((g) => g === 1);

export interface CreateTrialAccountDeps extends TrialPageDeps {
  /** The sign-in link request of POST /api/auth/magic-link (creates the account if absent, mails the link). */
  requestMagicLink: (input: { email: string; trial: boolean; dealerName: string | null; clientIp: string }) => Promise<void>;
}

/**
 * POST /api/trial/create-account: converts the link to the address, once (a conditional write: a second call, an
 * expired, revoked or tampered link is refused), then creates or finds the account and mails the magic link
 * through the sign-in request, whose answer is the same whether the address had an account or not.
 */
export async function createTrialAccount(
  deps: CreateTrialAccountDeps,
  body: z.output<typeof createTrialAccountRequestSchema>,
  clientIp: string,
): Promise<CreateTrialAccountResponse> {
  await countCall(deps, body.token, clientIp);
  const link = await openLink(deps, body.token);
  if (link.photos.length === 0) throw new DomainError('validation', TRIAL_MESSAGES.uploadPhotosFirst);
  if (!photosShowOneCar(link.photos)) throw new DomainError('validation', TRIAL_CHECK_MESSAGES.keepOneCarFirst);
  if (!(await deps.links.convert(link.id, body.email, nowOf(deps).toISOString()))) {
    throw refusalOf(await deps.links.get(link.id), nowOf(deps).getTime());
  }
  await deps.requestMagicLink({ email: body.email, trial: true, dealerName: body.dealer_name || link.dealer_name, clientIp });
  return { success: true, error: null };
}
