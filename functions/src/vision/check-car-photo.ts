/**
 * POST /api/car-photos/check: the package form sends each photo (shrunk) as soon as it is added and gets the car
 * check's verdict and the suggested angle back, before anything is uploaded or charged. Bad bytes answer 400 with the
 * photo's own refusal; a photo without a usable car is a normal answer (the form shows why); a failing vision service
 * answers 503 saying nothing was charged.
 */
import { CAR_CHECK_MESSAGES, VISION_UNAVAILABLE } from '@shared/messages';
import type { CheckCarPhotoRequest, CheckCarPhotoResponse } from '@shared/schemas/car-photo-check';
import { DomainError } from '../lib/errors';
import { logger } from '../lib/logger';
import { decodePhoto } from '../renderer/photo-validation';
import { PhotoRejectedError } from '../renderer/port';
import { CAR_CHECK_REASONS } from '@shared/car-checks';
import { CHECK_LIMITS, personInFront, predictedEnlargement } from '../renderer/checks/car-checks';
import { edgesTouched } from './car-check';
import { LOW_CONFIDENCE, VisionUnavailableError, type CarVision, type NormBox } from './port';

/**
 * A close-up as the studio image's check calls it (checks/car-checks.ts `closeUp`: the roof and a side or the bottom
 * cut by the frame), as far as one look tells it: the car touches the frame (the silhouette's answer where the vision
 * has one) and the detector's box reaches the top and another side.
 */
export function looksCloseUp(sighting: { main: NormBox; cutByEdge: boolean }): boolean {
  const edges = edgesTouched(sighting.main);
  return sighting.cutByEdge && edges.top && (edges.left || edges.right || edges.bottom);
}

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
  // than twice, a close-up, a person or something else (a fence, a branch) standing in front of the car is not
  // delivered (shared/car-checks.ts), so the form says so now, before the charge.
  const size = body.original_size ?? { width: photo.originalWidth, height: photo.originalHeight };
  const small = predictedEnlargement(sighting.main, size) > CHECK_LIMITS.upscale;
  // A close-up gets the card's retake words instead of "touches the edge", as the card says one or the other.
  // So is a car whose roof or bottom the photo's edge cuts through (the local adapter reads it from the cut-out).
  const closeUp = looksCloseUp(sighting) || sighting.cutThrough === true;
  const seen = closeUp ? sighting.warnings.filter((w) => w !== CAR_CHECK_MESSAGES.cutByEdge) : sighting.warnings;
  const person = personInFront(sighting.main, sighting.people ?? []);
  const warnings = [
    ...(small ? [CAR_CHECK_REASONS.carSmall.text] : []),
    ...(person ? [CAR_CHECK_REASONS.personInFront.text] : []),
    ...(closeUp ? [CAR_CHECK_REASONS.closeUp.text] : []),
    ...(sighting.somethingInFront ? [CAR_CHECK_REASONS.somethingInFront.text] : []),
    ...seen,
  ];
  return { car: true, angle, confidence, low_confidence: confidence < LOW_CONFIDENCE, cars: sighting.cars, warnings, appearance: sighting.appearance ?? null };
}
