import { randomBytes } from 'node:crypto';
import { mkdir } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { request as httpRequest, type IncomingMessage, type ServerResponse } from 'node:http';
import { join } from 'node:path';
import S3rver from 's3rver';
import { UPLOAD_CORS } from '../table-design';
import { makeWritesAtomic } from './s3-atomic-writes';
import { checkPresignedGet } from './s3-presigned-get';
import { checkPresignedPost } from './s3-post-policy';

export interface RunningS3 {
  /** Internal endpoint of the S3-compatible server. */
  endpoint: string;
  /** Serves /s3/* on the main URL: only presigned POST uploads and presigned GET/HEAD downloads pass. */
  handle(req: IncomingMessage, res: ServerResponse, prefix: string): void;
  stop(): Promise<void>;
}

/** Bucket CORS for the local site's origins only (as the AWS buckets allow only the site). */
const corsXml = (origins: string[]) =>
  `<CORSConfiguration><CORSRule>${UPLOAD_CORS.allowedMethods.map((m) => `<AllowedMethod>${m}</AllowedMethod>`).join('')}${origins.map((o) => `<AllowedOrigin>${o}</AllowedOrigin>`).join('')}<AllowedHeader>*</AllowedHeader><ExposeHeader>ETag</ExposeHeader><MaxAgeSeconds>${UPLOAD_CORS.maxAgeSeconds}</MaxAgeSeconds></CORSRule></CORSConfiguration>`;

type Credentials = { accessKeyId: string; secretAccessKey: string };
/** The part of s3rver's Koa context the guard reads and writes. */
type InnerContext = { headers: Record<string, string | string[] | undefined>; status: number; type: string; body: unknown };

/** The header the front adds to what it forwards, so the inner s3rver knows the request passed the front's checks. */
const FRONT_HEADER = 'x-local-s3-front';

/**
 * s3rver (an S3-compatible server on disk) behind a thin front that does what s3rver does not: it lets through only
 * what our presigned URLs allow, as S3 would check them: presigned POST uploads (policy signature, expiry, key,
 * content type, size range) and presigned GET/HEAD downloads (SigV4 query signature, expiry), plus CORS preflights,
 * signed with the data folder's own key (never a public constant), and only from the local site: a request whose
 * Origin is another site's (a cross-site form, a script on any page) is refused. Anything else (listing, PUT,
 * DELETE, unsigned reads) is refused.
 * s3rver itself checks no V4 signature: it answers only the front (its header) and the functions' SDK calls, which
 * name the data folder's key and come from no browser (no Origin or Sec-Fetch-* header).
 */
export async function startS3Local(opts: {
  dataDir: string;
  buckets: string[];
  /** The credentials presigned URLs and the functions' calls must be signed with. */
  credentials: readonly Credentials[];
  /** The local site's origins: the only ones the buckets' CORS allows and the front answers. */
  origins: string[];
}): Promise<RunningS3> {
  const directory = join(opts.dataDir, 's3');
  await mkdir(directory, { recursive: true });
  const server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    directory,
    silent: true,
    configureBuckets: opts.buckets.map((name) => ({ name, configs: [corsXml(opts.origins)] })),
  });
  makeWritesAtomic(server.store);
  // s3rver knows one fixed key pair (S3RVER/S3RVER, printed in its README): it goes, the data folder's keys come in.
  const { DUMMY_ACCOUNT } = createRequire(import.meta.url)('s3rver/lib/models/account') as { DUMMY_ACCOUNT: { createKeyPair(id: string, secret: string): void; revokeAccessKey(id: string): void } };
  DUMMY_ACCOUNT.revokeAccessKey('S3RVER');
  for (const c of opts.credentials) DUMMY_ACCOUNT.createKeyPair(c.accessKeyId, c.secretAccessKey);
  const frontSecret = randomBytes(24).toString('base64url');
  (server as unknown as { middleware: ((ctx: InnerContext, next: () => Promise<void>) => Promise<void> | void)[] }).middleware.unshift((ctx, next) => {
    const h = ctx.headers;
    const fromFront = h[FRONT_HEADER] === frontSecret;
    const fromBrowser = ['origin', 'sec-fetch-site', 'sec-fetch-mode', 'sec-fetch-dest'].some((name) => h[name] !== undefined);
    const keyId = /Credential=([^/,\s]+)\//.exec(String(h.authorization ?? ''))?.[1];
    if (fromFront || (!fromBrowser && keyId !== undefined && opts.credentials.some((c) => c.accessKeyId === keyId))) return next();
    ctx.status = 403;
    ctx.type = 'application/xml';
    ctx.body = '<?xml version="1.0" encoding="UTF-8"?>\n<Error><Code>AccessDenied</Code><Message>The local S3 stand-in answers only the local site and the functions</Message></Error>';
    return undefined;
  });
  const address = (await server.run()) as { address: string; port: number };
  const endpoint = `http://127.0.0.1:${address.port}`;

  const forward = (req: IncomingMessage, res: ServerResponse, path: string, body?: Buffer) => {
    const headers = { ...req.headers, host: `127.0.0.1:${address.port}`, [FRONT_HEADER]: frontSecret };
    if (body) headers['content-length'] = String(body.length);
    // A fresh connection each time: a kept-alive socket that s3rver has just closed would fail the request (ECONNRESET).
    const upstream = httpRequest({ host: '127.0.0.1', port: address.port, method: req.method, path, headers, agent: false }, (up) => {
      res.writeHead(up.statusCode ?? 502, up.headers);
      up.pipe(res);
    });
    upstream.on('error', (e) => {
      if (!res.headersSent) res.writeHead(502, { 'content-type': 'text/plain' });
      res.end(`S3 stand-in unreachable: ${e.message}`);
    });
    if (body) upstream.end(body);
    else req.pipe(upstream);
  };

  return {
    endpoint,
    handle(req, res, prefix) {
      const path = (req.url ?? '/').slice(prefix.length) || '/';
      // A page of another site (a cross-site form, a script, a sandboxed frame's "null") gets nothing, whatever it holds.
      const origin = req.headers.origin;
      if (origin !== undefined && !opts.origins.includes(origin)) {
        res.writeHead(403, { 'content-type': 'application/xml' });
        return res.end('<?xml version="1.0" encoding="UTF-8"?>\n<Error><Code>AccessDenied</Code><Message>This local S3 stand-in answers only to the local site; the request came from another origin</Message></Error>');
      }
      const isFormPost = req.method === 'POST' && (req.headers['content-type'] ?? '').startsWith('multipart/form-data');
      if (req.method === 'OPTIONS') return forward(req, res, path);
      if (req.method === 'GET' || req.method === 'HEAD') {
        const outcome = checkPresignedGet(req, opts.credentials);
        if (outcome.ok) return forward(req, res, path);
        res.writeHead(outcome.status, { 'content-type': 'application/xml' });
        return res.end(`<?xml version="1.0" encoding="UTF-8"?>\n<Error><Code>${outcome.code}</Code><Message>${outcome.message}</Message></Error>`);
      }
      if (!isFormPost) {
        res.writeHead(403, { 'content-type': 'application/xml' });
        return res.end('<?xml version="1.0" encoding="UTF-8"?>\n<Error><Code>AccessDenied</Code><Message>Only presigned uploads and downloads are allowed</Message></Error>');
      }
      checkPresignedPost(req, path, opts.credentials).then(
        (outcome) => {
          if (outcome.ok) return forward(req, res, path, outcome.body);
          res.writeHead(outcome.status, { 'content-type': 'application/xml' });
          res.end(`<?xml version="1.0" encoding="UTF-8"?>\n<Error><Code>${outcome.code}</Code><Message>${outcome.message}</Message></Error>`);
        },
        (error: Error) => {
          res.writeHead(400, { 'content-type': 'application/xml' });
          res.end(`<Error><Code>MalformedPOSTRequest</Code><Message>${error.message}</Message></Error>`);
        },
      );
    },
    stop: () => server.close() as unknown as Promise<void>,
  };
}
