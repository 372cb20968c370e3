import { rotateInventoryFeedLinkRequestSchema } from '@shared/schemas/inventory-feed';
import { apiHandler } from '../http/api-handler';
import { inventoryFeedAdapters } from '../inventory-feed/adapters';
import { rotateFeedLink } from '../inventory-feed/inventory-feed';

const deps = inventoryFeedAdapters();

/** Settings: a new secret feed link, shown once; the old one (and its image links) are refused from now on. */
export const handler = apiHandler('rotate-inventory-feed-link', { body: rotateInventoryFeedLinkRequestSchema, optionalBody: true }, async ({ caller }) => ({
  body: await rotateFeedLink(deps, caller!.sub),
}));
