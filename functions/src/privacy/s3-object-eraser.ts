import { DeleteObjectsCommand, ListObjectsV2Command } from '@aws-sdk/client-s3';
import { s3 } from '../adapters/s3/client';
import type { ObjectEraser } from './erase-account';

/** Deletes a dealer's prefixes in the uploads and renders buckets, page by page. */
export class S3ObjectEraser implements ObjectEraser {
  constructor(private readonly buckets: { uploads: string; renders: string }) {}

  async erasePrefix(bucket: 'uploads' | 'renders', prefix: string): Promise<number> {
    const Bucket = this.buckets[bucket];
    let count = 0;
    let token: string | undefined;
    do {
      const page = await s3().send(new ListObjectsV2Command({ Bucket, Prefix: prefix, ContinuationToken: token }));
      const objects = (page.Contents ?? []).map((o) => ({ Key: o.Key! }));
      if (objects.length) await s3().send(new DeleteObjectsCommand({ Bucket, Delete: { Objects: objects, Quiet: true } }));
      count += objects.length;
      token = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (token);
    return count;
  }
}
