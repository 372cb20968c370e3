import { checkCarPhotoRequestSchema, PHOTO_CHECK_MAX_BYTES } from '@shared/schemas/car-photo-check';
import { apiHandler } from '../http/api-handler';
import { checkCarPhoto } from '../vision/check-car-photo';
import { budgetedVisionFor } from '../vision/configured-check-budget';
import { readPlateInBox } from '../vision/plate-text/car-plate';

// The cloud check reads the plate in the car's box for the same-car rule (this function has the text models' layer).
const visionFor = budgetedVisionFor(process.env, { readPlate: readPlateInBox });

/** The car check and angle suggestion of one photo the dealer just added (nothing charged; the answer kept by the photo's digest). */
export const handler = apiHandler(
  'check-car-photo',
  { body: checkCarPhotoRequestSchema, maxBodyBytes: Math.ceil(PHOTO_CHECK_MAX_BYTES / 3) * 4 + 1024 },
  async ({ body, caller, sourceIp }) => ({ body: await checkCarPhoto({ vision: visionFor({ sub: caller!.sub, sourceIp }) }, body) }),
);
