import { apiHandler } from '../http/api-handler';
import { getMe } from '../accounts/profile';
import { DynamoDbAccountStore } from '../accounts/dynamodb-account-store';
import { DynamoDbCreditStore } from '../credits/dynamodb-credit-store';
import { DynamoDbTeamStore } from '../team/dynamodb-team-store';
import { pendingInvite } from '../team/team';

const accounts = new DynamoDbAccountStore();
const team = new DynamoDbTeamStore();
const deps = { accounts, credits: new DynamoDbCreditStore(), teamNotice: (person: { email?: string; dealershipId: string }) => pendingInvite({ team, accounts }, person) };

/** The signed-in dealer's profile and credit balance, who is signed in and in which role. */
export const handler = apiHandler('get-me', {}, async ({ caller }) => ({ body: await getMe(deps, caller!) }));
