import { apiHandler } from '../http/api-handler';
import { getMe } from '../accounts/profile';
import { DynamoDbAccountStore } from '../accounts/dynamodb-account-store';
import { DynamoDbCreditStore } from '../credits/dynamodb-credit-store';

const deps = { accounts: new DynamoDbAccountStore(), credits: new DynamoDbCreditStore() };

/** The caller's usable credits per bucket (created with the trial credits when missing, as GET /api/me does). */
export const handler = apiHandler('get-credit-balance', {}, async ({ caller }) => ({ body: (await getMe(deps, caller!)).balance }));
