import { inviteIdParamsSchema } from '@shared/schemas/team';
import { apiHandler } from '../http/api-handler';
import { withdrawInvite } from '../team/team';
import { memberOf, teamDeps } from '../team/team-deps';

const deps = teamDeps();

/** Settings → Team, owners: withdraws a pending invite (its link joins nothing any more). */
export const handler = apiHandler('withdraw-team-invite', { params: inviteIdParamsSchema }, async ({ params, caller }) => {
  await withdrawInvite(deps, memberOf(caller), params.id);
  return { body: { withdrawn: true } };
});
