import { admitKeyCall } from './api-keys';
import { DynamoDbApiKeyStore } from './dynamodb-api-key-store';

/**
 * What every public API handler passes to apiHandler as `admitKeyCall`: the key's rate limit, the key still active,
 * the call counted (api-keys.ts). Wired per handler rather than inside apiHandler, so that only these handlers' code
 * (and IAM grants) include the key store's writes. API_KEY_CALLS_PER_MINUTE and API_DEALER_CALLS_PER_MINUTE override the
 * limits (the bad-input sweep's own host sends hundreds of calls a minute).
 */
export function keyAdmission(env: NodeJS.ProcessEnv = process.env) {
  const store = new DynamoDbApiKeyStore();
  const positive = (v: string | undefined) => (Number(v) > 0 ? Number(v) : undefined);
  return (sub: string, keyId: string) =>
    admitKeyCall({ store }, sub, keyId, { perKey: positive(env.API_KEY_CALLS_PER_MINUTE), perDealer: positive(env.API_DEALER_CALLS_PER_MINUTE) });
}
