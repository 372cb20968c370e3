import { webhookEndpointPathSchema } from '@shared/schemas/integrations';
import { apiHandler } from '../http/api-handler';
import { webhookAdapters } from '../webhooks/configured';
import { sendTestEvent } from '../webhooks/webhooks';

const deps = webhookAdapters();

/** Settings' "Send test event": a test.event queued to this endpoint, signed and retried like any other. */
export const handler = apiHandler('send-test-webhook', { params: webhookEndpointPathSchema }, async ({ params, caller }) => ({
  status: 202,
  body: await sendTestEvent(deps, caller!.sub, params.id),
}));
