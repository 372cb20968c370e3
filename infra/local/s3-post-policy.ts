import { createHmac } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import busboy from 'busboy';

type Outcome = { ok: true; body: Buffer } | { ok: false; status: number; code: string; message: string };

/** Larger bodies are refused before being read whole (S3's own limit for POST is 5 GB; ours is far lower). */
const MAX_FORM_BYTES = 64 * 1024 * 1024;

const hmac = (key: Buffer | string, data: string) => createHmac('sha256', key).update(data).digest();

/**
 * Checks a browser POST upload against its presigned policy the way S3 does: the SigV4 signature of the
 * policy, its expiration, every condition (exact, eq, starts-with, content-length-range), and no form field
 * that the policy does not cover. Returns the buffered body to forward when it passes.
 */
export async function checkPresignedPost(
  req: IncomingMessage,
  path: string,
  accepted: readonly { accessKeyId: string; secretAccessKey: string }[],
): Promise<Outcome> {
  const body = await readBody(req);
  if (!body) return deny(400, 'EntityTooLarge', 'Your proposed upload exceeds the maximum allowed size');
  const { fields, fileSize, fileFound } = await parseForm(req.headers, body);
  const bucket = decodeURIComponent(path.split('?')[0]!.split('/').filter(Boolean)[0] ?? '');
  if (!fileFound) return deny(400, 'InvalidArgument', 'POST requires exactly one file upload per request.');

  const policyB64 = fields.get('policy');
  const signature = fields.get('x-amz-signature');
  const credential = fields.get('x-amz-credential');
  if (!policyB64 || !signature || !credential) return deny(403, 'AccessDenied', 'Bucket POST must contain a policy and a signature');

  const [accessKeyId, date, region, service] = credential.split('/');
  const credentials = accepted.find((c) => c.accessKeyId === accessKeyId);
  if (!credentials) return deny(403, 'InvalidAccessKeyId', 'The AWS Access Key Id you provided does not exist in our records.');
  const signingKey = hmac(hmac(hmac(hmac(`AWS4${credentials.secretAccessKey}`, date ?? ''), region ?? ''), service ?? ''), 'aws4_request');
  if (hmac(signingKey, policyB64).toString('hex') !== signature) {
    return deny(403, 'SignatureDoesNotMatch', 'The request signature we calculated does not match the signature you provided.');
  }

  let policy: { expiration: string; conditions: unknown[] };
  try {
    policy = JSON.parse(Buffer.from(policyB64, 'base64').toString('utf8'));
  } catch {
    return deny(400, 'InvalidPolicyDocument', 'Invalid Policy: Invalid JSON.');
  }
  if (!(Date.parse(policy.expiration) > Date.now())) return deny(403, 'AccessDenied', 'Invalid according to Policy: Policy expired.');

  const covered = new Set(['policy', 'x-amz-signature', 'file', 'bucket']);
  const value = (name: string) => (name === 'bucket' ? bucket : fields.get(name.toLowerCase()));
  for (const condition of policy.conditions) {
    if (Array.isArray(condition)) {
      const [op, rawField, expected] = condition as [string, string | number, string | number];
      if (String(op).toLowerCase() === 'content-length-range') {
        const [min, max] = [Number(rawField), Number(expected)];
        if (fileSize > max) return deny(400, 'EntityTooLarge', 'Your proposed upload exceeds the maximum allowed size');
        if (fileSize < min) return deny(400, 'EntityTooSmall', 'Your proposed upload is smaller than the minimum allowed size');
        continue;
      }
      const field = String(rawField).replace(/^\$/, '').toLowerCase();
      covered.add(field);
      const actual = value(field) ?? '';
      const passes = op === 'eq' ? actual === expected : op === 'starts-with' ? actual.startsWith(String(expected)) : false;
      if (!passes) return deny(403, 'AccessDenied', `Invalid according to Policy: Policy Condition failed: ["${op}", "$${field}", "${expected}"]`);
    } else if (condition && typeof condition === 'object') {
      for (const [name, expected] of Object.entries(condition as Record<string, string>)) {
        const field = name.toLowerCase();
        covered.add(field);
        if (value(field) !== expected) return deny(403, 'AccessDenied', `Invalid according to Policy: Policy Condition failed: ["eq", "$${field}", "${expected}"]`);
      }
    }
  }
  for (const name of fields.keys()) {
    if (!covered.has(name) && !name.startsWith('x-ignore-')) {
      return deny(403, 'AccessDenied', `Invalid according to Policy: Extra input fields: ${name}`);
    }
  }
  return { ok: true, body };
}

function deny(status: number, code: string, message: string): Outcome {
  return { ok: false, status, code, message };
}

function readBody(req: IncomingMessage): Promise<Buffer | null> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    let tooLarge = false;
    req.on('data', (c: Buffer) => {
      size += c.length;
      if (size > MAX_FORM_BYTES) tooLarge = true;
      else chunks.push(c);
    });
    req.on('end', () => resolve(tooLarge ? null : Buffer.concat(chunks)));
    req.on('error', reject);
  });
}

function parseForm(headers: IncomingMessage['headers'], body: Buffer): Promise<{ fields: Map<string, string>; fileSize: number; fileFound: boolean }> {
  return new Promise((resolve, reject) => {
    const fields = new Map<string, string>();
    let fileSize = 0;
    let fileFound = false;
    const parser = busboy({ headers: headers as Record<string, string>, limits: { fieldSize: 1024 * 1024 } });
    parser.on('field', (name, val) => fields.set(name.toLowerCase(), val));
    parser.on('file', (_name, stream) => {
      fileFound = true;
      stream.on('data', (d: Buffer) => (fileSize += d.length));
    });
    parser.on('close', () => resolve({ fields, fileSize, fileFound }));
    parser.on('error', reject);
    parser.end(body);
  });
}
