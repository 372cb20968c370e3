import { apiHandler } from '../http/api-handler';
import { DynamoDbWebhookStore } from '../webhooks/dynamodb-webhook-store';
import { listEndpoints } from '../webhooks/webhooks';

const deps = { store: new DynamoDbWebhookStore() };

/** Settings: the dealer's webhook endpoints (never their secrets). */
export const handler = apiHandler('list-webhook-endpoints', {}, async ({ caller }) => ({ body: { endpoints: await listEndpoints(deps, caller!.sub) } }));
