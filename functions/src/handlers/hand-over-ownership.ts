import { handOverOwnershipRequestSchema } from '@shared/schemas/team';
import { apiHandler } from '../http/api-handler';
import { handOverOwnership } from '../team/team';
import { memberOf, teamDeps } from '../team/team-deps';

const deps = teamDeps();

/** Settings → Team, owners: hands ownership to a member (they become an owner, the caller a manager). */
export const handler = apiHandler('hand-over-ownership', { body: handOverOwnershipRequestSchema }, async ({ body, caller }) => {
  await handOverOwnership(deps, memberOf(caller), body.member_id);
  return { body: { handed_over: true } };
});
