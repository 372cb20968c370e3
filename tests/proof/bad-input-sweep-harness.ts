import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, expect, inject } from 'vitest';
import { DynamoDBClient, ScanCommand } from '@aws-sdk/client-dynamodb';
import { ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';
import { API_ROUTES, type ApiRoute } from '@shared/api-routes';
import { MAX_JSON_BODY_BYTES } from '@shared/limits';
import type { LocalHost } from '../../infra/local/host';
import { ROUTE_EXAMPLES, routeKey, type Actor, type World } from './route-examples';
import { timed } from '../support/test-timings';

/**
 * The bad-input sweep, generated from the route table, in two files (the one file took 66 s in a clean-clone run):
 *   bad-input-sweep-bodies: every route that takes a body gets malformed JSON, the wrong content type, a body that is
 *     not an object, missing fields, an unknown field, each field with a value of the wrong type, a body over the size
 *     limit, a deeply nested one, and what the table cannot hold (32 levels of nesting, numbers like 1e200 and 1e-200,
 *     empty keys: in place of each field, beside them, and inside the fields that take free-form JSON);
 *   bad-input-sweep-percent-encoding: every route of the table, with or without a body, gets a malformed
 *     percent-encoding in each path parameter (or its query), signed in and anonymously.
 * Each must get a 4xx with a message (never a 5xx, never a stack trace) and write nothing: the table and every bucket
 * are compared item by item before and after. Each file runs on a host of its own (sweepHost) with a table of its own,
 * so no other test's writes show up in the comparison.
 */
const { startLocalHost } = await import('../../infra/local/host');
const { signInNewDealer } = await import('../integration/package-api-client');
/** The account id in an access token (imported helpers that read the shared host's config must not load first). */
const subOf = (d: { accessToken: string }) => (JSON.parse(Buffer.from(d.accessToken.split('.')[1]!, 'base64url').toString('utf8')) as { sub: string }).sub;

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
export function badBodies(example: unknown, openFields: readonly string[] = []): BadBody[] {
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

/** Percent-encodings that do not decode: a bare %, a non-hex escape, a cut and an overlong UTF-8 sequence, a trailing %. */
export const MALFORMED_PERCENT = ['%', '%ZZ', '%E0%A4%A', '%C0%AF', 'x%'];

export const bodyRoutes = (API_ROUTES as readonly ApiRoute[]).filter((r) => {
  const example = ROUTE_EXAMPLES[routeKey(r)];
  return example && (example.rawBody || example.request(placeholderWorld(), placeholderActor()).body !== undefined);
});

function placeholderActor(): Actor {
  return { sub: '00000000-0000-0000-0000-000000000000', email: 'placeholder@example.com' };
}
function placeholderWorld(): World {
  return { owner: placeholderActor(), finishedPackage: 'x', renderedAngle: 'front', draftPackage: 'x', packageToDelete: 'x' };
}

export interface SweepHost {
  readonly host: LocalHost;
  /** A dealer with an API key. */
  readonly caller: Actor;
  readonly superCaller: Actor;
  readonly world: World;
  /** Every item of the table and every object of both buckets, sorted. */
  snapshot(): Promise<string[]>;
}

/** The file's own host on a data folder of its own, with a dealer (and its API key) and a super user; stopped after the file. */
export function sweepHost(): SweepHost {
  let host: LocalHost;
  let dataDir: string;
  let caller: Actor;
  let superCaller: Actor;
  let world: World;
  let db: DynamoDBClient;
  let s3: S3Client;

  beforeAll(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'studio-lot-sweep-'));
    // The sweep sends hundreds of calls a minute with its API key: well past the per-key limit of a real integration.
    process.env.API_KEY_CALLS_PER_MINUTE = '1000000';
    process.env.API_DEALER_CALLS_PER_MINUTE = '1000000';
    // Its own table in the run's DynamoDB Local (the scripted host's engine, warm already) rather than a JVM of its own.
    const dynamoDbEndpoint = inject('localHost')?.env.DYNAMODB_ENDPOINT;
    const overrides = { PORT: 0, DATA_DIR: dataDir, TABLE_NAME: `sweep-${randomUUID()}` };
    host = await timed('host start', () => startLocalHost({ overrides, dynamoDbEndpoint, skipSpa: true, log: () => undefined }));
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

  return {
    get host() {
      return host;
    },
    get caller() {
      return caller;
    },
    get superCaller() {
      return superCaller;
    },
    get world() {
      return world;
    },
    async snapshot() {
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
    },
  };
}
