import { apiHandler } from '../http/api-handler';
import { inventoryFeedAdapters } from '../inventory-feed/adapters';
import { feedLinkStatus } from '../inventory-feed/inventory-feed';

const deps = inventoryFeedAdapters();

/** Settings: whether the dealer has a secret feed link and since when (the link is shown only when made). */
export const handler = apiHandler('get-inventory-feed-link', {}, async ({ caller }) => ({ body: await feedLinkStatus(deps, caller!.sub) }));
