import { grantBonusRequestSchema } from '@shared/schemas/admin-finance';
import { DynamoDbAccountStore } from '../accounts/dynamodb-account-store';
import { superUserCheck } from '../accounts/super-user';
import { DynamoDbCreditStore } from '../credits/dynamodb-credit-store';
import { grantAdminBonusCredits } from '../finance/bonus-credits';
import { apiHandler } from '../http/api-handler';
import { createUserNotifier } from '../realtime/notify-user';

const accounts = new DynamoDbAccountStore();
const notifier = createUserNotifier();
const deps = { accounts, store: new DynamoDbCreditStore(), notify: (sub: string) => notifier(sub, { type: 'balance.updated' }) };

/** Super users only: bonus credits for a dealer (180 days), once per idempotency key; the dealer's balance updates live. */
export const handler = apiHandler('grant-admin-bonus-credits', { isSuperUser: superUserCheck(accounts), body: grantBonusRequestSchema }, async ({ body, caller }) => ({
  body: await grantAdminBonusCredits(deps, caller!.sub, body),
}));
