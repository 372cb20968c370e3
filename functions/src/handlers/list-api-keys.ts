import { apiHandler } from '../http/api-handler';
import { listApiKeys } from '../api-keys/api-keys';
import { DynamoDbApiKeyStore } from '../api-keys/dynamodb-api-key-store';

const deps = { store: new DynamoDbApiKeyStore() };

/** Settings: the dealer's API keys (never the keys themselves) with their last use, newest first. */
export const handler = apiHandler('list-api-keys', {}, async ({ caller }) => ({ body: { keys: await listApiKeys(deps, caller!.sub) } }));
