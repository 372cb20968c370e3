/**
 * The public API's OpenAPI 3.1 document, generated from the route table (its "key" routes) and the zod schemas of
 * shared/schemas/public-api.ts: one source, so the document lists exactly the routes an API key reaches, with the
 * schemas their handlers validate with. Served at GET /api/v1/openapi.json and rendered on /docs/api.
 */
import { z } from 'zod';
import { API_ROUTES, type ApiRoute } from './api-routes';
import { API_DEALER_CALLS_PER_MINUTE, API_KEY_CALLS_PER_MINUTE, API_KEY_PREFIX } from './integrations';
import { MAX_JSON_BODY_BYTES } from './limits';
import { PUBLIC_OPERATIONS, publicApiErrorSchema, type PublicOperation } from './schemas/public-api';

type Json = Record<string, unknown>;

const jsonSchema = (schema: z.ZodType, io: 'input' | 'output'): Json => {
  const { $schema: _drop, ...rest } = z.toJSONSchema(schema, { target: 'draft-2020-12', io, unrepresentable: 'any' }) as Json;
  return rest;
};

/** The routes an API key reaches, in table order. */
export const publicRoutes = (): ApiRoute[] => (API_ROUTES as readonly ApiRoute[]).filter((r) => r.access === 'key');

type ErrorStatus = '400' | '401' | '402' | '404' | '409' | '413' | '415' | '429' | '503';

/** What an error status means wherever a route says nothing more about it. */
const ERRORS: Record<ErrorStatus, string> = {
  '400': 'The request is invalid: `param` names the field at fault.',
  '401': 'No API key, or a revoked one. (When the gateway refuses a key before the API is reached, the body is `{"message":"Unauthorized"}`.)',
  '402': 'Not enough credits.',
  '404': 'No such car package among yours.',
  '409': 'The request conflicts with the state of the package.',
  '413': `The body is larger than ${MAX_JSON_BODY_BYTES / 1024} KB.`,
  '415': 'The body is not sent as `Content-Type: application/json`.',
  '429': `More than ${API_KEY_CALLS_PER_MINUTE} calls a minute with this key, or ${API_DEALER_CALLS_PER_MINUTE} with all your keys together: wait for the seconds in Retry-After.`,
  '503': 'Processing could not start: the credit was refunded. Try again.',
};

/**
 * The error answers each route can give, and only those (any route may also answer 500 when something fails on our
 * side): `true` for the meaning in ERRORS, or what the status means on that route.
 */
const ROUTE_ERRORS: Record<keyof typeof PUBLIC_OPERATIONS, Partial<Record<ErrorStatus, true | string>>> = {
  'POST /api/v1/car-packages': {
    '400': true,
    '401': true,
    '409': 'A package with this external_id is still being written (another request is creating it, or it was deleted a few seconds ago): send the request again.',
    '413': true,
    '415': true,
    '429': true,
  },
  'GET /api/v1/car-packages': { '400': 'A parameter is invalid (the limit, the cursor, a malformed VIN, an unknown status, a date that is not ISO 8601 or a range that ends before it starts): `param` names it.', '401': true, '429': true },
  'GET /api/v1/car-packages/{id}': { '400': 'The id is not a car package id.', '401': true, '404': true, '429': true },
  'POST /api/v1/car-packages/{id}/start': {
    '400': 'The request is invalid (`param` names the field at fault), a photo was refused by the checks (`param` names it), or the uploads expired before the start.',
    '401': true,
    '402': 'Not enough credits: nothing was started.',
    '404': true,
    '409': 'The Idempotency-Key was used for another request, or another request is changing this package or your balance at this moment: read the package and try again.',
    '413': true,
    '415': true,
    '429': `${ERRORS['429']} Checking the photos has an hourly allowance of its own, answered the same way.`,
    '503': true,
  },
  'POST /api/v1/car-packages/{id}/zip': { '400': 'The id is not a car package id.', '401': true, '404': true, '409': 'No image of the package is finished yet.', '429': true },
  'GET /api/v1/credits/balance': { '401': true, '429': true },
  'GET /api/v1/dealers/{dealer_id}/inventory-feed': { '400': 'A parameter is invalid (the format, the limit, the cursor, or a dealer_id that is not an account id): `param` names it.', '401': true, '404': 'The dealer_id is not the account of this key: nothing of any account is answered.', '429': true },
  'POST /api/v1/dealers/{dealer_id}/inventory-feed/link': { '400': 'The dealer_id is not an account id, or the body has a field (it takes none).', '401': true, '404': 'The dealer_id is not the account of this key.', '409': 'Another request renewed the link at the same moment: try again.', '413': true, '415': true, '429': true },
};

function parameters(op: PublicOperation): Json[] {
  const out: Json[] = [];
  for (const [where, schema] of [['path', op.params], ['query', op.query]] as const) {
    if (!schema) continue;
    const s = jsonSchema(schema, 'input') as { properties?: Record<string, Json>; required?: string[] };
    for (const [name, property] of Object.entries(s.properties ?? {})) {
      out.push({ name, in: where, required: where === 'path' || (s.required ?? []).includes(name), schema: property });
    }
  }
  for (const [name, description] of Object.entries(op.headers ?? {})) out.push({ name, in: 'header', required: false, description, schema: { type: 'string', maxLength: 255 } });
  return out;
}

export function openApiDocument(serverUrl?: string): Json {
  const paths: Record<string, Record<string, Json>> = {};
  for (const route of publicRoutes()) {
    const op = PUBLIC_OPERATIONS[`${route.method} ${route.path}` as keyof typeof PUBLIC_OPERATIONS];
    if (!op) throw new Error(`${route.method} ${route.path} is a public API route without an entry in PUBLIC_OPERATIONS`);
    const responses: Json = {
      [String(op.status)]: {
        description: op.status === 201 ? 'Created.' : 'OK.',
        content: { 'application/json': { schema: jsonSchema(op.response, 'output') }, ...(op.csv ? { 'text/csv': { schema: { type: 'string', description: op.csv } } } : {}) },
      },
    };
    if (route.path === '/api/v1/car-packages' && route.method === 'POST') {
      responses['200'] = { description: 'A package with this external_id existed already: this is it.', content: { 'application/json': { schema: jsonSchema(op.response, 'output') } } };
    }
    const errors = ROUTE_ERRORS[`${route.method} ${route.path}` as keyof typeof ROUTE_ERRORS];
    if (!errors) throw new Error(`${route.method} ${route.path} is a public API route without its error answers in ROUTE_ERRORS`);
    for (const [status, description] of Object.entries(errors)) {
      responses[status] = {
        description: description === true ? ERRORS[status as ErrorStatus] : description,
        content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } },
      };
    }
    const params = parameters(op);
    (paths[route.path] ??= {})[route.method.toLowerCase()] = {
      operationId: route.handler.replace(/^v1-/, '').replace(/-(\w)/g, (_m, c: string) => c.toUpperCase()),
      summary: op.summary,
      ...(op.description ? { description: op.description } : {}),
      ...(params.length ? { parameters: params } : {}),
      ...(op.body ? { requestBody: { required: true, content: { 'application/json': { schema: jsonSchema(op.body, 'input') } } } } : {}),
      responses,
    };
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'Studio Lot API',
      version: '1.0.0',
      description:
        'Car packages by API: create one per car with its stock number or VIN as external_id, upload the photos through the presigned posts, start it (1 credit), and read its status and image links, or receive webhooks when it finishes.',
    },
    ...(serverUrl ? { servers: [{ url: serverUrl }] } : {}),
    security: [{ apiKey: [] }],
    paths,
    components: {
      securitySchemes: {
        apiKey: { type: 'http', scheme: 'bearer', description: `An API key from Settings (starts with ${API_KEY_PREFIX}), sent as "Authorization: Bearer <key>".` },
      },
      schemas: { Error: jsonSchema(publicApiErrorSchema, 'output') },
    },
  };
}
