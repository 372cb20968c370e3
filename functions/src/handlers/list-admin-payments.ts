import { adminListQuerySchema } from '@shared/schemas/admin-finance';
import { superUserCheck } from '../accounts/super-user';
import { DynamoDbFinanceReader } from '../finance/dynamodb-finance';
import { listAdminPayments } from '../finance/payments-view';
import { apiHandler } from '../http/api-handler';

const deps = { finance: new DynamoDbFinanceReader() };

/** Super users only: purchases newest first, with totals per day and month. */
export const handler = apiHandler('list-admin-payments', { isSuperUser: superUserCheck(), query: adminListQuerySchema }, async ({ query }) => ({
  body: await listAdminPayments(deps, query),
}));
