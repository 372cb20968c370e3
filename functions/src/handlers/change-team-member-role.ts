import { changeMemberRoleRequestSchema, memberIdParamsSchema } from '@shared/schemas/team';
import { apiHandler } from '../http/api-handler';
import { changeRole } from '../team/team';
import { memberOf, teamDeps } from '../team/team-deps';

const deps = teamDeps();

/** Settings → Team, owners: a member's new role (the last owner cannot be demoted). */
export const handler = apiHandler('change-team-member-role', { params: memberIdParamsSchema, body: changeMemberRoleRequestSchema }, async ({ params, body, caller }) => ({
  body: { member: await changeRole(deps, memberOf(caller), params.id, body.role) },
}));
