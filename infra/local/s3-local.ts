import { mkdir } from 'node:fs/promises';
import { request as httpRequest, type IncomingMessage, type ServerResponse } from 'node:http';
import { join } from 'node:path';
import S3rver from 's3rver';
import { UPLOAD_CORS } from '../table-design';
import { checkPresignedPost } from './s3-post-policy';

export interface RunningS3 {
  /** Internal endpoint of the S3-compatible server. */
  endpoint: string;
  /** Serves /s3/* on the main URL: presigned POST policies enforced, everything else passed through. */
  handle(req: IncomingMessage, res: ServerResponse, prefix: string): void;
  stop(): Promise<void>;
}

const corsXml = `<CORSConfiguration><CORSRule>${UPLOAD_CORS.allowedMethods.map((m) => `<AllowedMethod>${m}</AllowedMethod>`).join('')}<AllowedOrigin>*</AllowedOrigin><AllowedHeader>*</AllowedHeader><ExposeHeader>ETag</ExposeHeader><MaxAgeSeconds>${UPLOAD_CORS.maxAgeSeconds}</MaxAgeSeconds></CORSRule></CORSConfiguration>`;

/**
 * s3rver (an S3-compatible server on disk) behind a thin front that does what s3rver does not:
 * checking presigned POST policies (signature, expiry, key, content type, size range) as S3 does.
 */
export async function startS3Local(opts: { dataDir: string; buckets: string[]; credentials: { accessKeyId: string; secretAccessKey: string } }): Promise<RunningS3> {
  const directory = join(opts.dataDir, 's3');
  await mkdir(directory, { recursive: true });
  const server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    directory,
    silent: true,
    configureBuckets: opts.buckets.map((name) => ({ name, configs: [corsXml] })),
  });
  const address = (await server.run()) as { address: string; port: number };
  const endpoint = `http://127.0.0.1:${address.port}`;

  const forward = (req: IncomingMessage, res: ServerResponse, path: string, body?: Buffer) => {
    const headers = { ...req.headers, host: `127.0.0.1:${address.port}` };
    if (body) headers['content-length'] = String(body.length);
    const upstream = httpRequest({ host: '127.0.0.1', port: address.port, method: req.method, path, headers }, (up) => {
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
      if (!isFormPost) return forward(req, res, path);
      checkPresignedPost(req, path, opts.credentials).then(
        (outcome) => {
          if (outcome.ok) return forward(req, res, path, outcome.body);
          res.writeHead(outcome.status, { 'content-type': 'application/xml', 'access-control-allow-origin': '*' });
          res.end(`<?xml version="1.0" encoding="UTF-8"?>\n<Error><Code>${outcome.code}</Code><Message>${outcome.message}</Message></Error>`);
        },
        (error: Error) => {
          res.writeHead(400, { 'content-type': 'application/xml', 'access-control-allow-origin': '*' });
          res.end(`<Error><Code>MalformedPOSTRequest</Code><Message>${error.message}</Message></Error>`);
        },
      );
    },
    stop: () => server.close() as unknown as Promise<void>,
  };
}
