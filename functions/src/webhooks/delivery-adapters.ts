/** The queue consumer's adapters: the webhook adapters, the HTTP sender, and the usage count of each delivery. */
import { DynamoDbApiKeyStore } from '../api-keys/dynamodb-api-key-store';
import { webhookAdapters } from './configured';
import { httpWebhookSender } from './http-sender';
import type { DeliveryDeps } from './webhooks';

export function deliveryAdapters(env: NodeJS.ProcessEnv = process.env): DeliveryDeps {
  const base = webhookAdapters(env);
  const usage = new DynamoDbApiKeyStore();
  return { ...base, send: httpWebhookSender(base.local), countDelivery: (sub, day) => usage.countUsage(sub, day, 'webhook_deliveries') };
}
