/**
 * The route table: every HTTP route of the API, its handler and who may call it. It feeds the CDK HTTP API,
 * the local API gateway and the server-side access check, so a route cannot exist in one home and not the other.
 *
 * access: "public" (anyone), "user" (a signed-in dealer: JWT checked by the gateway), "super" (a signed-in
 * super user: JWT checked by the gateway, role checked by the handler from the profile), "key" (the public API: a
 * dealer's API key, checked by the API key authorizer at the gateway, then revocation, rate limit and usage by the
 * handler). A key reaches "key" routes only; a JWT never reaches them, a key never reaches any other route.
 */
import type { TeamRole } from './team';

export type RouteAccess = 'public' | 'user' | 'super' | 'key';
export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

interface RouteBase {
  method: HttpMethod;
  /** API Gateway path syntax: /api/trial/{token} */
  path: `/api/${string}`;
  /** File name (without .ts) under functions/src/handlers/ */
  handler: string;
  access: RouteAccess;
  /** Longer than the default 10 s for calls that do real work. */
  timeoutSeconds?: number;
  memoryMb?: number;
}

/**
 * A signed-in dealer route ("user") states the lowest role of the dealership's members that may call it (issue 42:
 * owner > manager > photographer); the server refuses anyone below it (403) for every route in one place.
 */
export type ApiRoute = (RouteBase & { access: 'user'; role: TeamRole }) | (RouteBase & { access: Exclude<RouteAccess, 'user'>; role?: undefined });

export const API_ROUTES = [
  { method: 'GET', path: '/api/health', handler: 'health', access: 'public' },
  { method: 'GET', path: '/api/credits/packages', handler: 'list-credit-packages', access: 'public' },
  { method: 'POST', path: '/api/contact', handler: 'send-contact-message', access: 'public' },
  { method: 'POST', path: '/api/realtime/ticket', handler: 'issue-realtime-ticket', access: 'user', role: 'photographer' },
  // Sign-in links and trial sign-ups: the same answer, in the same time, for every address.
  { method: 'POST', path: '/api/auth/magic-link', handler: 'request-magic-link', access: 'public' },
  // Accounts, credits, support, admin (sign-in issue)
  { method: 'GET', path: '/api/me', handler: 'get-me', access: 'user', role: 'photographer' },
  { method: 'PATCH', path: '/api/profile', handler: 'update-profile', access: 'user', role: 'manager' },
  // The logo placed on studio images: our own upload, checked by its bytes (never fetched from a URL).
  { method: 'POST', path: '/api/profile/logo/upload', handler: 'create-logo-upload', access: 'user', role: 'manager' },
  { method: 'POST', path: '/api/profile/logo', handler: 'save-logo', access: 'user', role: 'manager', memoryMb: 1024 },
  { method: 'GET', path: '/api/profile/logo', handler: 'get-logo', access: 'user', role: 'photographer' },
  // Privacy: the dealer's whole account erased within the request (payment records kept for finance).
  { method: 'POST', path: '/api/account/erasure', handler: 'erase-account', access: 'user', role: 'owner', timeoutSeconds: 29 },
  // A member's own data (issue 42): their sign-in, e-mail and membership erased; the dealership's records stay, by "a former member".
  { method: 'POST', path: '/api/me/erasure', handler: 'erase-my-data', access: 'user', role: 'photographer', timeoutSeconds: 29 },
  { method: 'GET', path: '/api/credits/balance', handler: 'get-credit-balance', access: 'user', role: 'photographer' },
  { method: 'GET', path: '/api/credits/transactions', handler: 'list-credit-transactions', access: 'user', role: 'manager' },
  { method: 'POST', path: '/api/credits/use', handler: 'use-credits', access: 'user', role: 'manager' },
  { method: 'POST', path: '/api/support/attachments', handler: 'create-support-attachment-upload', access: 'user', role: 'photographer' },
  { method: 'POST', path: '/api/support/tickets', handler: 'create-support-ticket', access: 'user', role: 'photographer' },
  { method: 'GET', path: '/api/admin/inbox', handler: 'get-admin-inbox', access: 'super' },
  // The engines' state with their errors (the public /api/health answers liveness only).
  { method: 'GET', path: '/api/admin/health', handler: 'get-admin-health', access: 'super' },
  { method: 'POST', path: '/api/credits/validate-coupon', handler: 'validate-coupon', access: 'user', role: 'manager' },
  { method: 'POST', path: '/api/credits/purchase', handler: 'purchase-credits', access: 'user', role: 'manager' },
  { method: 'POST', path: '/api/stripe/webhook', handler: 'stripe-webhook', access: 'public' },
  { method: 'GET', path: '/api/admin/payments', handler: 'list-admin-payments', access: 'super' },
  { method: 'GET', path: '/api/admin/stripe-events', handler: 'list-admin-stripe-events', access: 'super' },
  { method: 'GET', path: '/api/admin/stripe-events/{id}', handler: 'get-admin-stripe-event', access: 'super' },
  { method: 'GET', path: '/api/admin/coupons', handler: 'list-admin-coupons', access: 'super' },
  { method: 'POST', path: '/api/admin/coupons', handler: 'create-admin-coupon', access: 'super' },
  { method: 'POST', path: '/api/admin/coupons/{code}/disable', handler: 'disable-admin-coupon', access: 'super' },
  { method: 'POST', path: '/api/admin/bonus-credits', handler: 'grant-admin-bonus-credits', access: 'super' },
  { method: 'GET', path: '/api/admin/credit-packages', handler: 'list-admin-credit-packages', access: 'super' },
  { method: 'PATCH', path: '/api/admin/credit-packages/{id}', handler: 'update-admin-credit-package', access: 'super' },
  // Car packages (car packages issue). Static paths before /{id}: the local gateway matches in table order.
  { method: 'POST', path: '/api/car-packages', handler: 'create-car-package', access: 'user', role: 'photographer' },
  { method: 'GET', path: '/api/car-packages', handler: 'list-car-packages', access: 'user', role: 'photographer' },
  { method: 'GET', path: '/api/car-packages/activity', handler: 'get-car-package-activity', access: 'user', role: 'photographer' },
  // The form's look-up of a VIN as it is typed: decoded offline, and the dealer's packages of that car (issue 41).
  { method: 'GET', path: '/api/vins/{vin}', handler: 'decode-vin', access: 'user', role: 'photographer' },
  { method: 'GET', path: '/api/car-packages/{id}', handler: 'get-car-package', access: 'user', role: 'photographer' },
  { method: 'DELETE', path: '/api/car-packages/{id}', handler: 'delete-car-package', access: 'user', role: 'photographer' },
  // One uploaded photo checked by its bytes as soon as it lands (the form's uploads): nothing charged; the start then
  // checks only bytes that changed since.
  { method: 'POST', path: '/api/car-packages/{id}/photos/{photo_id}/check', handler: 'check-car-package-photo', access: 'user', role: 'photographer', timeoutSeconds: 29, memoryMb: 1024 },
  // Checks every uploaded photo by its bytes before the charge.
  { method: 'POST', path: '/api/car-packages/{id}/start', handler: 'start-car-package', access: 'user', role: 'photographer', timeoutSeconds: 29, memoryMb: 1024 },
  { method: 'POST', path: '/api/car-packages/{id}/angles/{angle}/retry', handler: 'retry-car-package-angle', access: 'user', role: 'photographer' },
  // A package refunded because nothing rendered is never re-rendered for free: its photos start again as a new package
  // (1 credit, the dealer confirms). Checks every photo by its bytes before the charge, as the start does.
  { method: 'POST', path: '/api/car-packages/{id}/start-again', handler: 'start-car-package-again', access: 'user', role: 'photographer', timeoutSeconds: 29, memoryMb: 1024 },
  // Builds the zip in S3 from the stored images (up to 8 full-size JPEGs).
  { method: 'POST', path: '/api/car-packages/{id}/zip', handler: 'create-car-package-zip', access: 'user', role: 'photographer', timeoutSeconds: 29, memoryMb: 1024 },
  // Sharing (issue 29): a public page per car, off by default. Share on/off and the link, for the package's dealer.
  { method: 'GET', path: '/api/car-packages/{id}/share', handler: 'get-car-package-share', access: 'user', role: 'photographer' },
  { method: 'PUT', path: '/api/car-packages/{id}/share', handler: 'share-car-package', access: 'user', role: 'manager' },
  { method: 'DELETE', path: '/api/car-packages/{id}/share', handler: 'unshare-car-package', access: 'user', role: 'manager' },
  // The shared car for anyone with the link (404 once Share is off); its images by stable links that answer the file
  // itself (og:image and downloads outlive any signed link, whose storage key would name the account).
  { method: 'GET', path: '/api/share/{token}', handler: 'get-shared-car', access: 'public' },
  { method: 'GET', path: '/api/share/{token}/images/{angle}/{size}', handler: 'get-shared-car-image', access: 'public', memoryMb: 1024 },
  // The walk-around video of a shared car (issue 41, item 6), by byte ranges too (Safari plays no video without them).
  { method: 'GET', path: '/api/share/{token}/video', handler: 'get-shared-car-video', access: 'public' },
  // The shared car's package for its own dealer, signed in (the page's "Download all" asks for its zip); 404 for anyone else.
  { method: 'GET', path: '/api/share/{token}/owner', handler: 'get-shared-car-owner', access: 'user', role: 'photographer' },
  // The car's page and the embed as HTML, rendered per request (CloudFront's /c/* behaviours and the local host send
  // /c/{token} and /c/{token}/embed here). Any token that is not shared answers the same 404 page.
  { method: 'GET', path: '/api/share/{token}/page', handler: 'get-shared-car-page', access: 'public', memoryMb: 1024 },
  { method: 'GET', path: '/api/share/{token}/embed', handler: 'get-shared-car-embed', access: 'public', memoryMb: 1024 },
  // Batch processor (issue 12, Image Processor): super users only, enforced here and by each handler (403 for others).
  // One image per photo at 1 credit each; the start checks every upload by its bytes before the charge.
  { method: 'POST', path: '/api/batches', handler: 'create-batch', access: 'super' },
  { method: 'GET', path: '/api/batches/{id}', handler: 'get-batch', access: 'super' },
  { method: 'POST', path: '/api/batches/{id}/start', handler: 'start-batch', access: 'super', timeoutSeconds: 29, memoryMb: 1024 },
  // Content credentials (issue 16): anyone checks a downloaded image (the body is the image; size, type and rate checked).
  { method: 'POST', path: '/api/content-credentials/verify', handler: 'verify-content-credentials', access: 'public', timeoutSeconds: 15, memoryMb: 1024 },
  // Car check and angle suggestion of one photo as soon as the dealer adds it (vision issue); stores nothing.
  { method: 'POST', path: '/api/car-photos/check', handler: 'check-car-photo', access: 'user', role: 'photographer', timeoutSeconds: 29, memoryMb: 1024 },
  // My Images and the admin area's dealers (issue 12). Any signed-in dealer lists their own images (the sidebar shows
  // the page to super users only, as the spec says). Finding a dealer and making or unmaking a super user: super users.
  { method: 'GET', path: '/api/images', handler: 'list-images', access: 'user', role: 'photographer' },
  { method: 'GET', path: '/api/admin/dealers', handler: 'find-admin-dealer', access: 'super' },
  { method: 'GET', path: '/api/admin/dealers/{id}/transactions', handler: 'list-admin-dealer-transactions', access: 'super' },
  { method: 'PUT', path: '/api/admin/dealers/{id}/role', handler: 'set-admin-dealer-role', access: 'super' },
  // Trial links (issue 12). The prospect's calls are public, counted per link and per client address, and refused for
  // an expired, revoked, converted or malformed token. Uploads go straight to S3 through presigned POSTs instead of the
  // spec's multipart body: upload-photos answers one presigned POST per photo (JSON { files: [{ name, type, size }] }),
  // then .../complete checks every upload by its bytes and the car check with the angle and answers { success,
  // uploaded_count, error } with each photo's verdict (angle, which car; or why refused), the cars and the angles given.
  // The two transfer calls take the spec's form-encoded body (or JSON).
  { method: 'GET', path: '/api/trial/validate-token/{token}', handler: 'validate-trial-token', access: 'public' },
  { method: 'POST', path: '/api/trial/upload-photos/{token}', handler: 'request-trial-uploads', access: 'public' },
  { method: 'POST', path: '/api/trial/upload-photos/{token}/complete', handler: 'complete-trial-uploads', access: 'public', timeoutSeconds: 29, memoryMb: 1024 },
  { method: 'POST', path: '/api/trial/create-account', handler: 'create-trial-account', access: 'public' },
  { method: 'POST', path: '/api/trial/transfer-photos', handler: 'transfer-trial-photos', access: 'user', role: 'owner', timeoutSeconds: 29, memoryMb: 1024 },
  { method: 'POST', path: '/api/trial/transfer-photos-by-email', handler: 'transfer-trial-photos-by-email', access: 'user', role: 'owner', timeoutSeconds: 29, memoryMb: 1024 },
  { method: 'GET', path: '/api/admin/trial-links', handler: 'list-admin-trial-links', access: 'super' },
  { method: 'POST', path: '/api/admin/trial-links', handler: 'create-admin-trial-link', access: 'super' },
  { method: 'POST', path: '/api/admin/trial-links/{id}/revoke', handler: 'revoke-admin-trial-link', access: 'super' },
  // Operations (issue 25): the car packages of the last 24 hours, as the Ops dashboard counts them in AWS.
  { method: 'GET', path: '/api/admin/operations', handler: 'get-admin-operations', access: 'super' },
  // Dealer integrations (issue 28). Settings: API keys (shown once, stored as a hash) and webhook endpoints.
  { method: 'GET', path: '/api/api-keys', handler: 'list-api-keys', access: 'user', role: 'owner' },
  { method: 'POST', path: '/api/api-keys', handler: 'create-api-key', access: 'user', role: 'owner' },
  { method: 'POST', path: '/api/api-keys/{id}/revoke', handler: 'revoke-api-key', access: 'user', role: 'owner' },
  { method: 'GET', path: '/api/webhooks/endpoints', handler: 'list-webhook-endpoints', access: 'user', role: 'owner' },
  { method: 'POST', path: '/api/webhooks/endpoints', handler: 'create-webhook-endpoint', access: 'user', role: 'owner' },
  { method: 'DELETE', path: '/api/webhooks/endpoints/{id}', handler: 'delete-webhook-endpoint', access: 'user', role: 'owner' },
  { method: 'POST', path: '/api/webhooks/endpoints/{id}/test', handler: 'send-test-webhook', access: 'user', role: 'owner' },
  { method: 'GET', path: '/api/webhooks/endpoints/{id}/deliveries', handler: 'list-webhook-deliveries', access: 'user', role: 'owner' },
  { method: 'GET', path: '/api/admin/dealers/{id}/api-usage', handler: 'get-admin-api-usage', access: 'super' },
  // The public API (v1), called with an API key; documented by the OpenAPI document generated from this table and
  // shared/schemas/public-api.ts (served by the public route below). Each calls the same domain code as the app's route.
  { method: 'GET', path: '/api/v1/openapi.json', handler: 'get-openapi-document', access: 'public' },
  { method: 'POST', path: '/api/v1/car-packages', handler: 'v1-create-car-package', access: 'key' },
  { method: 'GET', path: '/api/v1/car-packages', handler: 'v1-list-car-packages', access: 'key' },
  { method: 'GET', path: '/api/v1/car-packages/{id}', handler: 'v1-get-car-package', access: 'key' },
  { method: 'POST', path: '/api/v1/car-packages/{id}/start', handler: 'v1-start-car-package', access: 'key', timeoutSeconds: 29, memoryMb: 1024 },
  { method: 'POST', path: '/api/v1/car-packages/{id}/zip', handler: 'v1-create-car-package-zip', access: 'key', timeoutSeconds: 29, memoryMb: 1024 },
  { method: 'GET', path: '/api/v1/credits/balance', handler: 'v1-get-credit-balance', access: 'key' },
  // The inventory feed for listing sites (issue 41, item 4): one row per car, CSV or JSON, read with an API key of the
  // dealer the URL names (another dealer's key: 404, no data) or through the dealer's secret feed link, renewed from
  // Settings or by API (the old link refused at once). Its image links: the shared car's public ones, or signed links
  // on the site (sizes made on first request and kept), the video by a redirect to a signed storage link.
  { method: 'GET', path: '/api/v1/dealers/{dealer_id}/inventory-feed', handler: 'v1-get-inventory-feed', access: 'key', timeoutSeconds: 29 },
  { method: 'POST', path: '/api/v1/dealers/{dealer_id}/inventory-feed/link', handler: 'v1-rotate-inventory-feed-link', access: 'key' },
  { method: 'GET', path: '/api/inventory-feed/link', handler: 'get-inventory-feed-link', access: 'user', role: 'manager' },
  { method: 'POST', path: '/api/inventory-feed/link', handler: 'rotate-inventory-feed-link', access: 'user', role: 'owner' },
  { method: 'GET', path: '/api/feeds/{token}', handler: 'get-inventory-feed-by-link', access: 'public', timeoutSeconds: 29 },
  { method: 'GET', path: '/api/feed-files/{package_id}/{file}/{signature}', handler: 'get-inventory-feed-file', access: 'public', timeoutSeconds: 15, memoryMb: 1024 },
  // A dealership is a team (issue 42): its members and their roles (every member sees them), the owners' invites (a
  // sign-in link mailed that joins the dealership on first sign-in, 7 days), role changes, removal, hand-over, leaving.
  { method: 'GET', path: '/api/team', handler: 'get-team', access: 'user', role: 'photographer' },
  { method: 'POST', path: '/api/team/invites', handler: 'create-team-invite', access: 'user', role: 'owner' },
  { method: 'DELETE', path: '/api/team/invites/{id}', handler: 'withdraw-team-invite', access: 'user', role: 'owner' },
  { method: 'PATCH', path: '/api/team/members/{id}', handler: 'change-team-member-role', access: 'user', role: 'owner' },
  { method: 'DELETE', path: '/api/team/members/{id}', handler: 'remove-team-member', access: 'user', role: 'owner' },
  { method: 'POST', path: '/api/team/ownership', handler: 'hand-over-ownership', access: 'user', role: 'owner' },
  { method: 'POST', path: '/api/team/leave', handler: 'leave-team', access: 'user', role: 'photographer' },
  // The dashboard's invite notice: joining another dealership leaves the person's own (erased, if they created it alone).
  { method: 'POST', path: '/api/team/invites/{id}/accept', handler: 'accept-team-invite', access: 'user', role: 'photographer', timeoutSeconds: 29 },
] as const satisfies readonly ApiRoute[];

export type ApiRouteHandler = (typeof API_ROUTES)[number]['handler'];

export function routeForHandler(handler: string): ApiRoute | undefined {
  return (API_ROUTES as readonly ApiRoute[]).find((r) => r.handler === handler);
}

/** WebSocket routes, handled by one function each. */
export const WEBSOCKET_ROUTES = [
  { routeKey: '$connect', handler: 'ws-connect' },
  { routeKey: '$disconnect', handler: 'ws-disconnect' },
  { routeKey: '$default', handler: 'ws-default' },
] as const;
