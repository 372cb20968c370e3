import { DeleteObjectCommand, GetObjectCommand, HeadObjectCommand, PutObjectCommand } from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import { SIGNED_URL_LIFETIME_S } from '@shared/limits';
import { s3, s3ForBrowser } from '../adapters/s3/client';
import { isMissing } from '../adapters/s3/is-missing';
import { createUploadTarget } from '../uploads/presigned-upload';
import type { LogoStorage } from './logo';

/** The dealer's logo in the uploads bucket. */
export class S3LogoStorage implements LogoStorage {
  constructor(private readonly bucket: string) {}

  createUploadTarget(input: { key: string; contentType: string; maxBytes: number }) {
    return createUploadTarget({ bucket: this.bucket, ...input });
  }

  async read(key: string, maxBytes: number): Promise<Buffer | undefined> {
    try {
      const head = await s3().send(new HeadObjectCommand({ Bucket: this.bucket, Key: key }));
      if ((head.ContentLength ?? 0) > maxBytes) return undefined;
      const out = await s3().send(new GetObjectCommand({ Bucket: this.bucket, Key: key }));
      return Buffer.from(await out.Body!.transformToByteArray());
    } catch (error) {
      if (isMissing(error)) return undefined;
      throw error;
    }
  }

  async put(key: string, bytes: Buffer, contentType: string): Promise<void> {
    await s3().send(new PutObjectCommand({ Bucket: this.bucket, Key: key, Body: bytes, ContentType: contentType }));
  }

  async delete(key: string): Promise<void> {
    await s3().send(new DeleteObjectCommand({ Bucket: this.bucket, Key: key }));
  }

  downloadUrl(key: string): Promise<string> {
    return getSignedUrl(s3ForBrowser(), new GetObjectCommand({ Bucket: this.bucket, Key: key }), { expiresIn: SIGNED_URL_LIFETIME_S });
  }
}
