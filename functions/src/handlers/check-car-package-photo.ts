import { carPackagePhotoPathSchema } from '@shared/schemas/car-packages';
import { apiHandler } from '../http/api-handler';
import { packageAdapters } from '../car-packages/adapters';
import { checkPackagePhoto } from '../car-packages/check-package-photo';
import { budgetedVisionFor } from '../vision/configured-check-budget';

const deps = packageAdapters();
const visionFor = budgetedVisionFor();

/** Checks one uploaded photo of a draft by its bytes (a car in it); 400 with the start's refusal, nothing charged. */
export const handler = apiHandler('check-car-package-photo', { params: carPackagePhotoPathSchema }, async ({ params, caller, sourceIp }) => ({
  body: await checkPackagePhoto({ ...deps, vision: visionFor({ sub: caller!.sub, sourceIp }) }, caller!.sub, params.id, params.photo_id),
}));
