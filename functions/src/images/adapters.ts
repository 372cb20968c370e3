/** The real adapters of My Images, from configuration. */
import { config } from '../lib/config';
import { S3PhotoStorage } from '../car-packages/s3-photo-storage';
import { DynamoDbRenderedImageIndex } from './dynamodb-rendered-image-index';
import type { ImageDeps } from './list-images';

export function imageAdapters(): ImageDeps {
  const c = config();
  // The same signed GET links as the car packages' (uploads and renders buckets, SIGNED_URL_LIFETIME_S).
  return { index: new DynamoDbRenderedImageIndex(), links: new S3PhotoStorage(c.UPLOADS_BUCKET, c.RENDERS_BUCKET).urls() };
}
