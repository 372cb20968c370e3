import { CopyObjectCommand, DeleteObjectsCommand, GetObjectCommand, HeadObjectCommand, ListObjectsV2Command, PutObjectCommand } from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import { SIGNED_URL_LIFETIME_S } from '@shared/limits';
import { s3, s3ForBrowser } from '../adapters/s3/client';
import { isMissing } from '../adapters/s3/is-missing';
import { createUploadTarget } from '../uploads/presigned-upload';
import type { SignedUrls } from './car-package';
import type { PhotoStorage } from './ports';

/** Dealer photos in the uploads bucket, studio images and zips in the renders bucket. */
export class S3PhotoStorage implements PhotoStorage {
  constructor(
    private readonly uploads: string,
    private readonly renders: string,
  ) {}

  presignUpload(key: string, contentType: string, maxBytes: number) {
    return createUploadTarget({ bucket: this.uploads, key, contentType, maxBytes });
  }

  async uploadSize(key: string): Promise<number | undefined> {
    try {
      return (await s3().send(new HeadObjectCommand({ Bucket: this.uploads, Key: key }))).ContentLength ?? 0;
    } catch (error) {
      if (isMissing(error)) return undefined;
      throw error;
    }
  }

  private async read(bucket: string, key: string): Promise<Buffer> {
    const out = await s3().send(new GetObjectCommand({ Bucket: bucket, Key: key }));
    return Buffer.from(await out.Body!.transformToByteArray());
  }

  readUpload(key: string) {
    return this.read(this.uploads, key);
  }

  readRender(key: string) {
    return this.read(this.renders, key);
  }

  async copyUpload(from: string, to: string): Promise<void> {
    const copy = () => s3().send(new CopyObjectCommand({ Bucket: this.uploads, Key: to, CopySource: `${this.uploads}/${encodeURIComponent(from).replace(/%2F/g, '/')}` }));
    try {
      await copy();
    } catch (error) {
      // Two copies to one key at the same moment (a double start) can fail one of them; once more settles it.
      if (isMissing(error)) throw error;
      await copy();
    }
  }

  async putUpload(key: string, bytes: Buffer, contentType: string): Promise<void> {
    await s3().send(new PutObjectCommand({ Bucket: this.uploads, Key: key, Body: bytes, ContentType: contentType }));
  }

  async putRender(key: string, bytes: Buffer, contentType: string): Promise<void> {
    await s3().send(new PutObjectCommand({ Bucket: this.renders, Key: key, Body: bytes, ContentType: contentType }));
  }

  async deleteRenders(keys: string[]): Promise<void> {
    if (keys.length) await s3().send(new DeleteObjectsCommand({ Bucket: this.renders, Delete: { Objects: keys.map((Key) => ({ Key })), Quiet: true } }));
  }

  async renderExists(key: string): Promise<boolean> {
    try {
      await s3().send(new HeadObjectCommand({ Bucket: this.renders, Key: key }));
      return true;
    } catch (error) {
      if (isMissing(error)) return false;
      throw error;
    }
  }

  async deletePrefix(prefix: string, where: 'uploads' | 'renders' | 'both'): Promise<void> {
    const buckets = where === 'both' ? [this.uploads, this.renders] : [where === 'uploads' ? this.uploads : this.renders];
    for (const bucket of buckets) {
      let token: string | undefined;
      do {
        const page = await s3().send(new ListObjectsV2Command({ Bucket: bucket, Prefix: prefix, ContinuationToken: token }));
        const objects = (page.Contents ?? []).map((o) => ({ Key: o.Key! }));
        if (objects.length) await s3().send(new DeleteObjectsCommand({ Bucket: bucket, Delete: { Objects: objects, Quiet: true } }));
        token = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (token);
    }
  }

  downloadUrl(key: string, fileName: string): Promise<string> {
    const command = new GetObjectCommand({ Bucket: this.renders, Key: key, ResponseContentDisposition: `attachment; filename="${fileName.replace(/["\\]/g, '')}"` });
    return getSignedUrl(s3ForBrowser(), command, { expiresIn: SIGNED_URL_LIFETIME_S });
  }

  urls(): SignedUrls {
    const sign = (bucket: string) => (key: string) => getSignedUrl(s3ForBrowser(), new GetObjectCommand({ Bucket: bucket, Key: key }), { expiresIn: SIGNED_URL_LIFETIME_S });
    return { upload: sign(this.uploads), render: sign(this.renders) };
  }
}
