import { adminListQuerySchema } from '@shared/schemas/admin-finance';
import { superUserCheck } from '../accounts/super-user';
import { DynamoDbFinanceReader } from '../finance/dynamodb-finance';
import { listAdminStripeEvents } from '../finance/stripe-events';
import { apiHandler } from '../http/api-handler';

const deps = { finance: new DynamoDbFinanceReader() };

/** Super users only: every delivery of a Stripe event to the webhook, newest first, with its outcome. */
export const handler = apiHandler('list-admin-stripe-events', { isSuperUser: superUserCheck(), query: adminListQuerySchema }, async ({ query }) => ({
  body: await listAdminStripeEvents(deps, query),
}));
