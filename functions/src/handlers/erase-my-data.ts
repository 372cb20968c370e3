import { accountErasureRequestSchema } from '@shared/schemas/privacy';
import { DynamoDbAccountStore } from '../accounts/dynamodb-account-store';
import { CognitoUserDirectory } from '../auth/cognito-user-directory';
import { apiHandler } from '../http/api-handler';
import { config } from '../lib/config';
import { createMailer } from '../mail/create-mailer';
import { DynamoDbErasureStore } from '../privacy/dynamodb-erasure-store';
import { eraseMemberData } from '../privacy/erase-member';
import { DynamoDbTeamStore } from '../team/dynamodb-team-store';
import { memberOf } from '../team/team-deps';

const c = config();
if (!c.USER_POOL_ID) throw new Error('Missing required environment variable: USER_POOL_ID');
const deps = {
  team: new DynamoDbTeamStore(),
  accounts: new DynamoDbAccountStore(),
  store: new DynamoDbErasureStore(),
  directory: new CognitoUserDirectory(c.USER_POOL_ID, c.AWS_REGION, c.COGNITO_ENDPOINT),
  mailer: createMailer(),
};

/** Settings → Delete my data (issue 42): a member's own sign-in, e-mail and membership; the dealership's records stay. */
export const handler = apiHandler('erase-my-data', { body: accountErasureRequestSchema }, async ({ caller }) => ({ body: await eraseMemberData(deps, memberOf(caller)) }));
