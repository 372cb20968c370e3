import { superUserCheck } from '../accounts/super-user';
import { apiHandler } from '../http/api-handler';
import { trialAdminDeps } from '../trial/admin-adapters';
import { listTrialLinks } from '../trial/trial-links-admin';

const deps = trialAdminDeps();

/** Super users only: every trial link newest first with its state and its photos (signed thumbnails). */
export const handler = apiHandler('list-admin-trial-links', { isSuperUser: superUserCheck() }, async () => ({ body: await listTrialLinks(deps) }));
