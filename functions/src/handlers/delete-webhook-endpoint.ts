import { webhookEndpointPathSchema } from '@shared/schemas/integrations';
import { apiHandler } from '../http/api-handler';
import { DynamoDbWebhookStore } from '../webhooks/dynamodb-webhook-store';
import { deleteEndpoint } from '../webhooks/webhooks';

const deps = { store: new DynamoDbWebhookStore() };

/** Settings: removes an endpoint and its delivery log; queued attempts to it are dropped. */
export const handler = apiHandler('delete-webhook-endpoint', { params: webhookEndpointPathSchema }, async ({ params, caller }) => {
  await deleteEndpoint(deps, caller!.sub, params.id);
  return { body: { deleted: true } };
});
