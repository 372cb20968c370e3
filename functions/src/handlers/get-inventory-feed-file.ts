import { feedFilePathSchema } from '@shared/schemas/inventory-feed';
import { apiHandler, type HandlerResult } from '../http/api-handler';
import { S3PhotoStorage } from '../car-packages/s3-photo-storage';
import { inventoryFeedAdapters } from '../inventory-feed/adapters';
import { listingImages } from '../inventory-feed/image-sizes';
import { config } from '../lib/config';
import { feedFile } from '../inventory-feed/inventory-feed';

const adapters = inventoryFeedAdapters();
/** The listing sizes are made here (sharp, from the native image layer) and kept. */
const deps = { ...adapters, listingImage: listingImages(new S3PhotoStorage(config().UPLOADS_BUCKET, config().RENDERS_BUCKET)) };

/**
 * A file of the inventory feed by its signed link: an image (the size asked, made on first request and kept), or the
 * walk-around video by a redirect to a signed storage link. Caches may keep an image an hour: its link names one
 * stored image, so it never changes under the same link.
 */
export const handler = apiHandler('get-inventory-feed-file', { params: feedFilePathSchema }, async ({ params }): Promise<HandlerResult> => {
  const file = await feedFile(deps, params.package_id, params.file, params.signature);
  if (file.kind === 'redirect') return { status: 302, body: { url: file.url }, headers: { location: file.url, 'cache-control': 'no-store' } };
  return { bytes: file.bytes, headers: { 'content-type': 'image/jpeg', 'cache-control': 'public, max-age=3600', 'content-disposition': `inline; filename="${file.file_name}"` } };
});
