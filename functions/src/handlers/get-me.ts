import { apiHandler } from '../http/api-handler';
import { getMe } from '../accounts/profile';
import { DynamoDbAccountStore } from '../accounts/dynamodb-account-store';
import { DynamoDbCreditStore } from '../credits/dynamodb-credit-store';

const deps = { accounts: new DynamoDbAccountStore(), credits: new DynamoDbCreditStore() };

/** The signed-in dealer's profile and credit balance. */
export const handler = apiHandler('get-me', {}, async ({ caller }) => ({ body: await getMe(deps, caller!) }));
