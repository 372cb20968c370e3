/**
 * One example request per route of the route table (shared/api-routes.ts), for the proof suites in this folder:
 * the authz matrix and the bad-input sweep. A route added to the table without an example here fails both suites,
 * so every new route is covered the day it is added.
 */
import { readFileSync } from 'node:fs';
import type { ApiRoute } from '@shared/api-routes';

/** Who calls: each signed-in actor has a dealer account of their own. */
export interface Actor {
  sub: string;
  email: string;
  /** Bearer token; undefined for the anonymous visitor. */
  token?: string;
  /** The actor's API key (issue 28): what they send on the public API's ("key") routes. */
  apiKey?: string;
}

/** What an actor sends as bearer on a route: the API key on the public API's routes, the session token elsewhere. */
export const credentialFor = (route: Pick<ApiRoute, 'access'>, actor: Actor | undefined) => (route.access === 'key' ? actor?.apiKey : actor?.token);

/** What exists before the matrix runs: resources of the owner that other callers must not reach. */
export interface World {
  owner: Actor;
  /** The owner's finished car package (one real car photo: the angles it can show rendered, the others failed). */
  finishedPackage: string;
  /** An angle of the finished package that was rendered. */
  renderedAngle: string;
  /** The owner's car package not started yet. */
  draftPackage: string;
  /** Another draft of the owner's, for the delete route (deleting must be the last call on it). */
  packageToDelete: string;
  /** An API key of the owner's for the revoke route (not the one the owner calls with). */
  apiKeyToRevoke?: string;
  /** The owner's webhook endpoint, and another for the delete route. */
  webhookEndpoint?: string;
  webhookEndpointToDelete?: string;
  /** Issue 42: a member of the owner's dealership whose role the role route changes, one for the removal route, an invite to withdraw. */
  memberToChange?: string;
  memberToRemove?: string;
  inviteToWithdraw?: string;
}

export interface ExampleRequest {
  params?: Record<string, string>;
  query?: string;
  /** A JSON body (sent as application/json); a string or bytes are sent as they are (say the type in headers). */
  body?: unknown;
  headers?: Record<string, string>;
}

/**
 * How the route relates to its caller:
 * - `resource`: the path names a resource of the owner: anyone else gets 404, as for one that never existed.
 * - `self`: the route acts on the caller's own account: another caller gets an answer about themselves.
 * - `none`: not tied to an account (public or super-user routes).
 */
export type Ownership = 'resource' | 'self' | 'none';

export interface RouteExample {
  ownership: Ownership;
  /** The valid request of a caller allowed to make it: required fields only (the sweep drops each in turn). */
  request(world: World, caller: Actor): ExampleRequest;
  /** The status a permitted caller gets for that request. */
  ok: number;
  /** A route whose request changes something the next call depends on: the permitted call goes last. */
  changes?: boolean;
  /** The permitted call erases the caller's account: the matrix runs such routes after every other. */
  erasesCaller?: boolean;
  /** Routes whose body is not JSON validated by a zod schema (the bad-input sweep still expects a clean 4xx). */
  rawBody?: boolean;
  /** How the route refuses an invalid path parameter when the spec has it answer so instead of with a 4xx. */
  refusesParamsWith?: { status: number; body: Record<string, unknown> };
  /**
   * What a member of the owner's dealership whose role the route allows gets instead of `ok` (issue 42): a photographer
   * deleting a package someone else made (403).
   */
  asMember?: Partial<Record<'manager' | 'photographer', number>>;
  /** Body fields that take free-form JSON (the bad-input sweep puts what the table cannot hold inside them). */
  openFields?: readonly string[];
}

export type RouteKey = `${ApiRoute['method']} ${ApiRoute['path']}`;
export const routeKey = (r: Pick<ApiRoute, 'method' | 'path'>): RouteKey => `${r.method} ${r.path}`;

const PLAIN_PHOTO = new Uint8Array(readFileSync(new URL('../fixtures/cars/bmw-2002-silver-front34-grass.jpg', import.meta.url)));
const idempotency = () => `proof-${crypto.randomUUID()}`;
/** The shape of a trial token (32 bytes, base64url) that no link has. */
const UNKNOWN_TRIAL_TOKEN = 'A'.repeat(43);
/** The shape of a share link's token (16 bytes, base64url) that no shared car has. */
const UNKNOWN_SHARE_TOKEN = 'B'.repeat(22);

/** The shape of a secret feed link's token and of a feed file's signature (32 bytes, base64url) that none has. */
const UNKNOWN_FEED_TOKEN = 'C'.repeat(43);

/** An id of the right shape that no resource has. */
const NO_SUCH_ID = '01ARZ3NDEKTSV4RRFFQ69G5FAV';

export const ROUTE_EXAMPLES: Record<string, RouteExample> = {
  // Dealer integrations (issue 28)
  'GET /api/api-keys': { ownership: 'self', ok: 200, request: () => ({}) },
  // A dealership is a team (issue 42). The invite's address is new per call (one sign-in mail a minute per address).
  'GET /api/team': { ownership: 'self', ok: 200, request: () => ({}) },
  'POST /api/team/invites': { ownership: 'self', ok: 201, request: () => ({ body: { email: `proof-invite-${crypto.randomUUID()}@example.com`, role: 'photographer' } }) },
  'DELETE /api/team/invites/{id}': { ownership: 'resource', ok: 200, changes: true, request: (w) => ({ params: { id: w.inviteToWithdraw ?? NO_SUCH_ID } }) },
  'PATCH /api/team/members/{id}': { ownership: 'resource', ok: 200, request: (w) => ({ params: { id: w.memberToChange ?? NO_SUCH_ID }, body: { role: 'manager' } }) },
  'DELETE /api/team/members/{id}': { ownership: 'resource', ok: 200, changes: true, request: (w) => ({ params: { id: w.memberToRemove ?? NO_SUCH_ID } }) },
  // Handed to oneself: refused (409) for the owner, 404 for anyone else (the member is not theirs); the hand-over itself
  // is proven in tests/integration/team.test.ts (it would demote the matrix's owner).
  'POST /api/team/ownership': { ownership: 'resource', ok: 409, request: (w) => ({ body: { member_id: w.owner.sub } }) },
  // The matrix's signed-in callers all made their dealership: it keeps them (409); a member leaving: tests/integration/team.test.ts.
  'POST /api/team/leave': { ownership: 'self', ok: 409, changes: true, request: () => ({}) },
  // The account that created a dealership erases its data only with the whole dealership (409 says so); members erase theirs.
  // No such invite for anyone (404): accepting a real one leaves the caller's dealership (tests/integration/team-invite-accept.test.ts).
  'POST /api/team/invites/{id}/accept': { ownership: 'self', ok: 404, changes: true, request: () => ({ params: { id: NO_SUCH_ID } }) },
  'POST /api/me/erasure': { ownership: 'self', ok: 409, changes: true, request: () => ({ body: { confirm: true } }) },
  'POST /api/api-keys': { ownership: 'self', ok: 201, request: () => ({ body: { name: 'Proof key' } }) },
  'POST /api/api-keys/{id}/revoke': { ownership: 'resource', ok: 200, changes: true, request: (w) => ({ params: { id: w.apiKeyToRevoke ?? NO_SUCH_ID } }) },
  'GET /api/webhooks/endpoints': { ownership: 'self', ok: 200, request: () => ({}) },
  // Loopback is allowed locally only (the port answers nothing: the deliveries fail and are retried, harmlessly).
  'POST /api/webhooks/endpoints': { ownership: 'self', ok: 201, request: () => ({ body: { url: 'http://127.0.0.1:9/proof-hook' } }) },
  'DELETE /api/webhooks/endpoints/{id}': { ownership: 'resource', ok: 200, changes: true, request: (w) => ({ params: { id: w.webhookEndpointToDelete ?? NO_SUCH_ID } }) },
  'POST /api/webhooks/endpoints/{id}/test': { ownership: 'resource', ok: 202, request: (w) => ({ params: { id: w.webhookEndpoint ?? NO_SUCH_ID } }) },
  'GET /api/webhooks/endpoints/{id}/deliveries': { ownership: 'resource', ok: 200, request: (w) => ({ params: { id: w.webhookEndpoint ?? NO_SUCH_ID } }) },
  'GET /api/admin/dealers/{id}/api-usage': { ownership: 'none', ok: 200, request: (w) => ({ params: { id: w.owner.sub } }) },
  'GET /api/v1/openapi.json': { ownership: 'none', ok: 200, request: () => ({}) },
  'POST /api/v1/car-packages': {
    ownership: 'self',
    ok: 201,
    request: () => ({ body: { external_id: `PROOF-${crypto.randomUUID()}`, session_name: 'Proof car', photos: [{ file_name: 'car.jpg', content_type: 'image/jpeg', size: PLAIN_PHOTO.length }] } }),
  },
  'GET /api/v1/car-packages': { ownership: 'self', ok: 200, request: () => ({}) },
  'GET /api/v1/car-packages/{id}': { ownership: 'resource', ok: 200, request: (w) => ({ params: { id: w.finishedPackage } }) },
  // A started package: the start answers it again (replayed), charging nothing.
  'POST /api/v1/car-packages/{id}/start': { ownership: 'resource', ok: 200, request: (w) => ({ params: { id: w.finishedPackage } }) },
  'POST /api/v1/car-packages/{id}/zip': { ownership: 'resource', ok: 200, request: (w) => ({ params: { id: w.finishedPackage } }) },
  'GET /api/v1/credits/balance': { ownership: 'self', ok: 200, request: () => ({}) },
  // The inventory feed (issue 41, item 4). The URL names the owner's account: any other dealer's key gets 404.
  'GET /api/v1/dealers/{dealer_id}/inventory-feed': { ownership: 'resource', ok: 200, request: (w) => ({ params: { dealer_id: w.owner.sub } }) },
  'POST /api/v1/dealers/{dealer_id}/inventory-feed/link': { ownership: 'resource', ok: 200, changes: true, request: (w) => ({ params: { dealer_id: w.owner.sub } }) },
  'GET /api/inventory-feed/link': { ownership: 'self', ok: 200, request: () => ({}) },
  'POST /api/inventory-feed/link': { ownership: 'self', ok: 200, changes: true, request: () => ({}) },
  // A well-formed link no dealer has, and a file of the owner's finished car with a signature that is not its own.
  'GET /api/feeds/{token}': { ownership: 'none', ok: 404, request: () => ({ params: { token: UNKNOWN_FEED_TOKEN } }) },
  'GET /api/feed-files/{package_id}/{file}/{signature}': {
    ownership: 'none',
    ok: 404,
    request: (w) => ({ params: { package_id: w.finishedPackage, file: `${w.renderedAngle}-640x480.jpg`, signature: UNKNOWN_FEED_TOKEN } }),
  },
  'GET /api/health': { ownership: 'none', ok: 200, request: () => ({}) },
  'GET /api/credits/packages': { ownership: 'none', ok: 200, request: () => ({}) },
  'POST /api/contact': {
    ownership: 'none',
    ok: 200,
    changes: true,
    request: () => ({ body: { name: 'Proof Suite', email: 'proof@example.com', message: 'A message from the authz matrix.' } }),
  },
  'POST /api/realtime/ticket': { ownership: 'self', ok: 200, request: () => ({}) },
  'POST /api/auth/magic-link': { ownership: 'none', ok: 202, changes: true, request: () => ({ body: { email: `proof-${crypto.randomUUID()}@example.com` } }) },
  'GET /api/me': { ownership: 'self', ok: 200, request: () => ({}) },
  'PATCH /api/profile': { ownership: 'self', ok: 200, changes: true, request: () => ({ body: { dealer_name: 'Proof Motors' } }) },
  'POST /api/profile/logo/upload': { ownership: 'self', ok: 200, request: () => ({ body: { content_type: 'image/png', size: 1000 } }) },
  // Nothing uploaded yet: the dealer passes the access check and is told to upload the file.
  'POST /api/profile/logo': { ownership: 'self', ok: 400, request: () => ({}) },
  'GET /api/profile/logo': { ownership: 'self', ok: 200, request: () => ({}) },
  'POST /api/account/erasure': { ownership: 'self', ok: 200, changes: true, erasesCaller: true, request: () => ({ body: { confirm: true } }) },
  'GET /api/credits/balance': { ownership: 'self', ok: 200, request: () => ({}) },
  'GET /api/credits/transactions': { ownership: 'self', ok: 200, request: () => ({}) },
  'POST /api/credits/use': {
    ownership: 'self',
    ok: 200,
    changes: true,
    openFields: ['metadata'],
    request: () => ({ body: { credits_to_use: 1, description: 'Proof suite', idempotency_key: idempotency() } }),
  },
  'POST /api/support/attachments': {
    ownership: 'self',
    ok: 200,
    request: () => ({ body: { file_name: 'screenshot.png', content_type: 'image/png', size: 1000 } }),
  },
  'POST /api/support/tickets': {
    ownership: 'self',
    ok: 200,
    changes: true,
    request: (_w, c) => ({ body: { name: 'Proof Suite', email: c.email, category: 'technical', subject: 'Proof', message: 'From the authz matrix.' } }),
  },
  // A code that does not exist: the dealer passes the access check and is told the coupon is not valid.
  'POST /api/credits/validate-coupon': { ownership: 'self', ok: 400, request: () => ({ body: { coupon_code: 'NO-SUCH-CODE', package_id: 'starter' } }) },
  'POST /api/credits/purchase': { ownership: 'self', ok: 200, changes: true, request: () => ({ body: { package_id: 'starter' } }) },
  // Public, but only Stripe's signature over the raw body gets in: an unsigned body is refused.
  'POST /api/stripe/webhook': { ownership: 'none', ok: 400, rawBody: true, request: () => ({ body: { id: 'evt_proof', type: 'payment_intent.succeeded' } }) },
  // Public: anyone may check an image's credentials (a plain photo has none).
  'POST /api/content-credentials/verify': {
    ownership: 'none',
    ok: 200,
    rawBody: true,
    request: () => ({ body: PLAIN_PHOTO, headers: { 'content-type': 'image/jpeg' } }),
  },
  'GET /api/admin/inbox': { ownership: 'none', ok: 200, request: () => ({}) },
  'GET /api/admin/health': { ownership: 'none', ok: 200, request: () => ({}) },
  'GET /api/admin/payments': { ownership: 'none', ok: 200, request: () => ({}) },
  'GET /api/admin/operations': { ownership: 'none', ok: 200, request: () => ({}) },
  'GET /api/admin/stripe-events': { ownership: 'none', ok: 200, request: () => ({}) },
  // An event id never received: the super user passes the access check and is told so.
  'GET /api/admin/stripe-events/{id}': { ownership: 'none', ok: 404, request: () => ({ params: { id: 'evt_never_received' } }) },
  'GET /api/admin/coupons': { ownership: 'none', ok: 200, request: () => ({}) },
  'POST /api/admin/coupons': {
    ownership: 'none',
    ok: 201,
    changes: true,
    request: () => ({ body: { code: `PROOF${crypto.randomUUID().slice(0, 8).toUpperCase()}`, kind: 'percent', percent_off: 10 } }),
  },
  'POST /api/admin/coupons/{code}/disable': { ownership: 'none', ok: 404, request: () => ({ params: { code: 'NO-SUCH-COUPON' } }) },
  'POST /api/admin/bonus-credits': {
    ownership: 'none',
    ok: 200,
    changes: true,
    request: (w) => ({ body: { email: w.owner.email, credits: 1, reason: 'Proof suite', idempotency_key: idempotency() } }),
  },
  // Batch processor (super users): a new batch's presigned uploads; a batch id never created is 404 for the super user.
  'POST /api/batches': {
    ownership: 'none',
    ok: 201,
    changes: true,
    request: () => ({ body: { photos: [{ file_name: 'car.jpg', content_type: 'image/jpeg', size: 1000 }] } }),
  },
  'GET /api/batches/{id}': { ownership: 'none', ok: 404, request: () => ({ params: { id: '01JB0000000000000000000000' } }) },
  'POST /api/batches/{id}/start': { ownership: 'none', ok: 404, request: () => ({ params: { id: '01JB0000000000000000000000' } }) },
  'GET /api/admin/credit-packages': { ownership: 'none', ok: 200, request: () => ({}) },
  // Sets what the seeded package already has, so the shared table is left as it was.
  'PATCH /api/admin/credit-packages/{id}': { ownership: 'none', ok: 200, changes: true, request: () => ({ params: { id: 'professional' }, body: { is_popular: true } }) },
  'POST /api/car-packages': {
    ownership: 'self',
    ok: 201,
    changes: true,
    request: () => ({ body: { session_name: 'Proof 2020 Audi A4', photos: [{ file_name: 'front.jpg', content_type: 'image/jpeg', size: 1000 }] } }),
  },
  'GET /api/car-packages': { ownership: 'self', ok: 200, request: () => ({}) },
  'POST /api/car-photos/check': { ownership: 'self', ok: 200, request: () => ({ body: { photo: Buffer.from(PLAIN_PHOTO).toString('base64') } }) },
  'GET /api/car-packages/activity': {
    ownership: 'self',
    ok: 200,
    request: () => ({ query: `today_start=${encodeURIComponent(new Date(Date.now() - 3_600_000).toISOString())}&week_start=${encodeURIComponent(new Date(Date.now() - 7 * 86_400_000).toISOString())}` }),
  },
  // A VIN is no resource of anyone's: each caller is answered about their own packages of that car (issue 41).
  'GET /api/vins/{vin}': { ownership: 'self', ok: 200, request: () => ({ params: { vin: '1HGCM82633A004352' } }) },
  'GET /api/car-packages/{id}': { ownership: 'resource', ok: 200, request: (w) => ({ params: { id: w.finishedPackage } }) },
  'DELETE /api/car-packages/{id}': { ownership: 'resource', ok: 200, changes: true, asMember: { photographer: 403 }, request: (w) => ({ params: { id: w.packageToDelete } }) },
  // The draft's photo was never uploaded: the owner passes the access check and is told which photo is missing.
  'POST /api/car-packages/{id}/photos/{photo_id}/check': { ownership: 'resource', ok: 400, request: (w) => ({ params: { id: w.draftPackage, photo_id: 'photo-1' } }) },
  'POST /api/car-packages/{id}/start': { ownership: 'resource', ok: 400, request: (w) => ({ params: { id: w.draftPackage } }) },
  // An angle that did not fail: the owner passes the access check and is told there is nothing to retry.
  'POST /api/car-packages/{id}/angles/{angle}/retry': {
    ownership: 'resource',
    ok: 409,
    request: (w) => ({ params: { id: w.finishedPackage, angle: w.renderedAngle } }),
  },
  // The finished package was charged and rendered (not refunded): the owner passes the access check and is told so.
  'POST /api/car-packages/{id}/start-again': { ownership: 'resource', ok: 409, request: (w) => ({ params: { id: w.finishedPackage } }) },
  'POST /api/car-packages/{id}/zip': { ownership: 'resource', ok: 200, request: (w) => ({ params: { id: w.finishedPackage } }) },
  // Sharing (issue 29). The owner's finished package can be shared (on and off again leave it as it was).
  'GET /api/car-packages/{id}/share': { ownership: 'resource', ok: 200, request: (w) => ({ params: { id: w.finishedPackage } }) },
  'PUT /api/car-packages/{id}/share': { ownership: 'resource', ok: 200, changes: true, request: (w) => ({ params: { id: w.finishedPackage } }) },
  'DELETE /api/car-packages/{id}/share': { ownership: 'resource', ok: 200, changes: true, request: (w) => ({ params: { id: w.finishedPackage } }) },
  // A well-formed link no car has: the same 404 as a link turned off (the share tests cover real links end to end).
  'GET /api/share/{token}': { ownership: 'none', ok: 404, request: () => ({ params: { token: UNKNOWN_SHARE_TOKEN } }) },
  'GET /api/share/{token}/images/{angle}/{size}': { ownership: 'none', ok: 404, request: () => ({ params: { token: UNKNOWN_SHARE_TOKEN, angle: 'front', size: 'full' } }) },
  'GET /api/share/{token}/video': { ownership: 'none', ok: 404, request: () => ({ params: { token: UNKNOWN_SHARE_TOKEN } }) },
  // Signed in, a link no car has (or another dealer's): the same 404 (tests/integration/car-package-share.test.ts covers the owner and another dealer).
  'GET /api/share/{token}/owner': { ownership: 'none', ok: 404, request: () => ({ params: { token: UNKNOWN_SHARE_TOKEN } }) },
  // The page and the embed (HTML) answer any token that is not shared with the same 404, malformed ones included: a page
  // for a browser, the JSON error for other clients (as here).
  'GET /api/share/{token}/page': { ownership: 'none', ok: 404, request: () => ({ params: { token: UNKNOWN_SHARE_TOKEN } }) },
  'GET /api/share/{token}/embed': { ownership: 'none', ok: 404, request: () => ({ params: { token: UNKNOWN_SHARE_TOKEN } }) },
  // My Images: every dealer gets their own images (the owner's finished package's angles are the owner's only).
  'GET /api/images': { ownership: 'self', ok: 200, request: () => ({}) },
  'GET /api/admin/dealers': { ownership: 'none', ok: 200, request: (w) => ({ query: `email=${encodeURIComponent(w.owner.email)}` }) },
  'GET /api/admin/dealers/{id}/transactions': { ownership: 'none', ok: 200, request: (w) => ({ params: { id: w.owner.sub } }) },
  // The owner is a standard dealer: setting that role again is permitted and changes nothing the other calls depend on.
  'PUT /api/admin/dealers/{id}/role': { ownership: 'none', ok: 200, changes: true, request: (w) => ({ params: { id: w.owner.sub }, body: { role: 'standard' } }) },
  // Trial links (issue 12). A well-formed token no link has: the public routes answer as for an unknown link (the
  // trial tests cover real links end to end); nothing is uploaded or converted.
  // The spec's answer to any link that is not valid, malformed ones included: 200 { valid: false, error }.
  'GET /api/trial/validate-token/{token}': { ownership: 'none', ok: 200, refusesParamsWith: { status: 200, body: { valid: false } }, request: () => ({ params: { token: UNKNOWN_TRIAL_TOKEN } }) },
  'POST /api/trial/upload-photos/{token}': {
    ownership: 'none',
    ok: 400,
    request: () => ({ params: { token: UNKNOWN_TRIAL_TOKEN }, body: { files: [{ name: 'front.jpg', type: 'image/jpeg', size: 1000 }] } }),
  },
  'POST /api/trial/upload-photos/{token}/complete': { ownership: 'none', ok: 400, request: () => ({ params: { token: UNKNOWN_TRIAL_TOKEN } }) },
  'POST /api/trial/create-account': { ownership: 'none', ok: 400, request: () => ({ body: { token: UNKNOWN_TRIAL_TOKEN, email: 'prospect@example.com' } }) },
  // The caller's own account: a token converted to nobody is refused; the e-mail fallback finds nothing to move.
  'POST /api/trial/transfer-photos': { ownership: 'self', ok: 400, request: () => ({ body: { trial_token: UNKNOWN_TRIAL_TOKEN } }) },
  'POST /api/trial/transfer-photos-by-email': { ownership: 'self', ok: 200, request: (_w, c) => ({ body: { email: c.email } }) },
  'GET /api/admin/trial-links': { ownership: 'none', ok: 200, request: () => ({}) },
  'POST /api/admin/trial-links': { ownership: 'none', ok: 201, changes: true, request: () => ({ body: { dealer_name: 'Proof Motors' } }) },
  'POST /api/admin/trial-links/{id}/revoke': { ownership: 'none', ok: 404, request: () => ({ params: { id: '01ARZ3NDEKTSV4RRFFQ69G5FAV' } }) },
};

/** The path with its parameters filled in, plus the query. */
export function pathOf(route: Pick<ApiRoute, 'path'>, req: ExampleRequest): string {
  const path = route.path.replace(/\{(\w+)\}/g, (_, name: string) => {
    const value = req.params?.[name];
    if (value === undefined) throw new Error(`example for ${route.path} lacks the path parameter ${name}`);
    return encodeURIComponent(value);
  });
  return req.query ? `${path}?${req.query}` : path;
}
