import { ApiKeysCard } from './api-keys-card';
import { InventoryFeedCard } from './inventory-feed-card';
import { WebhooksCard } from './webhooks-card';

/** The integrations part of Settings: API keys, webhook endpoints and the inventory feed for listing sites. */
export function IntegrationsSettings() {
  return (
    <>
      <ApiKeysCard />
      <WebhooksCard />
      <InventoryFeedCard />
    </>
  );
}
