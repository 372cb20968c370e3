import { inventoryFeedDealerPathSchema, inventoryFeedQuerySchema } from '@shared/schemas/inventory-feed';
import { apiHandler } from '../http/api-handler';
import { keyAdmission } from '../api-keys/key-admission';
import { inventoryFeedAdapters } from '../inventory-feed/adapters';
import { feedAnswer } from '../inventory-feed/feed-answer';
import { feedForKey } from '../inventory-feed/inventory-feed';

const deps = inventoryFeedAdapters();

/** Public API: the dealer's inventory feed (CSV or JSON); a key of another dealer than the URL names gets 404. */
export const handler = apiHandler(
  'v1-get-inventory-feed',
  { admitKeyCall: keyAdmission(), params: inventoryFeedDealerPathSchema, query: inventoryFeedQuerySchema },
  async ({ params, query, caller }) => feedAnswer(await feedForKey(deps, caller!.sub, params.dealer_id, query), query, `/api/v1/dealers/${params.dealer_id}/inventory-feed`),
);
