import { inventoryFeedLinkPathSchema, inventoryFeedQuerySchema } from '@shared/schemas/inventory-feed';
import { apiHandler } from '../http/api-handler';
import { inventoryFeedAdapters } from '../inventory-feed/adapters';
import { feedAnswer } from '../inventory-feed/feed-answer';
import { feedForLink } from '../inventory-feed/inventory-feed';

const deps = inventoryFeedAdapters();

/** The dealer's inventory feed through its secret link (no key): 404 for any link that is not the current one. */
export const handler = apiHandler('get-inventory-feed-by-link', { params: inventoryFeedLinkPathSchema, query: inventoryFeedQuerySchema }, async ({ params, query }) =>
  feedAnswer(await feedForLink(deps, params.token, query), query, `/api/feeds/${params.token}`),
);
