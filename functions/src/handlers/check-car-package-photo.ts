import { carPackagePhotoPathSchema } from '@shared/schemas/car-packages';
import { apiHandler } from '../http/api-handler';
import { packageAdapters } from '../car-packages/adapters';
import { checkPackagePhoto } from '../car-packages/check-package-photo';
import { configuredVision } from '../vision/configured-vision';

const deps = { ...packageAdapters(), vision: configuredVision() };

/** Checks one uploaded photo of a draft by its bytes (a car in it); 400 with the start's refusal, nothing charged. */
export const handler = apiHandler('check-car-package-photo', { params: carPackagePhotoPathSchema }, async ({ params, caller }) => ({
  body: await checkPackagePhoto(deps, caller!.sub, params.id, params.photo_id),
}));
