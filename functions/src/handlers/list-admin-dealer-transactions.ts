import { dealerPathSchema, dealerTransactionsQuerySchema } from '@shared/schemas/admin-dealers';
import { DynamoDbAccountStore } from '../accounts/dynamodb-account-store';
import { superUserCheck } from '../accounts/super-user';
import { dealerTransactions } from '../dealers/dealer-admin';
import { DynamoDbLedgerPages } from '../dealers/dynamodb-ledger-pages';
import { apiHandler } from '../http/api-handler';

const deps = { ledger: new DynamoDbLedgerPages() };

/** Super users only: a dealer's ledger, 10 entries a page, newest first. */
export const handler = apiHandler(
  'list-admin-dealer-transactions',
  { isSuperUser: superUserCheck(new DynamoDbAccountStore()), params: dealerPathSchema, query: dealerTransactionsQuerySchema },
  async ({ params, query }) => ({ body: await dealerTransactions(deps, params.id, query.cursor) }),
);
