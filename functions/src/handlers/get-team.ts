import { apiHandler } from '../http/api-handler';
import { getTeam } from '../team/team';
import { memberOf, teamDeps } from '../team/team-deps';

const deps = teamDeps();

/** Settings → Team: the dealership's members and roles; its pending invites for owners. */
export const handler = apiHandler('get-team', {}, async ({ caller }) => ({ body: await getTeam(deps, memberOf(caller)) }));
