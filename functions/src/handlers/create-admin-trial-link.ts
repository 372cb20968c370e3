import { createTrialLinkRequestSchema } from '@shared/schemas/trial';
import { DynamoDbAccountStore } from '../accounts/dynamodb-account-store';
import { superUserCheck } from '../accounts/super-user';
import { callerEmail } from '../finance/caller';
import { apiHandler } from '../http/api-handler';
import { trialAdminDeps } from '../trial/admin-adapters';
import { createTrialLink } from '../trial/trial-links-admin';

const accounts = new DynamoDbAccountStore();
const deps = trialAdminDeps();

/** Super users only: a new trial link; its URL is answered once (only the token's hash is kept), mailed if asked. */
export const handler = apiHandler('create-admin-trial-link', { isSuperUser: superUserCheck(accounts), body: createTrialLinkRequestSchema }, async ({ body, caller }) => ({
  status: 201,
  body: await createTrialLink(deps, body, await callerEmail(accounts, caller!.sub)),
}));
