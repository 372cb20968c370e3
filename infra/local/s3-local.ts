import { mkdir } from 'node:fs/promises';
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

/**
 * s3rver (an S3-compatible server on disk) behind a thin front that does what s3rver does not: it lets through only
 * what our presigned URLs allow, as S3 would check them: presigned POST uploads (policy signature, expiry, key,
 * content type, size range) and presigned GET/HEAD downloads (SigV4 query signature, expiry), plus CORS preflights.
 * Anything else (listing, PUT, DELETE, unsigned reads) is refused: s3rver itself accepts any request.
 */
export async function startS3Local(opts: {
  dataDir: string;
  buckets: string[];
  credentials: { accessKeyId: string; secretAccessKey: string };
  /** The local site's origins: the only ones the buckets' CORS allows. */
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
  const address = (await server.run()) as { address: string; port: number };
  const endpoint = `http://127.0.0.1:${address.port}`;

  const forward = (req: IncomingMessage, res: ServerResponse, path: string, body?: Buffer) => {
    const headers = { ...req.headers, host: `127.0.0.1:${address.port}` };
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
