import { readFileSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import { API_ROUTES, type ApiRoute } from '@shared/api-routes';
import { signInNewDealer, PackageApi } from '../integration/package-api-client';
import { createPackage, subOf } from '../support/car-package-http';
import { promoteToSuperUser } from '../../functions/src/accounts/super-user';
import { DynamoDbAccountStore } from '../../functions/src/accounts/dynamodb-account-store';
import { roleAllows } from '@shared/team';
import { inviteAndSignIn, teamCall } from '../support/team';
import { ROUTE_EXAMPLES, credentialFor, pathOf, routeKey, type Actor, type World } from './route-examples';

/**
 * The authz matrix, generated from the route table (imported after useLocalHost, whose environment these modules read): every route x (anonymous, the dealer who owns the data, another
 * dealer, a super user), through the local host's HTTP API (its gateway checks the JWT as API Gateway does, the
 * handlers check the rest). Expected per access level:
 * - public: everyone gets the route's answer;
 * - user: anonymous 401; a route on the owner's resource answers 404 to anyone else (as for one that never existed,
 *   super users included); a route on the caller's own account answers everyone signed in about themselves;
 * - super: anonymous 401, dealers 403, super users the answer.
 * No answer to someone other than the owner carries the owner's account id, e-mail or car names (except a super-user
 * route's answer to a super user).
 * A fifth caller holds the token of an account erased before the matrix runs (still valid at the gateway for up to an
 * hour): every signed-in write route (any method but GET) answers it 401 and writes nothing of it; the erasure route
 * answers it the same erasure again.
 * Each signed-in caller also holds an API key (issue 28), which it sends on the public API's ("key") routes, where it acts
 * as that dealer. A sixth caller holds the owner's credentials the wrong way round: the owner's API key on every other
 * route and the owner's session token on the public API's routes; it gets 401 on every route that is not public, so a
 * key never reaches a route outside its set and a session never reaches the public API.
 * Issue 42 (a dealership is a team): the owner's dealership also has a manager and a photographer, the other dealer's a
 * photographer ("other member"), and a member the owner removed keeps their token ("removed member"). On every
 * signed-in dealer route a member below the route's role gets 403 and the others what the owner gets (the dealership's
 * records are theirs); the other dealership's member gets 403 below the role and otherwise what the other dealer gets;
 * the removed member 401 on every dealer route (403 on super-user routes, like any dealer). A member allowed on a route
 * that changes what the next caller reaches (a delete) is not called there: the owner's call proves it.
 */

const OWNER_CAR = 'Owner Secret 1967 Shelby GT500';
// Routes that erase the caller's account go last: every actor is still needed by the others.
const allRoutes = [...(API_ROUTES as readonly ApiRoute[])].sort((a, b) => Number(!!ROUTE_EXAMPLES[routeKey(a)]?.erasesCaller) - Number(!!ROUTE_EXAMPLES[routeKey(b)]?.erasesCaller));

type MemberRole = 'manager' | 'photographer' | 'other member' | 'removed member';
type Role = 'anonymous' | 'owner' | 'other dealer' | 'super user' | 'erased account' | 'owner, other credential' | MemberRole;
const MEMBER_ROLES: readonly MemberRole[] = ['manager', 'photographer', 'other member', 'removed member'];
/** The role each member actor holds in their dealership. */
const TEAM_ROLE_OF = { manager: 'manager', photographer: 'photographer', 'other member': 'photographer', 'removed member': 'photographer' } as const;
/** Whether a member actor is called on a route (see the header): only on dealer and super-user routes, not where allowed to change. */
function callsMember(route: ApiRoute, role: MemberRole): boolean {
  if (route.access !== 'user' && route.access !== 'super') return false;
  if (route.access === 'user' && role !== 'removed member' && ROUTE_EXAMPLES[routeKey(route)]!.changes && roleAllows(TEAM_ROLE_OF[role], route.role)) return false;
  return true;
}
/** A route the erased account's token is tried on: every signed-in route that may write. */
const isSignedInWrite = (route: ApiRoute) => route.access !== 'public' && route.method !== 'GET';

async function call(route: ApiRoute, actor: Actor | undefined, world: World, bearer = credentialFor(route, actor)) {
  const req = ROUTE_EXAMPLES[routeKey(route)]!.request(world, actor ?? world.owner);
  const body = req.body === undefined ? undefined : typeof req.body === 'string' || req.body instanceof Uint8Array ? req.body : JSON.stringify(req.body);
  const response = await fetch(`${url}${pathOf(route, req)}`, {
    method: route.method,
    headers: {
      ...(bearer ? { authorization: `Bearer ${bearer}` } : {}),
      ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
      ...req.headers,
    },
    ...(body !== undefined ? { body: body as BodyInit } : {}),
  });
  return { status: response.status, text: await response.text() };
}

function expected(route: ApiRoute, role: Role): number {
  const example = ROUTE_EXAMPLES[routeKey(route)]!;
  if (route.access === 'public') return example.ok;
  if ((MEMBER_ROLES as readonly string[]).includes(role)) {
    const member = role as MemberRole;
    if (route.access === 'super') return 403;
    if (member === 'removed member') return 401;
    if (route.access !== 'user' || !roleAllows(TEAM_ROLE_OF[member], route.role)) return 403;
    if (member === 'other member') return example.ownership === 'resource' ? 404 : example.ok;
    return example.asMember?.[member] ?? example.ok;
  }
  if (role === 'anonymous' || role === 'owner, other credential') return 401;
  if (role === 'erased account') return example.erasesCaller ? example.ok : 401;
  if (route.access === 'super') return role === 'super user' ? example.ok : 403;
  if (example.ownership === 'resource') return role === 'owner' ? example.ok : 404;
  return example.ok;
}

/** What the table holds of the erased account (its erasure record and nothing else, unless a write got through). */
async function erasedAccountItems(): Promise<string[]> {
  const { dynamo, tableName } = await import('../../functions/src/adapters/dynamodb/client');
  const { ScanCommand } = await import('@aws-sdk/lib-dynamodb');
  const sub = actors['erased account'].sub;
  const found: string[] = [];
  let start: Record<string, unknown> | undefined;
  do {
    const page = await dynamo().send(new ScanCommand({ TableName: tableName(), ExclusiveStartKey: start }));
    for (const item of page.Items ?? []) if (JSON.stringify(item).includes(sub)) found.push(`${item.PK} ${item.SK}`);
    start = page.LastEvaluatedKey;
  } while (start);
  return found.sort();
}

const actors = {} as Record<Exclude<Role, 'anonymous' | 'owner, other credential'>, Actor>;
/** The roles that see the owner's data: the owner and the members of the owner's dealership. */
const SAME_DEALERSHIP: readonly Role[] = ['owner', 'manager', 'photographer'];

/** Settings' "Create API key", as the dealer's session does it. */
async function newApiKey(token: string): Promise<{ id: string; secret: string }> {
  const response = await fetch(`${url}/api/api-keys`, { method: 'POST', headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' }, body: '{"name":"authz matrix"}' });
  expect(response.status).toBe(201);
  const created = (await response.json()) as { key: { id: string }; secret: string };
  return { id: created.key.id, secret: created.secret };
}

async function newEndpoint(token: string): Promise<string> {
  const response = await fetch(`${url}/api/webhooks/endpoints`, { method: 'POST', headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' }, body: '{"url":"http://127.0.0.1:9/authz-matrix"}' });
  expect(response.status).toBe(201);
  return ((await response.json()) as { endpoint: { id: string } }).endpoint.id;
}

let url: string;

/**
 * Part `part` of `parts` of the matrix (every parts-th route of the table, so each part has reads and writes of every
 * kind), with a world and callers of its own: the parts are files of their own, each well under the per-file time
 * guard, and may run side by side against the run's host.
 */
export function describeAuthzMatrix(hostUrl: string, part: number, parts: number) {
url = hostUrl;
const routes = allRoutes.filter((_, i) => i % parts === part - 1);
describe(`authz matrix, part ${part} of ${parts}: every route of the route table x every kind of caller`, () => {
  if (part === 1) it('every route has an example request (a new route must add one in tests/proof/route-examples.ts)', () => {
    const missing = allRoutes.map(routeKey).filter((k) => !ROUTE_EXAMPLES[k]);
    expect(missing).toEqual([]);
    const stale = Object.keys(ROUTE_EXAMPLES).filter((k) => !allRoutes.some((r) => routeKey(r) === k));
    expect(stale).toEqual([]);
  });

  let world: World;
  /** The erased account's items as the table holds them: its erasure record, unless a write got through. */
  let erasedItems: string[];

  beforeAll(async () => {
    const [owner, other, admin, erased] = await Promise.all(['owner', 'other', 'super', 'erased'].map((label) => signInNewDealer(url, `authz-${label}`)));
    const asActor = (d: { email: string; accessToken: string }): Actor => ({ sub: subOf(d), email: d.email, token: d.accessToken });
    actors.owner = asActor(owner!);
    actors['other dealer'] = asActor(other!);
    actors['super user'] = asActor(admin!);
    actors['erased account'] = asActor(erased!);
    for (const role of ['owner', 'other dealer', 'super user', 'erased account'] as const) actors[role].apiKey = (await newApiKey(actors[role].token!)).secret;
    const keyToRevoke = await newApiKey(owner!.accessToken);
    const [webhookEndpoint, webhookEndpointToDelete] = [await newEndpoint(owner!.accessToken), await newEndpoint(owner!.accessToken)];
    const erasure = await fetch(`${url}/api/account/erasure`, { method: 'POST', headers: { authorization: `Bearer ${erased!.accessToken}`, 'content-type': 'application/json' }, body: '{"confirm":true}' });
    expect(erasure.status).toBe(200);
    expect(await promoteToSuperUser(new DynamoDbAccountStore(), admin!.email)).toMatchObject({ role: 'super' });
    // The teams (issue 42): members of the owner's dealership and of the other dealer's, one of them removed.
    const [manager, photographer, otherMember, removed, toChange, toRemove] = await Promise.all([
      inviteAndSignIn(url, owner!.accessToken, 'manager', 'authz-manager'),
      inviteAndSignIn(url, owner!.accessToken, 'photographer', 'authz-photographer'),
      inviteAndSignIn(url, other!.accessToken, 'photographer', 'authz-other-member'),
      inviteAndSignIn(url, owner!.accessToken, 'photographer', 'authz-removed'),
      inviteAndSignIn(url, owner!.accessToken, 'photographer', 'authz-to-change'),
      inviteAndSignIn(url, owner!.accessToken, 'photographer', 'authz-to-remove'),
    ]);
    for (const [role, m] of [['manager', manager], ['photographer', photographer], ['other member', otherMember], ['removed member', removed]] as const) actors[role] = { sub: m!.sub, email: m!.email, token: m!.accessToken };
    expect((await teamCall(url, owner!.accessToken, 'DELETE', `/api/team/members/${removed!.sub}`)).status).toBe(200);
    const pendingInvite = await teamCall(url, owner!.accessToken, 'POST', '/api/team/invites', { email: `authz-withdraw-${Date.now()}-${part}@example.com`, role: 'manager' });
    expect(pendingInvite.status).toBe(201);

    const api = new PackageApi(url, owner!);
    const photo = readFileSync(new URL('../fixtures/cars/cupra-born-grey-front34-street.jpg', import.meta.url));
    const [finished, draft, doomed] = await Promise.all([
      createPackage(api, [{ file_name: 'cupra.jpg', bytes: photo }], OWNER_CAR),
      createPackage(api, [{ file_name: 'cupra.jpg', bytes: photo, upload: false }], OWNER_CAR),
      createPackage(api, [{ file_name: 'cupra.jpg', bytes: photo }], OWNER_CAR),
    ]);
    expect((await api.call('POST', `/api/car-packages/${finished.id}/start`)).status).toBe(200);
    const done = await api.waitFor(finished.id!, (p) => p.status === 'error' || p.status === 'completed' || p.status === 'partial_complete', 170_000, 500);
    const rendered = done.images.find((i) => i.angle_status === 'completed');
    expect(rendered, 'the real car photo renders at least one angle').toBeDefined();
    erasedItems = await erasedAccountItems();
    world = {
      owner: actors.owner,
      finishedPackage: finished.id!,
      renderedAngle: rendered!.angle,
      draftPackage: draft.id!,
      packageToDelete: doomed.id!,
      apiKeyToRevoke: keyToRevoke.id,
      webhookEndpoint,
      webhookEndpointToDelete,
      memberToChange: toChange!.sub,
      memberToRemove: toRemove!.sub,
      inviteToWithdraw: pendingInvite.body.invite.id,
    };
  }, 240_000);

  for (const route of routes) {
    const key = routeKey(route);
    it(`${key} (${route.access})`, async () => {
      const example = ROUTE_EXAMPLES[key];
      expect(example, `no example for ${key}`).toBeDefined();
      // The permitted caller last when the call changes what the others would reach (a delete).
      const order: Role[] =
        example!.changes && route.access !== 'public'
          ? ['anonymous', 'owner, other credential', 'other dealer', 'super user', 'owner']
          : ['anonymous', 'owner, other credential', 'owner', 'other dealer', 'super user'];
      const base = route.access === 'public' && example!.changes ? (['anonymous', 'owner'] as Role[]) : order;
      // The erased account's token first: whatever it may not write must still be there for the others.
      const members = MEMBER_ROLES.filter((m) => callsMember(route, m));
      const roles: Role[] = [...(isSignedInWrite(route) ? (['erased account'] as Role[]) : []), ...members, ...base];
      const seen: string[] = [];
      const want: string[] = [];
      for (const role of roles) {
        const actor = role === 'anonymous' ? undefined : role === 'owner, other credential' ? actors.owner : actors[role];
        const wrongWay = role === 'owner, other credential' ? (route.access === 'key' ? actors.owner.token : actors.owner.apiKey) : undefined;
        const { status, text } = await call(route, actor, world, wrongWay ?? credentialFor(route, actor));
        if (role === 'erased account') {
          // Compared with what the table held after the last such call (one scan per call, not two: it reads the
          // whole table, which holds the whole run's data by the time the matrix runs).
          const [before, after] = [erasedItems, await erasedAccountItems()];
          erasedItems = after;
          expect(after, `${key} as the erased account wrote`).toEqual(before);
        }
        seen.push(`${role}: ${status}`);
        want.push(`${role}: ${expected(route, role)}`);
        expect(status, `${key} as ${role} answered ${status}: ${text.slice(0, 300)}`).toBeLessThan(500);
        // Super users see dealers' data on super-user routes (their inbox, payments): that is what those routes are for.
        if (!SAME_DEALERSHIP.includes(role) && !(role === 'super user' && route.access === 'super')) {
          for (const secret of [world.owner.sub, world.owner.email, OWNER_CAR]) {
            expect(text.includes(secret), `${key} as ${role} shows the owner's data (${secret})`).toBe(false);
          }
        }
        if (status >= 400) {
          const parsed = JSON.parse(text) as { message?: unknown };
          expect(typeof parsed.message, `${key} as ${role}: an error answer says why`).toBe('string');
        }
      }
      expect(seen).toEqual(want);
    });
  }
});
}
