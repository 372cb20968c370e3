import { ApiKeysCard } from './api-keys-card';
import { WebhooksCard } from './webhooks-card';

/** The integrations part of Settings: API keys and webhook endpoints. */
export function IntegrationsSettings() {
  return (
    <>
      <ApiKeysCard />
      <WebhooksCard />
    </>
  );
}
