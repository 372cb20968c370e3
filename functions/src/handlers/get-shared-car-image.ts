import { sharedImagePathSchema } from '@shared/schemas/share';
import { apiHandler } from '../http/api-handler';
import { shareAdapters } from '../sharing/adapters';
import { sharedImageLink } from '../sharing/share';

const deps = shareAdapters();

/** A shared image by its stable link: a redirect to a fresh signed link (never cached: Share off is 404 at once). */
export const handler = apiHandler('get-shared-car-image', { params: sharedImagePathSchema }, async ({ params }) => ({
  status: 302,
  headers: { location: await sharedImageLink(deps, params.token, params.angle, params.size) },
  body: { redirect: true },
}));
