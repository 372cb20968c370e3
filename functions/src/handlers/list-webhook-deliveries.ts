import { webhookEndpointPathSchema } from '@shared/schemas/integrations';
import { apiHandler } from '../http/api-handler';
import { DynamoDbWebhookStore } from '../webhooks/dynamodb-webhook-store';
import { listDeliveries } from '../webhooks/webhooks';

const deps = { store: new DynamoDbWebhookStore() };

/** Settings: the endpoint's last 50 deliveries, newest first, each with every attempt and its response code. */
export const handler = apiHandler('list-webhook-deliveries', { params: webhookEndpointPathSchema }, async ({ params, caller }) => ({
  body: { deliveries: await listDeliveries(deps, caller!.sub, params.id) },
}));
