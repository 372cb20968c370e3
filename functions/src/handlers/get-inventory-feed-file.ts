import { feedFilePathSchema } from '@shared/schemas/inventory-feed';
import { apiHandler, type HandlerResult } from '../http/api-handler';
import { inventoryFeedAdapters } from '../inventory-feed/adapters';
import { feedFile } from '../inventory-feed/inventory-feed';

const deps = inventoryFeedAdapters();

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
