/**
 * The checks every uploaded photo passes before anything is charged (car packages and batches): there, within the
 * size limit, a photo by its bytes (type from the magic bytes, pixel count, a full decode), and a car in it.
 */
import { createHash } from 'node:crypto';
import { MAX_FILE_BYTES } from '@shared/limits';
import { CAR_PACKAGE_MESSAGES, PHOTO_REFUSALS, VISION_UNAVAILABLE } from '@shared/messages';
import { DomainError } from '../lib/errors';
import { logger } from '../lib/logger';
import { decodePhoto, type DecodedPhoto } from '../renderer/photo-validation';
import { PhotoRejectedError } from '../renderer/port';
import { VisionUnavailableError, type CarVision } from '../vision/port';

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

/** The SHA-256 (hex) of a stored upload's bytes: what a car check that passed is recorded against. */
export const uploadDigest = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

export interface CheckOptions {
  /**
   * Uploads whose car check already passed, by upload key: the SHA-256 (uploadDigest) of the bytes stored after that
   * check (a trial photo checked when the prospect uploaded it). When the bytes read now have exactly that digest, the
   * car check (a paid vision call in AWS) is not asked again; every other check still runs on them.
   */
  carChecked?: ReadonlyMap<string, string>;
}

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
      const size = await deps.photos.uploadSize(photo.upload_key);
      if (size === undefined) {
        refusals[`photos.${i}`] = CAR_PACKAGE_MESSAGES.photoNotUploaded(photo.file_name);
        continue;
      }
      if (size > MAX_FILE_BYTES) {
        refusals[`photos.${i}`] = CAR_PACKAGE_MESSAGES.photoRefused(photo.file_name, PHOTO_REFUSALS.tooLarge(MAX_FILE_BYTES / 1024 / 1024));
        continue;
      }
      let decoded;
      try {
        const bytes = await deps.photos.readUpload(photo.upload_key);
        read.set(photo.upload_key, bytes);
        decoded = await decodePhoto(bytes, photo.id);
      } catch (error) {
        if (!(error instanceof PhotoRejectedError)) throw error;
        refusals[`photos.${i}`] = CAR_PACKAGE_MESSAGES.photoRefused(photo.file_name, error.message);
        continue;
      }
      const checkedDigest = options.carChecked?.get(photo.upload_key);
      if (checkedDigest && checkedDigest === uploadDigest(read.get(photo.upload_key)!)) continue;
      const sighting = await lookForCar(deps.vision, decoded);
      if (!sighting.ok) refusals[`photos.${i}`] = CAR_PACKAGE_MESSAGES.photoRefused(photo.file_name, sighting.message);
    }
  };
  await Promise.all([worker(), worker(), worker()]);
  const first = Object.keys(refusals).sort((a, b) => Number(a.split('.')[1]) - Number(b.split('.')[1]))[0];
  if (first) throw new DomainError('validation', refusals[first]!, refusals);
  return read;
}

async function lookForCar(vision: CarVision, photo: DecodedPhoto) {
  try {
    return await vision.look(photo, { angle: false });
  } catch (error) {
    if (!(error instanceof VisionUnavailableError)) throw error;
    logger.warn('vision unavailable at start', { error });
    throw new DomainError('unavailable', VISION_UNAVAILABLE);
  }
}
