import { apiKeyPathSchema } from '@shared/schemas/integrations';
import { apiHandler } from '../http/api-handler';
import { revokeApiKey } from '../api-keys/api-keys';
import { DynamoDbApiKeyStore } from '../api-keys/dynamodb-api-key-store';

const deps = { store: new DynamoDbApiKeyStore() };

/** Settings: revokes a key; its next call is refused (401), whatever the gateway cached. */
export const handler = apiHandler('revoke-api-key', { params: apiKeyPathSchema }, async ({ params, caller }) => ({
  body: { key: await revokeApiKey(deps, caller!.sub, params.id) },
}));
