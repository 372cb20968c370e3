import { apiHandler } from '../http/api-handler';
import { removeMember } from '../team/team';
import { memberOf, teamDeps } from '../team/team-deps';

const deps = teamDeps();

/** Settings → Team: the signed-in member leaves the dealership (not its last owner, not the account that created it). */
export const handler = apiHandler('leave-team', {}, async ({ caller }) => {
  const me = memberOf(caller);
  await removeMember(deps, me, me.memberId);
  return { body: { left: true } };
});
