import { createWebhookEndpointRequestSchema } from '@shared/schemas/integrations';
import { apiHandler } from '../http/api-handler';
import { webhookAdapters } from '../webhooks/configured';
import { createEndpoint } from '../webhooks/webhooks';

const deps = webhookAdapters();

/** Settings: registers an endpoint (https, public addresses only; loopback too locally) and answers its signing secret once. */
export const handler = apiHandler('create-webhook-endpoint', { body: createWebhookEndpointRequestSchema }, async ({ body, caller }) => ({
  status: 201,
  body: await createEndpoint(deps, caller!.sub, body.url),
}));
