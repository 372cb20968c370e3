import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import type { IncomingMessage } from 'node:http';

type Outcome = { ok: true } | { ok: false; status: number; code: string; message: string };

const hmac = (key: Buffer | string, data: string) => createHmac('sha256', key).update(data).digest();
const sha256hex = (data: string) => createHash('sha256').update(data).digest('hex');
/** RFC 3986 encoding as SigV4 wants it (encodeURIComponent leaves !'()* alone). */
const encode = (s: string) => encodeURIComponent(s).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);

/**
 * Checks a presigned GET/HEAD URL the way S3 does (SigV4 query signature over method, path, query and the signed
 * headers; not expired), because s3rver does not check V4 signatures at all. Written here rather than taken from
 * the SDK: the SDK signs requests but has no verifier, and this mirrors s3-post-policy.ts for uploads.
 */
export function checkPresignedGet(req: IncomingMessage, accepted: readonly { accessKeyId: string; secretAccessKey: string }[], now = new Date()): Outcome {
  const url = new URL(req.url ?? '/', 'http://local');
  const q = url.searchParams;
  const signature = q.get('X-Amz-Signature');
  const credential = q.get('X-Amz-Credential');
  const amzDate = q.get('X-Amz-Date');
  const expires = Number(q.get('X-Amz-Expires'));
  const signedHeaders = q.get('X-Amz-SignedHeaders');
  if (q.get('X-Amz-Algorithm') !== 'AWS4-HMAC-SHA256' || !signature || !credential || !amzDate || !signedHeaders || !Number.isFinite(expires)) {
    return deny(403, 'AccessDenied', 'Only presigned requests are allowed');
  }
  const [accessKeyId, date, region, service, terminator] = credential.split('/');
  const credentials = accepted.find((c) => c.accessKeyId === accessKeyId);
  if (!credentials) return deny(403, 'InvalidAccessKeyId', 'The AWS Access Key Id you provided does not exist in our records.');
  const signedAt = Date.parse(amzDate.replace(/^(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})Z$/, '$1-$2-$3T$4:$5:$6Z'));
  if (!Number.isFinite(signedAt) || now.getTime() > signedAt + expires * 1000) return deny(403, 'AccessDenied', 'Request has expired');

  const query = [...q.entries()]
    .filter(([k]) => k !== 'X-Amz-Signature')
    .map(([k, v]) => [encode(k), encode(v)] as const)
    .sort(([a, av], [b, bv]) => (a < b ? -1 : a > b ? 1 : av < bv ? -1 : av > bv ? 1 : 0))
    .map(([k, v]) => `${k}=${v}`)
    .join('&');
  const headerNames = signedHeaders.split(';');
  const headers = headerNames.map((h) => `${h}:${String(req.headers[h] ?? '').trim().replace(/\s+/g, ' ')}\n`).join('');
  const canonical = [req.method, url.pathname, query, headers, signedHeaders, 'UNSIGNED-PAYLOAD'].join('\n');
  const scope = `${date}/${region}/${service}/${terminator}`;
  const stringToSign = ['AWS4-HMAC-SHA256', amzDate, scope, sha256hex(canonical)].join('\n');
  const key = hmac(hmac(hmac(hmac(`AWS4${credentials.secretAccessKey}`, date ?? ''), region ?? ''), service ?? ''), 'aws4_request');
  const expected = Buffer.from(hmac(key, stringToSign).toString('hex'));
  const given = Buffer.from(signature);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) {
    return deny(403, 'SignatureDoesNotMatch', 'The request signature we calculated does not match the signature you provided.');
  }
  return { ok: true };
}

function deny(status: number, code: string, message: string): Outcome {
  return { ok: false, status, code, message };
}
