import { GetObjectCommand, HeadObjectCommand } from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import { s3, s3ForBrowser } from '../adapters/s3/client';
import { isMissing } from '../adapters/s3/is-missing';
import { createUploadTarget } from '../uploads/presigned-upload';
import type { AttachmentStorage } from './attachments';

export const ATTACHMENT_DOWNLOAD_LIFETIME_S = 10 * 60;

/** Support attachments in the uploads bucket. */
export class S3AttachmentStorage implements AttachmentStorage {
  constructor(private readonly bucket: string) {}

  createUploadTarget(input: { key: string; contentType: string; maxBytes: number }) {
    return createUploadTarget({ bucket: this.bucket, ...input });
  }

  async head(key: string) {
    try {
      const out = await s3().send(new HeadObjectCommand({ Bucket: this.bucket, Key: key }));
      return { size: out.ContentLength ?? 0, contentType: out.ContentType };
    } catch (error) {
      if (isMissing(error)) return undefined;
      throw error;
    }
  }

  async readStart(key: string, count: number): Promise<Uint8Array> {
    if (count <= 0) return new Uint8Array();
    const out = await s3().send(new GetObjectCommand({ Bucket: this.bucket, Key: key, Range: `bytes=0-${count - 1}` }));
    return out.Body ? await out.Body.transformToByteArray() : new Uint8Array();
  }

  /** A short-lived download link for support staff. */
  downloadUrl(key: string, fileName: string): Promise<string> {
    return getSignedUrl(
      s3ForBrowser(),
      new GetObjectCommand({ Bucket: this.bucket, Key: key, ResponseContentDisposition: `attachment; filename="${fileName}"` }),
      { expiresIn: ATTACHMENT_DOWNLOAD_LIFETIME_S },
    );
  }
}
