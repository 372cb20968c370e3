import { checkCarPhotoRequestSchema, PHOTO_CHECK_MAX_BYTES } from '@shared/schemas/car-photo-check';
import { apiHandler } from '../http/api-handler';
import { checkCarPhoto } from '../vision/check-car-photo';
import { configuredVision } from '../vision/configured-vision';

const deps = { vision: configuredVision() };

/** The car check and angle suggestion of one photo the dealer just added (nothing stored, nothing charged). */
export const handler = apiHandler(
  'check-car-photo',
  { body: checkCarPhotoRequestSchema, maxBodyBytes: Math.ceil(PHOTO_CHECK_MAX_BYTES / 3) * 4 + 1024 },
  async ({ body }) => ({ body: await checkCarPhoto(deps, body) }),
);
