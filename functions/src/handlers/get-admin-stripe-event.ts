import { stripeEventIdParamsSchema } from '@shared/schemas/admin-finance';
import { superUserCheck } from '../accounts/super-user';
import { DynamoDbFinanceReader } from '../finance/dynamodb-finance';
import { getAdminStripeEvent } from '../finance/stripe-events';
import { apiHandler } from '../http/api-handler';

const deps = { finance: new DynamoDbFinanceReader() };

/** Super users only: one Stripe event's payload and all its deliveries. */
export const handler = apiHandler('get-admin-stripe-event', { isSuperUser: superUserCheck(), params: stripeEventIdParamsSchema }, async ({ params }) => ({
  body: await getAdminStripeEvent(deps, params.id),
}));
