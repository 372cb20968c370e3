/**
 * The public check behind /verify: anyone sends an image's bytes and reads its content credentials. The bytes are
 * checked (size, type from the magic bytes) before anything is counted or read; each client has a rate limit.
 */
import { MAX_VERIFY_BYTES, VERIFY_RATE_PER_MINUTE } from '@shared/content-credentials';
import { CONTENT_CREDENTIALS } from '@shared/content-credentials';
import type { CredentialsReport } from '@shared/schemas/content-credentials';
import { DomainError, validationError } from '../lib/errors';
import type { ContentSigner } from './ports';
import { verifyCredentials } from './verify';

export interface CheckRateLimit {
  /** Counts one check of `client` in the minute of `atMs`; false (nothing counted) when its limit is reached. */
  allow(client: string, perMinute: number, atMs: number): Promise<boolean>;
}

export interface CheckImageDeps {
  signer: ContentSigner;
  rateLimit: CheckRateLimit;
  now?: () => number;
}

/** The format from the first bytes (never from the name or the declared type). */
export function sniffFormat(bytes: Buffer): 'image/jpeg' | 'image/png' | 'image/webp' | undefined {
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'image/jpeg';
  if (bytes.length >= 8 && bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) return 'image/png';
  if (bytes.length >= 12 && bytes.toString('latin1', 0, 4) === 'RIFF' && bytes.toString('latin1', 8, 12) === 'WEBP') return 'image/webp';
  return undefined;
}

export async function checkImage(deps: CheckImageDeps, bytes: Buffer, client: string): Promise<CredentialsReport> {
  if (bytes.length === 0) throw validationError(CONTENT_CREDENTIALS.empty, { image: 'required' });
  if (bytes.length > MAX_VERIFY_BYTES) throw new DomainError('payload_too_large', CONTENT_CREDENTIALS.tooLarge(MAX_VERIFY_BYTES / 1024 / 1024));
  const format = sniffFormat(bytes);
  if (!format) throw validationError(CONTENT_CREDENTIALS.unsupportedType, { image: 'unsupported type' });
  if (!(await deps.rateLimit.allow(client, VERIFY_RATE_PER_MINUTE, deps.now?.() ?? Date.now()))) throw new DomainError('rate_limited', CONTENT_CREDENTIALS.rateLimited);
  return verifyCredentials(bytes, format, deps.signer);
}
