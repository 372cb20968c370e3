import { INVENTORY_FEED_MESSAGES } from '@shared/messages';
import { inventoryFeedDealerPathSchema, rotateInventoryFeedLinkRequestSchema } from '@shared/schemas/inventory-feed';
import { apiHandler } from '../http/api-handler';
import { keyAdmission } from '../api-keys/key-admission';
import { inventoryFeedAdapters } from '../inventory-feed/adapters';
import { rotateFeedLink } from '../inventory-feed/inventory-feed';
import { DomainError } from '../lib/errors';

const deps = inventoryFeedAdapters();

/** Public API: a new secret feed link for the dealer the URL names (the key's own only); the old one is refused at once. */
export const handler = apiHandler(
  'v1-rotate-inventory-feed-link',
  { admitKeyCall: keyAdmission(), params: inventoryFeedDealerPathSchema, body: rotateInventoryFeedLinkRequestSchema, optionalBody: true },
  async ({ params, caller }) => {
    if (params.dealer_id !== caller!.sub) throw new DomainError('not_found', INVENTORY_FEED_MESSAGES.notFound);
    return { body: await rotateFeedLink(deps, caller!.sub) };
  },
);
