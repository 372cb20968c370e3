import { apiHandler } from '../http/api-handler';
import { siteOriginOf } from '../auth/create-magic-link-deps';
import { shareAdapters } from '../sharing/adapters';
import { sharedCarPage, siteTemplate, wantsHtml } from '../sharing/share-page';

const siteOrigin = siteOriginOf();
const deps = { ...shareAdapters(), siteOrigin, template: siteTemplate(siteOrigin) };

/** /c/{token} (CloudFront and the local host send it here): the shared car's page as HTML; 404 when not shared. */
export const handler = apiHandler('get-shared-car-page', {}, async ({ event }) => {
  const page = await sharedCarPage(deps, event.pathParameters?.token ?? '', 'page', wantsHtml(event.headers.accept));
  return page;
});
