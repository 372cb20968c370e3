import { apiHandler } from '../http/api-handler';
import { listCreditTransactions } from '../credits/read-credits';
import { DynamoDbCreditStore } from '../credits/dynamodb-credit-store';

const store = new DynamoDbCreditStore();

/** The caller's 10 newest credit transactions. */
export const handler = apiHandler('list-credit-transactions', {}, async ({ caller }) => ({
  body: { transactions: await listCreditTransactions({ store }, caller!.sub) },
}));
