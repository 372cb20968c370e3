import { randomUUID } from 'node:crypto';
import type { APIGatewayProxyEventV2 } from 'aws-lambda';
import { API_ROUTES } from '@shared/api-routes';

/**
 * Runs a route's real handler in this process with the API Gateway (payload v2) event the gateway would send after
 * its JWT authorizer accepted the token: the claims are those of `user`. Call useLocalHost() before importing.
 */
export async function callRoute(
  routeKey: string,
  opts: {
    user?: { sub: string; email?: string };
    body?: unknown;
    rawBody?: string;
    /** Of the body (application/json unless said, e.g. a form-encoded rawBody). */
    contentType?: string;
    sourceIp?: string;
    pathParameters?: Record<string, string>;
    query?: Record<string, string>;
    /** More request headers (lower-case names), e.g. an idempotency-key. */
    headers?: Record<string, string>;
  } = {},
): Promise<{ status: number; body: any }> {
  const { loadHandler, lambdaContext } = await import('../../infra/local/handler-loader');
  const route = API_ROUTES.find((r) => `${r.method} ${r.path}` === routeKey);
  if (!route) throw new Error(`no route ${routeKey}`);
  const body = opts.rawBody ?? (opts.body === undefined ? undefined : JSON.stringify(opts.body));
  const rawPath = route.path.replace(/\{(\w+)\}/g, (_, k: string) => opts.pathParameters?.[k] ?? `{${k}}`);
  const event = {
    version: '2.0',
    routeKey,
    rawPath,
    rawQueryString: new URLSearchParams(opts.query ?? {}).toString(),
    headers: { 'content-type': opts.contentType ?? 'application/json', ...opts.headers },
    isBase64Encoded: false,
    requestContext: {
      accountId: 'local',
      apiId: 'local',
      domainName: 'localhost',
      domainPrefix: 'localhost',
      http: { method: route.method, path: rawPath, protocol: 'HTTP/1.1', sourceIp: opts.sourceIp ?? '127.0.0.1', userAgent: 'test' },
      requestId: randomUUID(),
      routeKey,
      stage: '$default',
      time: new Date().toUTCString(),
      timeEpoch: Date.now(),
      ...(opts.user ? { authorizer: { jwt: { claims: { ...opts.user, token_use: 'access' }, scopes: [] } } } : {}),
    },
    ...(opts.pathParameters ? { pathParameters: opts.pathParameters } : {}),
    ...(opts.query ? { queryStringParameters: opts.query } : {}),
    ...(body !== undefined ? { body } : {}),
  } as unknown as APIGatewayProxyEventV2;
  const handler = await loadHandler(route.handler);
  const result = (await handler(event, lambdaContext(route.handler))) as { statusCode: number; body: string };
  return { status: result.statusCode, body: JSON.parse(result.body) };
}

/** A fresh user identity per test, so tests sharing the one table never see each other's data. */
export const newUser = (label = 'dealer') => {
  const sub = randomUUID();
  return { sub, email: `${label}-${sub.slice(0, 8)}@example.com` };
};
