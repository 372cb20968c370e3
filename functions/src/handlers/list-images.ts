import { listImagesQuerySchema } from '@shared/schemas/images';
import { apiHandler } from '../http/api-handler';
import { imageAdapters } from '../images/adapters';
import { listImages } from '../images/list-images';

const deps = imageAdapters();

/** My Images: the caller's own studio images, newest first, a page at a time, with signed links. */
export const handler = apiHandler('list-images', { query: listImagesQuerySchema }, async ({ query, caller }) => ({
  body: await listImages(deps, caller!.sub, query.limit, query.cursor),
}));
