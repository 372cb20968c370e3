import { memberIdParamsSchema } from '@shared/schemas/team';
import { apiHandler } from '../http/api-handler';
import { removeMember } from '../team/team';
import { memberOf, teamDeps } from '../team/team-deps';

const deps = teamDeps();

/** Settings → Team, owners: removes a member; their tokens are refused from the next request on, their work stays. */
export const handler = apiHandler('remove-team-member', { params: memberIdParamsSchema }, async ({ params, caller }) => {
  await removeMember(deps, memberOf(caller), params.id);
  return { body: { removed: true } };
});
