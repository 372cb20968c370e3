import { admitKeyCall } from './api-keys';
import { DynamoDbApiKeyStore } from './dynamodb-api-key-store';

/**
 * What every public API handler passes to apiHandler as `admitKeyCall`: the key's rate limit, the key still active,
 * the call counted (api-keys.ts). Wired per handler rather than inside apiHandler, so that only these handlers' code
 * (and IAM grants) include the key store's writes. API_KEY_CALLS_PER_MINUTE overrides the limit (the bad-input sweep's
 * own host sends hundreds of calls a minute).
 */
export function keyAdmission(env: NodeJS.ProcessEnv = process.env) {
  const store = new DynamoDbApiKeyStore();
  return (sub: string, keyId: string) => admitKeyCall({ store }, sub, keyId, Number(env.API_KEY_CALLS_PER_MINUTE) > 0 ? Number(env.API_KEY_CALLS_PER_MINUTE) : undefined);
}
