import { createHash, createHmac, timingSafeEqual } from 'node:crypto';

export interface LocalCredentials {
  accessKeyId: string;
  secretAccessKey: string;
}

export type SignatureCheck = { ok: true } | { ok: false; code: 'MissingAuthenticationTokenException' | 'UnrecognizedClientException' | 'InvalidSignatureException'; message: string };

const hmac = (key: Buffer | string, data: string) => createHmac('sha256', key).update(data).digest();
const sha256hex = (data: string | Buffer) => createHash('sha256').update(data).digest('hex');
/** RFC 3986 encoding as SigV4 wants it (encodeURIComponent leaves !'()* alone). */
const encode = (s: string) => encodeURIComponent(s).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
/** AWS accepts a request signed at most 15 minutes before or after its own clock. */
const MAX_SKEW_MS = 15 * 60 * 1000;

/**
 * Checks a request signed with SigV4 in its Authorization header (what the AWS SDK sends to a JSON service such as
 * Cognito's admin API), as AWS does: the access key is one of `accepted`, the signature over the canonical request
 * (method, path, query, the signed headers, the body's SHA-256) matches, and it was signed within 15 minutes.
 * The answers use AWS's own error codes.
 */
export function checkHeaderSignature(
  request: { method: string; url: string; headers: Record<string, string | string[] | undefined>; body: Buffer },
  accepted: readonly LocalCredentials[],
  now = Date.now(),
): SignatureCheck {
  const authorization = String(request.headers.authorization ?? '');
  const m = /^AWS4-HMAC-SHA256 Credential=([^/,\s]+)\/(\d{8})\/([^/]+)\/([^/]+)\/aws4_request,\s*SignedHeaders=([^,\s]+),\s*Signature=([0-9a-f]{64})$/.exec(authorization);
  if (!m) return { ok: false, code: 'MissingAuthenticationTokenException', message: 'Missing Authentication Token' };
  const [, accessKeyId, date, region, service, signedHeaders, signature] = m as unknown as string[];
  const credentials = accepted.find((c) => c.accessKeyId === accessKeyId);
  if (!credentials) return { ok: false, code: 'UnrecognizedClientException', message: 'The security token included in the request is invalid.' };
  const amzDate = String(request.headers['x-amz-date'] ?? '');
  const signedAt = Date.parse(amzDate.replace(/^(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})Z$/, '$1-$2-$3T$4:$5:$6Z'));
  if (!Number.isFinite(signedAt) || !amzDate.startsWith(date!) || Math.abs(now - signedAt) > MAX_SKEW_MS) {
    return { ok: false, code: 'InvalidSignatureException', message: 'Signature expired or not yet current.' };
  }
  const names = signedHeaders!.split(';');
  if (!names.includes('host')) return { ok: false, code: 'InvalidSignatureException', message: 'The host header must be signed.' };
  const url = new URL(request.url, 'http://local');
  const path = url.pathname.split('/').map((segment) => encode(decodeSafely(segment))).join('/') || '/';
  const query = [...url.searchParams.entries()]
    .map(([k, v]) => [encode(k), encode(v)] as const)
    .sort(([a, av], [b, bv]) => (a < b ? -1 : a > b ? 1 : av < bv ? -1 : av > bv ? 1 : 0))
    .map(([k, v]) => `${k}=${v}`)
    .join('&');
  const headers = names.map((h) => `${h}:${String(request.headers[h] ?? '').trim().replace(/\s+/g, ' ')}\n`).join('');
  const canonical = [request.method.toUpperCase(), path, query, headers, signedHeaders, sha256hex(request.body)].join('\n');
  const scope = `${date}/${region}/${service}/aws4_request`;
  const stringToSign = ['AWS4-HMAC-SHA256', amzDate, scope, sha256hex(canonical)].join('\n');
  const key = hmac(hmac(hmac(hmac(`AWS4${credentials.secretAccessKey}`, date!), region!), service!), 'aws4_request');
  const expected = Buffer.from(hmac(key, stringToSign).toString('hex'));
  const given = Buffer.from(signature!);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) {
    return { ok: false, code: 'InvalidSignatureException', message: 'The request signature we calculated does not match the signature you provided.' };
  }
  return { ok: true };
}

function decodeSafely(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}
