import { createTrialAccountRequestSchema } from '@shared/schemas/trial';
import { countWithinRateLimits } from '../adapters/dynamodb/rate-limited-put';
import { CognitoUserDirectory } from '../auth/cognito-user-directory';
import { createMagicLinkDeps, siteOriginOf } from '../auth/create-magic-link-deps';
import { requestMagicLink } from '../auth/request-magic-link';
import { apiHandler } from '../http/api-handler';
import { clientIpOf } from '../http/client-ip';
import { config } from '../lib/config';
import { DynamoDbAccountStore } from '../accounts/dynamodb-account-store';
import { trialAnswer, trialPageDeps } from '../trial/adapters';
import { createTrialAccount } from '../trial/trial-page';
import { configuredVision } from '../vision/configured-vision';

const c = config();
if (!c.USER_POOL_ID) throw new Error('Missing required environment variable: USER_POOL_ID');
// The same sign-in request as POST /api/auth/magic-link: same counting, same answer and timing for every address.
const magicLinkDeps = {
  directory: new CognitoUserDirectory(c.USER_POOL_ID, c.AWS_REGION, c.COGNITO_ENDPOINT),
  links: createMagicLinkDeps(),
  count: countWithinRateLimits,
  siteOrigin: siteOriginOf(),
  perClientPerHour: c.MAGIC_LINK_PER_CLIENT_PER_HOUR,
  accounts: new DynamoDbAccountStore(),
  trialGrantsPerNetworkPerDay: c.TRIAL_GRANTS_PER_NETWORK_PER_DAY,
};
const deps = { ...trialPageDeps(configuredVision()), requestMagicLink: (input: Parameters<typeof requestMagicLink>[1]) => requestMagicLink(magicLinkDeps, input) };

/** Public: converts the link once, creates or finds the account (custom:dealer_name) and mails the magic link. */
export const handler = apiHandler('create-trial-account', { body: createTrialAccountRequestSchema }, async ({ body, event }) =>
  trialAnswer(() => createTrialAccount(deps, body, clientIpOf(event))),
);
