import { magicLinkRequestSchema, type MagicLinkResponse } from '@shared/schemas/auth';
import { apiHandler } from '../http/api-handler';
import { clientIpOf } from '../http/client-ip';
import { CognitoUserDirectory } from '../auth/cognito-user-directory';
import { createMagicLinkDeps, siteOriginOf } from '../auth/create-magic-link-deps';
import { requestMagicLink } from '../auth/request-magic-link';
import { countWithinRateLimits } from '../adapters/dynamodb/rate-limited-put';
import { config } from '../lib/config';
import { DynamoDbAccountStore } from '../accounts/dynamodb-account-store';

const c = config();
if (!c.USER_POOL_ID) throw new Error('Missing required environment variable: USER_POOL_ID');
const deps = {
  directory: new CognitoUserDirectory(c.USER_POOL_ID, c.AWS_REGION, c.COGNITO_ENDPOINT),
  links: createMagicLinkDeps(),
  count: countWithinRateLimits,
  siteOrigin: siteOriginOf(),
  perClientPerHour: c.MAGIC_LINK_PER_CLIENT_PER_HOUR,
  accounts: new DynamoDbAccountStore(),
  trialGrantsPerNetworkPerDay: c.TRIAL_GRANTS_PER_NETWORK_PER_DAY,
};

/**
 * Sign-in links and trial sign-ups: 202 and the same body for every address (see requestMagicLink). A `return_to`
 * that is not a page of the site's dashboard is refused (400) before anything is counted or mailed.
 */
export const handler = apiHandler('request-magic-link', { body: magicLinkRequestSchema }, async ({ body, event }) => {
  await requestMagicLink(deps, { email: body.email, trial: body.trial === true, dealerName: body.dealer_name || null, clientIp: clientIpOf(event), returnTo: body.return_to ?? null });
  const response: MagicLinkResponse = { sent: true };
  return { status: 202, body: response };
});
