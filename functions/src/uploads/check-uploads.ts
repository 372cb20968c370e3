/**
 * The checks every uploaded photo passes before anything is charged (car packages and batches): there, within the
 * size limit, a photo by its bytes (type from the magic bytes, pixel count, a full decode), and a car in it.
 */
import { MAX_FILE_BYTES } from '@shared/limits';
import { CAR_PACKAGE_MESSAGES, PHOTO_REFUSALS, VISION_UNAVAILABLE } from '@shared/messages';
import { DomainError } from '../lib/errors';
import { sha256 } from '../lib/ids';
import { logger } from '../lib/logger';
import { decodePhoto, type DecodedPhoto } from '../renderer/photo-validation';
import { PhotoRejectedError } from '../renderer/port';
import { VisionUnavailableError, type CarSighting, type CarVision } from '../vision/port';

export interface UploadedPhoto {
  /** Stable id of the photo (echoed in decode errors). */
  id: string;
  file_name: string;
  upload_key: string;
}

export interface UploadReader {
  /** Size of an uploaded object, undefined when it is not there. */
  uploadSize(key: string): Promise<number | undefined>;
  readUpload(key: string): Promise<Buffer>;
}

export interface CheckOptions {
  /**
   * Uploads whose car check already passed, by upload key: the SHA-256 (lib/ids sha256) of the bytes stored after that
   * check (a trial photo checked when the prospect uploaded it). When the bytes read now have exactly that digest, the
   * car check (a paid vision call in AWS) is not asked again; every other check still runs on them.
   */
  carChecked?: ReadonlyMap<string, string>;
  /**
   * Uploads that passed every check here already, by upload key: the SHA-256 of the bytes checked (the dealer's form
   * checks each photo as its upload lands, POST /api/car-packages/{id}/photos/{photo_id}/check). Bytes with exactly
   * that digest are neither decoded nor shown to the car check again; any other bytes get every check.
   */
  passed?: ReadonlyMap<string, string>;
  /**
   * A car package's start: when the vision service is unavailable (failing, or backing off after its rate limit), the
   * car check is left to the render workflow's own (its *Prepare photos* and render tasks check each photo for a car
   * and refuse it; a package with nothing rendered is refunded), instead of refusing the start with 503.
   */
  carCheckDeferrable?: boolean;
  /**
   * Ask the car check for the angle and the car's appearance too (a full look, as POST /api/car-photos/check does): the
   * trial page answers each photo's angle and whether the photos show one car. Not with carCheckDeferrable.
   */
  withAngle?: boolean;
}

/** What the car check saw of a usable photo (only when it was asked with `withAngle`). */
export type CarSeen = Extract<CarSighting, { ok: true }>;

/** One upload's checks: its bytes and their digest when it passed, else the refusal the dealer reads. */
export type UploadCheck = { ok: true; bytes: Buffer; digest: string; sighting?: CarSeen } | { ok: false; refusal: string; reason: string };

/** Every check of one upload, in order: there, within the size limit, a photo by its bytes, a car in it. */
export async function checkUpload(deps: { photos: UploadReader; vision: CarVision }, photo: UploadedPhoto, options: CheckOptions = {}): Promise<UploadCheck> {
  const size = await deps.photos.uploadSize(photo.upload_key);
  if (size === undefined) return { ok: false, refusal: CAR_PACKAGE_MESSAGES.photoNotUploaded(photo.file_name), reason: CAR_PACKAGE_MESSAGES.photoNotUploaded(photo.file_name) };
  if (size > MAX_FILE_BYTES) return refused(photo, PHOTO_REFUSALS.tooLarge(MAX_FILE_BYTES / 1024 / 1024));
  const bytes = await deps.photos.readUpload(photo.upload_key);
  const digest = sha256(bytes);
  if (options.passed?.get(photo.upload_key) === digest) return { ok: true, bytes, digest };
  let decoded;
  try {
    decoded = await decodePhoto(bytes, photo.id, digest);
  } catch (error) {
    if (!(error instanceof PhotoRejectedError)) throw error;
    return refused(photo, error.message);
  }
  if (options.carChecked?.get(photo.upload_key) === digest) return { ok: true, bytes, digest };
  const sighting = await lookForCar(deps.vision, decoded, options.carCheckDeferrable === true, options.withAngle === true);
  if (sighting === 'deferred') return { ok: true, bytes, digest };
  if (!sighting.ok) return refused(photo, sighting.message);
  return options.withAngle ? { ok: true, bytes, digest, sighting } : { ok: true, bytes, digest };
}

const refused = (photo: UploadedPhoto, reason: string) => ({ ok: false as const, refusal: CAR_PACKAGE_MESSAGES.photoRefused(photo.file_name, reason), reason });

/**
 * Checks every photo (three at a time) and refuses with the first refusal in the dealer's order; every refusal is
 * in the error's fields under `photos.<index>`. Answers the bytes it read, by upload key, so that keeping the
 * checked copy does not read each upload a second time.
 */
export async function checkUploadedPhotos(
  deps: { photos: UploadReader; vision: CarVision },
  photos: readonly UploadedPhoto[],
  options: CheckOptions = {},
): Promise<Map<string, Buffer>> {
  const refusals: Record<string, string> = {};
  const read = new Map<string, Buffer>();
  const queue = [...photos.entries()];
  const worker = async () => {
    for (let next = queue.shift(); next; next = queue.shift()) {
      const [i, photo] = next;
      const checked = await checkUpload(deps, photo, options);
      if (checked.ok) read.set(photo.upload_key, checked.bytes);
      else refusals[`photos.${i}`] = checked.refusal;
    }
  };
  await Promise.all([worker(), worker(), worker()]);
  const first = Object.keys(refusals).sort((a, b) => Number(a.split('.')[1]) - Number(b.split('.')[1]))[0];
  if (first) throw new DomainError('validation', refusals[first]!, refusals);
  return read;
}

async function lookForCar(vision: CarVision, photo: DecodedPhoto, deferrable: boolean, withAngle: boolean) {
  try {
    return await vision.look(photo, { angle: withAngle });
  } catch (error) {
    if (!(error instanceof VisionUnavailableError)) throw error;
    if (deferrable) {
      logger.warn('vision unavailable at start: the render workflow checks the car', { error });
      return 'deferred' as const;
    }
    logger.warn('vision unavailable at start', { error });
    throw new DomainError('unavailable', VISION_UNAVAILABLE);
  }
}
