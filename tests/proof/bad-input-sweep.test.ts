import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DynamoDBClient, ScanCommand } from '@aws-sdk/client-dynamodb';
import { ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';
import { API_ROUTES, type ApiRoute } from '@shared/api-routes';
import { MAX_JSON_BODY_BYTES } from '@shared/limits';
import type { LocalHost } from '../../infra/local/host';
import { ROUTE_EXAMPLES, credentialFor, pathOf, routeKey, type Actor, type World } from './route-examples';
import { timed } from '../support/test-timings';

/**
 * The bad-input sweep, generated from the route table: every route that takes a body gets malformed JSON, the wrong
 * content type, a body that is not an object, missing fields, an unknown field, each field with a value of the wrong
 * type, a body over the size limit, a deeply nested one, and what the table cannot hold (32 levels of nesting,
 * numbers like 1e200 and 1e-200, empty keys: in place of each field, beside them, and inside the fields that take
 * free-form JSON). Each must get a 4xx with a message (never a 5xx, never a stack trace) and write nothing: the table
 * and every bucket are compared item by item before and after. Every route of the table, with or without a body, also
 * gets a malformed percent-encoding in each path parameter (or its query), signed in and anonymously. It runs on a host
 * of its own, so no other test's writes show up in the comparison.
 */
const { startLocalHost } = await import('../../infra/local/host');
const { signInNewDealer } = await import('../integration/package-api-client');
/** The account id in an access token (imported helpers that read the shared host's config must not load first). */
const subOf = (d: { accessToken: string }) => (JSON.parse(Buffer.from(d.accessToken.split('.')[1]!, 'base64url').toString('utf8')) as { sub: string }).sub;

let host: LocalHost;
let dataDir: string;
let caller: Actor;
let superCaller: Actor;
let world: World;
let db: DynamoDBClient;
let s3: S3Client;

interface BadBody {
  name: string;
  body: string;
  contentType?: string;
  /** Statuses that fit (400 unless said). */
  statuses?: number[];
}

/** `levels` objects inside each other (the outermost counts as one). */
const nestedObjects = (levels: number): unknown => (levels <= 1 ? { end: true } : { level: nestedObjects(levels - 1) });
/** What the table cannot hold: the issue's own examples (32 levels, 1e200) and their neighbours. */
const UNSTORABLE: [string, unknown][] = [
  ['nested 32 levels', nestedObjects(32)],
  ['1e200', 1e200],
  ['-1e200', -1e200],
  ['1e-200', 1e-200],
  ['an object with an empty key', { '': 'empty' }],
];

/** The bad bodies made from a route's valid example (`openFields`: fields that take free-form JSON). */
function badBodies(example: unknown, openFields: readonly string[] = []): BadBody[] {
  const valid = typeof example === 'string' ? example : example instanceof Uint8Array ? Buffer.from(example).toString('latin1') : JSON.stringify(example);
  const bodies: BadBody[] = [
    { name: 'malformed JSON', body: '{"session_name": "Audi",' },
    { name: 'empty body', body: '' },
    { name: 'the right body sent as text/plain', body: valid, contentType: 'text/plain', statuses: [400, 415] },
    { name: 'the right body sent as a form', body: valid, contentType: 'application/x-www-form-urlencoded', statuses: [400, 415] },
    { name: 'a JSON array', body: '[]' },
    { name: 'a JSON string', body: '"hello"' },
    { name: 'JSON null', body: 'null' },
    { name: 'an empty object (every field missing)', body: '{}' },
    { name: `a body over ${MAX_JSON_BODY_BYTES} bytes`, body: JSON.stringify({ padding: 'x'.repeat(MAX_JSON_BODY_BYTES + 1024) }), statuses: [400, 413] },
    { name: 'nesting 20,000 levels deep', body: `{"a":${'['.repeat(20_000)}${']'.repeat(20_000)}}` },
    { name: 'a body of objects nested 32 levels', body: JSON.stringify(nestedObjects(32)) },
    { name: 'a number too large for the table (1e400)', body: '{"n":1e400}' },
  ];
  if (example && typeof example === 'object' && !Array.isArray(example) && !(example instanceof Uint8Array)) {
    const fields = example as Record<string, unknown>;
    bodies.push({ name: 'an unknown field', body: JSON.stringify({ ...fields, unexpected_field: 'x' }) });
    bodies.push({ name: 'the right body plus an empty key', body: JSON.stringify({ ...fields, '': 'x' }) });
    bodies.push({ name: 'the right body plus 1e200', body: JSON.stringify({ ...fields, huge: 1e200 }) });
    for (const open of openFields) {
      for (const [what, value] of UNSTORABLE) bodies.push({ name: `${open} holding ${what}`, body: JSON.stringify({ ...fields, [open]: { inside: value } }) });
      bodies.push({ name: `${open} with an empty key`, body: JSON.stringify({ ...fields, [open]: { '': 1 } }) });
    }
    for (const [field, value] of Object.entries(fields)) {
      for (const [what, bad] of UNSTORABLE) bodies.push({ name: `${field} replaced by ${what}`, body: JSON.stringify({ ...fields, [field]: bad }) });
      bodies.push({ name: `${field} of the wrong type`, body: JSON.stringify({ ...fields, [field]: wrongTypeFor(value) }) });
      const { [field]: _dropped, ...rest } = fields;
      // Examples carry required fields only, so each one missing is a bad request.
      if (Object.keys(rest).length > 0) bodies.push({ name: `${field} missing`, body: JSON.stringify(rest) });
    }
  }
  return bodies;
}

function wrongTypeFor(value: unknown): unknown {
  if (typeof value === 'string') return { text: value };
  if (typeof value === 'number') return String(value) + ' credits';
  if (typeof value === 'boolean') return 'yes';
  if (Array.isArray(value)) return { items: value };
  return ['not', 'an', 'object'];
}

async function snapshot(): Promise<string[]> {
  const items: string[] = [];
  let start: Record<string, unknown> | undefined;
  do {
    const page = await db.send(new ScanCommand({ TableName: host.config.TABLE_NAME, ExclusiveStartKey: start as never }));
    for (const item of page.Items ?? []) items.push(JSON.stringify(item, Object.keys(item).sort()));
    start = page.LastEvaluatedKey;
  } while (start);
  for (const bucket of [host.config.UPLOADS_BUCKET, host.config.RENDERS_BUCKET]) {
    const listed = await s3.send(new ListObjectsV2Command({ Bucket: bucket }));
    for (const o of listed.Contents ?? []) items.push(`s3://${bucket}/${o.Key} ${o.Size}`);
  }
  return items.sort();
}

/** Percent-encodings that do not decode: a bare %, a non-hex escape, a cut and an overlong UTF-8 sequence, a trailing %. */
const MALFORMED_PERCENT = ['%', '%ZZ', '%E0%A4%A', '%C0%AF', 'x%'];

const bodyRoutes = (API_ROUTES as readonly ApiRoute[]).filter((r) => {
  const example = ROUTE_EXAMPLES[routeKey(r)];
  return example && (example.rawBody || example.request(placeholderWorld(), placeholderActor()).body !== undefined);
});

function placeholderActor(): Actor {
  return { sub: '00000000-0000-0000-0000-000000000000', email: 'placeholder@example.com' };
}
function placeholderWorld(): World {
  return { owner: placeholderActor(), finishedPackage: 'x', renderedAngle: 'front', draftPackage: 'x', packageToDelete: 'x' };
}

describe('bad-input sweep: every route with a body x every kind of bad body', () => {
  beforeAll(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'studio-lot-sweep-'));
    // The sweep sends hundreds of calls a minute with its API key: well past the per-key limit of a real integration.
    process.env.API_KEY_CALLS_PER_MINUTE = '1000000';
    process.env.API_DEALER_CALLS_PER_MINUTE = '1000000';
    host = await timed('host start', () => startLocalHost({ overrides: { PORT: 0, DATA_DIR: dataDir }, skipSpa: true, log: () => undefined }));
    const region = 'us-east-1';
    db = new DynamoDBClient({ region, endpoint: process.env.DYNAMODB_ENDPOINT, credentials: host.credentials });
    s3 = new S3Client({ region, endpoint: process.env.S3_ENDPOINT, forcePathStyle: true, credentials: host.credentials });
    const [dealer, admin] = await Promise.all([signInNewDealer(host.url, 'sweep'), signInNewDealer(host.url, 'sweep-super')]);
    caller = { sub: subOf(dealer), email: dealer.email, token: dealer.accessToken };
    superCaller = { sub: subOf(admin), email: admin.email, token: admin.accessToken };
    const keyResponse = await fetch(`${host.url}/api/api-keys`, { method: 'POST', headers: { authorization: `Bearer ${dealer.accessToken}`, 'content-type': 'application/json' }, body: '{"name":"sweep"}' });
    caller.apiKey = ((await keyResponse.json()) as { secret: string }).secret;
    const { promoteToSuperUser } = await import('../../functions/src/accounts/super-user');
    const { DynamoDbAccountStore } = await import('../../functions/src/accounts/dynamodb-account-store');
    expect(await promoteToSuperUser(new DynamoDbAccountStore(), admin.email)).toMatchObject({ role: 'super' });
    // Path parameters only need to pass the access check's shape: the bodies are refused before any lookup.
    world = { owner: caller, finishedPackage: '01ARZ3NDEKTSV4RRFFQ69G5FAV', renderedAngle: 'front', draftPackage: '01ARZ3NDEKTSV4RRFFQ69G5FAV', packageToDelete: '01ARZ3NDEKTSV4RRFFQ69G5FAV' };
  }, 120_000);

  afterAll(async () => {
    db?.destroy();
    s3?.destroy();
    await host?.stop();
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  });

  it('the sweep covers every route that takes a body, and every route of the table has an example', () => {
    expect(bodyRoutes.length).toBeGreaterThan(5);
    expect((API_ROUTES as readonly ApiRoute[]).map(routeKey).filter((k) => !ROUTE_EXAMPLES[k])).toEqual([]);
  });

  for (const route of bodyRoutes) {
    const key = routeKey(route);
    it(`${key}: every bad body gets a clear 4xx and writes nothing`, async () => {
      const actor = route.access === 'super' ? superCaller : caller;
      const req = ROUTE_EXAMPLES[key]!.request(world, actor);
      const before = await snapshot();
      const wrong: string[] = [];
      for (const bad of badBodies(req.body, ROUTE_EXAMPLES[key]!.openFields)) {
        const response = await fetch(`${host.url}${pathOf(route, req)}`, {
          method: route.method,
          headers: { authorization: `Bearer ${credentialFor(route, actor)}`, 'content-type': bad.contentType ?? 'application/json', ...req.headers },
          body: bad.body,
        });
        const text = await response.text();
        const fits = (bad.statuses ?? [400]).includes(response.status);
        let message: unknown;
        try {
          message = (JSON.parse(text) as { message?: unknown }).message;
        } catch {
          message = undefined;
        }
        const clear = (typeof message === 'string' && message.length > 0 && !/\n\s+at |Error:|Exception/.test(text));
        if (!fits || !clear) wrong.push(`${bad.name}: ${response.status} ${text.slice(0, 200)}`);
      }
      expect(wrong).toEqual([]);
      const after = await snapshot();
      expect(after.filter((i) => !before.includes(i))).toEqual([]);
    }, 120_000);
  }

  for (const route of API_ROUTES as readonly ApiRoute[]) {
    const key = routeKey(route);
    it(`${key}: a malformed percent-encoding in ${route.path.includes('{') ? 'each path parameter' : 'the query'} is a 4xx (or the route's own answer), never a 5xx`, async () => {
      const example = ROUTE_EXAMPLES[key];
      expect(example, `no example for ${key} in tests/proof/route-examples.ts`).toBeDefined();
      const actor = route.access === 'super' ? superCaller : caller;
      const req = example!.request(world, actor);
      const names = [...route.path.matchAll(/\{(\w+)\}/g)].map((m) => m[1]!);
      const wrong: string[] = [];
      const before = await snapshot();
      let everyCallRefused = true;
      for (const bad of MALFORMED_PERCENT) {
        // Each parameter in turn (the others keep their example value); a route without one gets it in its query.
        const paths = names.length
          ? names.map((n) => route.path.replace(/\{(\w+)\}/g, (_m, name: string) => (name === n ? bad : encodeURIComponent(req.params![name]!))))
          : [`${route.path}?q=${bad}&${bad}=1`];
        for (const path of paths) {
          for (const who of ['signed in', 'anonymous'] as const) {
            // With a body, an empty object: nothing valid reaches the route's work either way.
            const hasBody = example!.rawBody || req.body !== undefined;
            const response = await fetch(`${host.url}${path}`, {
              method: route.method,
              headers: { ...(who === 'signed in' ? { authorization: `Bearer ${credentialFor(route, actor)}` } : {}), ...(hasBody ? { 'content-type': 'application/json' } : {}) },
              ...(hasBody ? { body: '{}' } : {}),
            });
            const text = await response.text();
            let parsed: Record<string, unknown> = {};
            try {
              parsed = JSON.parse(text) as Record<string, unknown>;
            } catch {
              parsed = {};
            }
            const message = parsed.message;
            const own = example!.refusesParamsWith;
            const refusedOwnWay = !!own && response.status === own.status && Object.entries(own.body).every(([k, v]) => parsed[k] === v);
            const refused = response.status >= 400 || refusedOwnWay;
            everyCallRefused &&= refused;
            if (response.status >= 500) wrong.push(`${who} ${route.method} ${path}: ${response.status} ${text.slice(0, 200)}`);
            else if (names.length && !refused) wrong.push(`${who} ${route.method} ${path}: ${response.status} (a malformed parameter must be refused)`);
            else if (response.status >= 400 && !(typeof message === 'string' && message.length > 0 && !/\n\s+at |Error:|Exception/.test(text))) wrong.push(`${who} ${route.method} ${path}: ${response.status} without a clear message: ${text.slice(0, 200)}`);
          }
        }
      }
      // Refused calls write nothing. (A route without parameters may answer a stray query as usual, e.g. a GET or the
      // realtime ticket, whose write is its job: the table is compared when every call was refused.)
      if (everyCallRefused) {
        const after = await snapshot();
        expect(after.filter((i) => !before.includes(i))).toEqual([]);
      }
      expect(wrong).toEqual([]);
    }, 120_000);
  }
});
