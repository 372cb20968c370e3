import { logoUploadRequestSchema } from '@shared/schemas/account';
import { apiHandler } from '../http/api-handler';
import { createLogoUpload } from '../accounts/logo';
import { S3LogoStorage } from '../accounts/s3-logo-storage';
import { config } from '../lib/config';

/** Settings: a presigned upload of the dealer's logo (PNG, JPEG or WebP, at most 2 MB) to their own logo key. */
export const handler = apiHandler('create-logo-upload', { body: logoUploadRequestSchema }, async ({ body, caller }) => ({
  body: await createLogoUpload({ logos: new S3LogoStorage(config().UPLOADS_BUCKET) }, caller!.sub, body),
}));
