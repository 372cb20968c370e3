import { createPresignedPost } from '@aws-sdk/s3-presigned-post';
import type { AcceptedImageType } from '@shared/limits';
import { MAX_FILE_BYTES } from '@shared/limits';
import type { UploadTarget } from '@shared/schemas/common';
import { s3ForBrowser } from '../adapters/s3/client';

export type { UploadTarget };

export const UPLOAD_URL_LIFETIME_S = 10 * 60;

/**
 * A presigned POST the browser uploads one file with. S3 itself refuses a file over `maxBytes`, another key
 * or another content type; the bytes are still checked before the file is used or charged.
 */
export async function createUploadTarget(input: {
  bucket: string;
  key: string;
  contentType: AcceptedImageType | string;
  maxBytes?: number;
  now?: Date;
}): Promise<UploadTarget> {
  const maxBytes = input.maxBytes ?? MAX_FILE_BYTES;
  const { url, fields } = await createPresignedPost(s3ForBrowser(), {
    Bucket: input.bucket,
    Key: input.key,
    Conditions: [
      ['content-length-range', 1, maxBytes],
      ['eq', '$Content-Type', input.contentType],
    ],
    Fields: { 'Content-Type': input.contentType },
    Expires: UPLOAD_URL_LIFETIME_S,
  });
  return { url, fields, key: input.key, maxBytes, expiresAt: new Date((input.now ?? new Date()).getTime() + UPLOAD_URL_LIFETIME_S * 1000).toISOString() };
}
