/**
 * POST /api/car-photos/check: the package form sends each photo (shrunk) as soon as it is added and gets the car
 * check's verdict and the suggested angle back, before anything is uploaded or charged. Bad bytes answer 400 with the
 * photo's own refusal; a photo without a usable car is a normal answer (the form shows why); a failing vision service
 * answers 503 saying nothing was charged.
 */
import { VISION_UNAVAILABLE } from '@shared/messages';
import type { CheckCarPhotoRequest, CheckCarPhotoResponse } from '@shared/schemas/car-photo-check';
import { DomainError } from '../lib/errors';
import { logger } from '../lib/logger';
import { decodePhoto } from '../renderer/photo-validation';
import { PhotoRejectedError } from '../renderer/port';
import { CAR_CHECK_REASONS } from '@shared/car-checks';
import { CHECK_LIMITS, predictedEnlargement } from '../renderer/checks/car-checks';
import { LOW_CONFIDENCE, VisionUnavailableError, type CarVision } from './port';

export async function checkCarPhoto(deps: { vision: CarVision }, body: CheckCarPhotoRequest): Promise<CheckCarPhotoResponse> {
  let photo;
  try {
    photo = await decodePhoto(Buffer.from(body.photo, 'base64'));
  } catch (error) {
    if (!(error instanceof PhotoRejectedError)) throw error;
    throw new DomainError('validation', error.message, { photo: error.message });
  }
  let sighting;
  try {
    sighting = await deps.vision.look(photo);
  } catch (error) {
    if (!(error instanceof VisionUnavailableError)) throw error;
    logger.warn('vision unavailable', { error });
    throw new DomainError('unavailable', VISION_UNAVAILABLE);
  }
  if (!sighting.ok) return { car: false, reason: sighting.reason, message: sighting.message };
  // Both adapters answer an angle when asked for one; a model that gave none is unsure of everything.
  const angle = sighting.angle ?? 'front';
  const confidence = sighting.angle ? sighting.confidence : 0;
  // The car check of the render, as far as one look tells it: a car so small that the studio would enlarge it more
  // than twice is not delivered (shared/car-checks.ts), so the form says so now, before the charge.
  const size = body.original_size ?? { width: photo.originalWidth, height: photo.originalHeight };
  const small = predictedEnlargement(sighting.main, size) > CHECK_LIMITS.upscale;
  const warnings = small ? [CAR_CHECK_REASONS.carSmall.text, ...sighting.warnings] : sighting.warnings;
  return { car: true, angle, confidence, low_confidence: confidence < LOW_CONFIDENCE, cars: sighting.cars, warnings, appearance: sighting.appearance ?? null };
}
