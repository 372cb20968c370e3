import { trialLinkPathSchema } from '@shared/schemas/trial';
import { superUserCheck } from '../accounts/super-user';
import { apiHandler } from '../http/api-handler';
import { trialAdminDeps } from '../trial/admin-adapters';
import { revokeTrialLink } from '../trial/trial-links-admin';

const deps = trialAdminDeps();

/** Super users only: the link can no longer be used (a converted one cannot be revoked: 409). */
export const handler = apiHandler('revoke-admin-trial-link', { isSuperUser: superUserCheck(), params: trialLinkPathSchema }, async ({ params }) => ({
  body: await revokeTrialLink(deps, params.id),
}));
