import { createHash, timingSafeEqual } from 'node:crypto';

/** The header CloudFront adds to every /api/* request it forwards (infra/cdk/stacks/web-stack.ts). */
export const ORIGIN_VERIFY_HEADER = 'x-origin-verify';

const digest = (s: string) => createHash('sha256').update(s).digest();

/**
 * Whether a request came through our CloudFront distribution: it carries the generated secret CloudFront adds. A call
 * to the execute-api endpoint itself does not (and could otherwise send its own x-viewer-address). Without a secret
 * configured (the local host, which has no edge) every request passes.
 */
export function cameThroughSite(headers: Record<string, string | undefined> | undefined, secret: string | undefined): boolean {
  if (!secret) return true;
  const sent = headers?.[ORIGIN_VERIFY_HEADER];
  // Compared as digests: equal length, constant time.
  return typeof sent === 'string' && timingSafeEqual(digest(sent), digest(secret));
}
