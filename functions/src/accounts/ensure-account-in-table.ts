import { DynamoDbAccountStore } from './dynamodb-account-store';
import { ensureAccount, type EnsureAccountInput } from './ensure-account';

/**
 * Composition for callers outside the API, such as the Cognito PostAuthentication trigger: ensureAccount over the
 * DynamoDB table. Idempotent, so it can run on every sign-in.
 */
export function ensureAccountInTable(input: EnsureAccountInput): Promise<{ created: boolean }> {
  return ensureAccount({ accounts: new DynamoDbAccountStore() }, input);
}
