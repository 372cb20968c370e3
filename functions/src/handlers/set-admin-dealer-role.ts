import { dealerPathSchema, setDealerRoleRequestSchema } from '@shared/schemas/admin-dealers';
import { superUserCheck } from '../accounts/super-user';
import { dealerAdminAdapters } from '../dealers/adapters';
import { setDealerRole } from '../dealers/dealer-admin';
import { apiHandler } from '../http/api-handler';

const deps = dealerAdminAdapters();

/** Super users only: make or unmake a super user (recorded with who and when); never one's own role away. */
export const handler = apiHandler(
  'set-admin-dealer-role',
  { isSuperUser: superUserCheck(deps.accounts), params: dealerPathSchema, body: setDealerRoleRequestSchema },
  async ({ params, body, caller }) => ({ body: await setDealerRole(deps, caller!.sub, params.id, body.role) }),
);
