import { apiHandler } from '../http/api-handler';
import { siteOriginOf } from '../auth/create-magic-link-deps';
import { shareAdapters } from '../sharing/adapters';
import { sharedCarPage, siteTemplate, wantsHtml } from '../sharing/share-page';

const siteOrigin = siteOriginOf();
const deps = { ...shareAdapters(), siteOrigin, template: siteTemplate(siteOrigin) };

/** /c/{token}/embed: the walk-around alone, for the dealer's own site (the only route other sites may frame). */
export const handler = apiHandler('get-shared-car-embed', {}, async ({ event }) => {
  const page = await sharedCarPage(deps, event.pathParameters?.token ?? '', 'embed', wantsHtml(event.headers.accept));
  return page;
});
