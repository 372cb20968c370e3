import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2 } from 'aws-lambda';
import { API_ROUTES, type ApiRoute } from '@shared/api-routes';
import { lambdaContext, loadHandler } from './handler-loader';

/** API Gateway's own payload limit for HTTP APIs. */
const MAX_PAYLOAD_BYTES = 10 * 1024 * 1024;

/** Verifies a bearer JWT as the HTTP API's JWT authorizer does; returns its claims or undefined. */
export type JwtVerifier = (token: string) => Promise<Record<string, unknown> | undefined>;

interface CompiledRoute {
  route: ApiRoute;
  pattern: RegExp;
  names: string[];
}

const compiled: CompiledRoute[] = (API_ROUTES as readonly ApiRoute[]).map((route) => {
  const names: string[] = [];
  const pattern = new RegExp(
    '^' +
      route.path.replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace(/\{(\w+)\+?\}/g, (_m, name: string) => {
        names.push(name);
        return '([^/]+)';
      }) +
      '$',
  );
  return { route, pattern, names };
});

function match(method: string, path: string): { route: ApiRoute; params: Record<string, string> } | 'method' | undefined {
  let pathMatched = false;
  for (const c of compiled) {
    const m = c.pattern.exec(path);
    if (!m) continue;
    pathMatched = true;
    if (c.route.method !== method) continue;
    return { route: c.route, params: Object.fromEntries(c.names.map((n, i) => [n, decodePathSegment(m[i + 1]!)])) };
  }
  return pathMatched ? 'method' : undefined;
}

/**
 * A path parameter as API Gateway's HTTP API hands it over: percent-decoded, and a segment that is not validly
 * percent-encoded (`%`, `%ZZ`, a cut or overlong UTF-8 sequence) passed on as it came, for the handler's schema to
 * refuse; never an exception that would answer 500.
 */
export function decodePathSegment(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

const send = (res: ServerResponse, status: number, body: unknown) => {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify(body));
};

/**
 * The local API Gateway (HTTP API): turns a request into the payload-v2 event API Gateway would send, runs the
 * route's handler from the shared route table, and writes its result back. Routes that need a user are
 * checked with the JWT verifier first, as the JWT authorizer does in AWS.
 */
export function createHttpGateway(opts: { verifyJwt?: JwtVerifier; stage?: string }) {
  return async function handleApi(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = new URL(req.url ?? '/', 'http://local');
    const method = (req.method ?? 'GET').toUpperCase();
    const found = match(method, url.pathname);
    if (found === undefined) return send(res, 404, { message: 'Not Found' });
    if (found === 'method') return send(res, 405, { message: `Method ${method} not allowed on ${url.pathname}` });
    const { route, params } = found;

    const chunks: Buffer[] = [];
    let size = 0;
    for await (const chunk of req) {
      size += (chunk as Buffer).length;
      if (size > MAX_PAYLOAD_BYTES) return send(res, 413, { message: 'Request Entity Too Large' });
      chunks.push(chunk as Buffer);
    }
    const raw = Buffer.concat(chunks);

    let claims: Record<string, unknown> | undefined;
    let keyContext: Record<string, unknown> | undefined;
    if (route.access === 'key') {
      // The public API: the same Lambda authorizer AWS runs, on the same payload 2.0 (no cache here).
      const authorizer = await loadHandler('api-key-authorizer');
      const headers = Object.fromEntries(Object.entries(req.headers).flatMap(([k, v]) => (typeof v === 'string' ? [[k, v]] : [])));
      const answer = (await authorizer(
        { version: '2.0', type: 'REQUEST', routeArn: `arn:aws:execute-api:local:000000000000:local/$default/${route.method}${route.path}`, identitySource: [headers.authorization ?? ''], routeKey: `${route.method} ${route.path}`, rawPath: url.pathname, rawQueryString: url.search.slice(1), headers },
        lambdaContext('api-key-authorizer', 10_000),
      )) as { isAuthorized: boolean; context?: Record<string, unknown> };
      if (!answer.isAuthorized) return send(res, 401, { message: 'Unauthorized' });
      keyContext = answer.context;
    } else if (route.access !== 'public') {
      const token = /^Bearer (.+)$/i.exec(req.headers.authorization ?? '')?.[1];
      claims = token && opts.verifyJwt ? await opts.verifyJwt(token) : undefined;
      if (!claims) return send(res, 401, { message: 'Unauthorized' });
    }

    const headers: Record<string, string> = {};
    for (const [k, v] of Object.entries(req.headers)) if (v !== undefined) headers[k] = Array.isArray(v) ? v.join(',') : v;
    const isText = /json|text|x-www-form-urlencoded/.test(headers['content-type'] ?? '') || raw.length === 0;
    const now = new Date();
    const event: APIGatewayProxyEventV2 = {
      version: '2.0',
      routeKey: `${route.method} ${route.path}`,
      rawPath: url.pathname,
      rawQueryString: url.search.slice(1),
      headers,
      ...(req.headers.cookie ? { cookies: req.headers.cookie.split(/;\s*/) } : {}),
      ...(url.search ? { queryStringParameters: Object.fromEntries(url.searchParams) } : {}),
      ...(Object.keys(params).length ? { pathParameters: params } : {}),
      ...(raw.length ? { body: isText ? raw.toString('utf8') : raw.toString('base64') } : {}),
      isBase64Encoded: !isText,
      requestContext: {
        accountId: 'local',
        apiId: 'local',
        domainName: headers.host ?? 'localhost',
        domainPrefix: 'localhost',
        http: {
          method,
          path: url.pathname,
          protocol: `HTTP/${req.httpVersion}`,
          sourceIp: req.socket.remoteAddress?.replace(/^::ffff:/, '') ?? '127.0.0.1',
          userAgent: headers['user-agent'] ?? '',
        },
        requestId: randomUUID(),
        routeKey: `${route.method} ${route.path}`,
        stage: opts.stage ?? '$default',
        time: now.toUTCString(),
        timeEpoch: now.getTime(),
        ...(claims ? { authorizer: { jwt: { claims, scopes: [] } } } : {}),
        ...(keyContext ? { authorizer: { lambda: keyContext } } : {}),
      } as APIGatewayProxyEventV2['requestContext'],
    };

    let result: APIGatewayProxyStructuredResultV2;
    try {
      const handler = await loadHandler(route.handler);
      result = (await handler(event, lambdaContext(route.handler, (route.timeoutSeconds ?? 29) * 1000))) as APIGatewayProxyStructuredResultV2;
    } catch (error) {
      // What API Gateway answers when the function itself fails.
      console.error(`handler ${route.handler} threw`, error);
      return send(res, 500, { message: 'Internal Server Error' });
    }
    const body = result.body ?? '';
    res.writeHead(result.statusCode ?? 200, { ...(result.headers as Record<string, string>) });
    if (result.cookies?.length) res.setHeader('set-cookie', result.cookies);
    res.end(result.isBase64Encoded ? Buffer.from(body, 'base64') : body);
  };
}
