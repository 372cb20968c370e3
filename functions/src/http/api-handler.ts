import type { APIGatewayProxyEventV2, APIGatewayProxyEventV2WithJWTAuthorizer, APIGatewayProxyStructuredResultV2 } from 'aws-lambda';
import type { z } from 'zod';
import { MAX_JSON_BODY_BYTES } from '@shared/limits';
import { ERASED_ACCOUNT_MESSAGES, MESSAGES } from '@shared/messages';
import { routeForHandler, type RouteAccess } from '@shared/api-routes';
import { DomainError } from '../lib/errors';
import { logger } from '../lib/logger';
import { errorResponse, json, publicErrorResponse } from './error-response';
import { cameThroughSite } from './origin-guard';
import { isAccountErased } from '../privacy/erased-accounts';
import { roleAllows, TEAM_MESSAGES, type TeamRole } from '@shared/team';
import { resolveMember, type ResolvedMember } from '../team/resolve-member';
import { DynamoDbMembershipReader } from '../team/dynamodb-membership-reader';
import { asMember } from '../team/acting-member';
import { assertJsonContentType, isFormContentType, parseWith, readFormBody, readJsonBody } from './validation';

export interface Caller {
  /**
   * The dealer's account id: on "user" routes the dealership the signed-in member belongs to (every record of the
   * dealership is keyed by it), otherwise the token's or key's own.
   */
  sub: string;
  /** The signed-in person's e-mail (from the token). */
  email?: string;
  /** "user" routes: the signed-in member (their own sign-in id) and their role in the dealership (issue 42). */
  member?: { id: string; role: TeamRole };
  /** Set when the caller is an API key (a "key" route): the key's id. */
  keyId?: string;
}

/** Whether a signed-in caller is a super user (read from the profile, never from the client). */
export type SuperUserCheck = (sub: string) => Promise<boolean>;

/** Whether the caller's account was erased (its token may still be valid at the gateway for up to an hour). */
export type ErasedAccountCheck = (sub: string) => Promise<boolean>;

export interface RequestContext<B, Q, P> {
  body: B;
  query: Q;
  params: P;
  caller: Caller | undefined;
  sourceIp: string;
  event: APIGatewayProxyEventV2;
}

interface Options<BS extends z.ZodType | undefined, QS extends z.ZodType | undefined, PS extends z.ZodType | undefined> {
  body?: BS;
  query?: QS;
  params?: PS;
  /** Needed by routes whose access is "super". */
  isSuperUser?: SuperUserCheck;
  maxBodyBytes?: number;
  /** Also accept the body form-encoded (application/x-www-form-urlencoded), for routes the spec calls that way. */
  acceptForm?: boolean;
  /** A request without a body is read as `{}`; one with a body is checked as usual (type, JSON, schema). */
  optionalBody?: boolean;
  /**
   * The erasure route only: a signed-in write is otherwise refused (401) once the caller's account is erased, but a
   * retried erasure (after a time-out) must finish its job and a repeated one answers the same erasure.
   */
  allowErasedCaller?: boolean;
  /** Replaces the erasure record lookup (tests of the wrapper itself). */
  isAccountErased?: ErasedAccountCheck;
  /** Replaces the membership lookup (tests of the wrapper itself). */
  resolveMember?: (personSub: string) => Promise<ResolvedMember>;
  /** Needed by routes whose access is "key": the key's rate limit, revocation and usage (api-keys/key-admission.ts). */
  admitKeyCall?: (sub: string, keyId: string) => Promise<void>;
}

type Parsed<S> = S extends z.ZodType ? z.infer<S> : undefined;

export type HandlerResult =
  | { status?: number; body: unknown; headers?: Record<string, string> }
  /** A page (the shared car's, issue 29): sent as HTML, never cached. */
  | { status?: number; html: string; headers?: Record<string, string> }
  /** A file (a shared car's image): sent as it is, never cached; its headers say its type. */
  | { status?: number; bytes: Buffer; headers: Record<string, string> };

/**
 * Wraps a use case as an API Gateway (HTTP API, payload v2) handler: validates input with the shared zod
 * schemas, enforces the route table's access level, maps errors in one place, and logs one line per request.
 */
export function apiHandler<BS extends z.ZodType | undefined = undefined, QS extends z.ZodType | undefined = undefined, PS extends z.ZodType | undefined = undefined>(
  handlerName: string,
  options: Options<BS, QS, PS>,
  run: (ctx: RequestContext<Parsed<BS>, Parsed<QS>, Parsed<PS>>) => Promise<HandlerResult>,
): (event: APIGatewayProxyEventV2) => Promise<APIGatewayProxyStructuredResultV2> {
  const route = routeForHandler(handlerName);
  if (!route) throw new Error(`Handler ${handlerName} is not in the route table`);
  const access: RouteAccess = route.access;
  let memberships: DynamoDbMembershipReader | undefined;
  const defaultResolveMember = (personSub: string) => resolveMember((memberships ??= new DynamoDbMembershipReader()), personSub);
  if (access === 'super' && !options.isSuperUser) throw new Error(`Handler ${handlerName} needs isSuperUser`);
  if (access === 'key' && !options.admitKeyCall) throw new Error(`Handler ${handlerName} needs admitKeyCall`);

  return async (event) => {
    const started = Date.now();
    logger.appendKeys({ route: `${route.method} ${route.path}`, requestId: event.requestContext?.requestId });
    let response: APIGatewayProxyStructuredResultV2;
    try {
      // Read from the environment itself: a handler whose other settings are missing still refuses a direct call.
      if (!cameThroughSite(event.headers, process.env.ORIGIN_VERIFY_SECRET)) throw new DomainError('forbidden', MESSAGES.onlyThroughSite);
      let caller = access === 'key' ? keyCallerOf(event) : callerOf(event);
      if (access !== 'public' && !caller) throw new DomainError('unauthorized', MESSAGES.unauthorized);
      // A signed-in dealer route: the token's person as a member of their dealership (a removed member is refused here,
      // on every route, from the moment of removal), and the route's minimum role (issue 42).
      if (route.access === 'user') {
        const member = await (options.resolveMember ?? defaultResolveMember)(caller!.sub);
        if (!roleAllows(member.role, route.role)) throw new DomainError('forbidden', TEAM_MESSAGES.roleTooLow(route.role));
        const email = member.email ?? caller!.email;
        caller = { sub: member.dealershipId, ...(email ? { email } : {}), member: { id: member.memberId, role: member.role } };
      }
      // Every signed-in write: a token of an erased account writes nothing (reads find nothing of it anyway).
      if (caller && route.method !== 'GET' && !options.allowErasedCaller && (await (options.isAccountErased ?? isAccountErased)(caller.sub))) {
        throw new DomainError('unauthorized', ERASED_ACCOUNT_MESSAGES.erased);
      }
      if (access === 'super' && !(await options.isSuperUser!(caller!.sub))) {
        throw new DomainError('forbidden', MESSAGES.forbiddenSuperUser);
      }
      const form = options.acceptForm === true && isFormContentType(event.headers);
      const noBody = options.optionalBody === true && (event.body === undefined || event.body === '');
      if (options.body && !form && !noBody) assertJsonContentType(event.headers);
      const maxBytes = options.maxBodyBytes ?? MAX_JSON_BODY_BYTES;
      const body = options.body
        ? parseWith(options.body, noBody ? {} : form ? readFormBody(event.body, event.isBase64Encoded, maxBytes) : readJsonBody(event.body, event.isBase64Encoded, maxBytes))
        : undefined;
      const query = options.query ? parseWith(options.query, event.queryStringParameters ?? {}, 'query') : undefined;
      const params = options.params ? parseWith(options.params, event.pathParameters ?? {}, 'path') : undefined;
      // Every valid call with a key: its rate limit, the key still active (revoked keys refused at once), counted. After
      // the input checks, so a refused input writes nothing (its key was found by the authorizer all the same).
      if (access === 'key') await options.admitKeyCall!(caller!.sub, caller!.keyId!);
      const acting = caller?.member ? { id: caller.member.id, email: caller.email ?? null } : undefined;
      const result = await asMember(acting, () => run({
        body: body as Parsed<BS>,
        query: query as Parsed<QS>,
        params: params as Parsed<PS>,
        caller,
        sourceIp: event.requestContext?.http?.sourceIp ?? 'unknown',
        event,
      }));
      response =
        'html' in result
          ? { statusCode: result.status ?? 200, headers: { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store', ...result.headers }, body: result.html }
          : 'bytes' in result
            ? { statusCode: result.status ?? 200, headers: { 'cache-control': 'no-store', ...result.headers }, body: result.bytes.toString('base64'), isBase64Encoded: true }
            : json(result.status ?? 200, result.body, result.headers);
    } catch (error) {
      // The public API answers its errors in its own documented shape (type, message, param).
      response = access === 'key' ? publicErrorResponse(error) : errorResponse(error);
    }
    logger.info('request', { status: response.statusCode, ms: Date.now() - started });
    logger.removeKeys(['route', 'requestId']);
    return response;
  };
}

/** The dealer and key the API key authorizer found (its context, as API Gateway hands it on: requestContext.authorizer.lambda). */
function keyCallerOf(event: APIGatewayProxyEventV2): Caller | undefined {
  const context = (event.requestContext as { authorizer?: { lambda?: Record<string, unknown> } } | undefined)?.authorizer?.lambda;
  const sub = context?.sub;
  const keyId = context?.key_id;
  if (typeof sub !== 'string' || !sub || typeof keyId !== 'string' || !keyId) return undefined;
  return { sub, keyId };
}

function callerOf(event: APIGatewayProxyEventV2): Caller | undefined {
  const claims = (event as APIGatewayProxyEventV2WithJWTAuthorizer).requestContext?.authorizer?.jwt?.claims;
  const sub = claims?.sub;
  if (typeof sub !== 'string' || !sub) return undefined;
  return { sub, email: typeof claims.email === 'string' ? claims.email : undefined };
}
