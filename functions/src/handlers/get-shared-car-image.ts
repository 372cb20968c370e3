import { sharedImagePathSchema } from '@shared/schemas/share';
import { apiHandler } from '../http/api-handler';
import { S3PhotoStorage } from '../car-packages/s3-photo-storage';
import { listingImages } from '../inventory-feed/image-sizes';
import { config } from '../lib/config';
import { shareAdapters } from '../sharing/adapters';
import { SHARED_CAR_CACHE_CONTROL, sharedImageFile } from '../sharing/share';

const shared = shareAdapters();
/** The listing sizes of the inventory feed are made here (sharp, from the native image layer) and kept. */
const deps = { ...shared, listingImage: listingImages(new S3PhotoStorage(config().UPLOADS_BUCKET, config().RENDERS_BUCKET)) };

/** A shared image by its stable link: the file itself, cacheable for a minute (Share off reaches every cache within it). */
export const handler = apiHandler('get-shared-car-image', { params: sharedImagePathSchema }, async ({ params }) => {
  const file = await sharedImageFile(deps, params.token, params.angle, params.size);
  return {
    bytes: file.bytes,
    headers: {
      'cache-control': SHARED_CAR_CACHE_CONTROL,
      'content-type': file.content_type,
      ...(file.file_name ? { 'content-disposition': `attachment; filename="${file.file_name}"` } : {}),
    },
  };
});
