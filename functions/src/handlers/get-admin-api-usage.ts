import { dealerPathSchema } from '@shared/schemas/admin-dealers';
import { DynamoDbAccountStore } from '../accounts/dynamodb-account-store';
import { superUserCheck } from '../accounts/super-user';
import { apiKeyView } from '../api-keys/api-keys';
import { DynamoDbApiKeyStore } from '../api-keys/dynamodb-api-key-store';
import { apiHandler } from '../http/api-handler';

const store = new DynamoDbApiKeyStore();
const USAGE_DAYS = 30;

/** Super users only: a dealer's API keys with their calls, and API calls and webhook deliveries per day (30 days). */
export const handler = apiHandler('get-admin-api-usage', { isSuperUser: superUserCheck(new DynamoDbAccountStore()), params: dealerPathSchema }, async ({ params }) => {
  const since = new Date(Date.now() - (USAGE_DAYS - 1) * 86_400_000).toISOString().slice(0, 10);
  const [keys, days] = await Promise.all([store.list(params.id), store.usage(params.id, since)]);
  return { body: { user_id: params.id, keys: keys.map(apiKeyView), days } };
});
