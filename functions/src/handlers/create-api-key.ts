import { createApiKeyRequestSchema } from '@shared/schemas/integrations';
import { apiHandler } from '../http/api-handler';
import { createApiKey } from '../api-keys/api-keys';
import { DynamoDbApiKeyStore } from '../api-keys/dynamodb-api-key-store';

const deps = { store: new DynamoDbApiKeyStore() };

/** Settings: a new API key, answered in full this once (only its SHA-256 is stored). */
export const handler = apiHandler('create-api-key', { body: createApiKeyRequestSchema }, async ({ body, caller }) => ({
  status: 201,
  body: await createApiKey(deps, caller!.sub, body.name),
}));
