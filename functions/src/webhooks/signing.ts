/**
 * Webhook signatures, as Stripe signs its own: `t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<raw body>">` with the
 * endpoint's secret. The timestamp is inside what is signed, so a captured delivery cannot be replayed later with a
 * new time; receivers refuse timestamps older than WEBHOOK_TOLERANCE_SECONDS.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import { WEBHOOK_TOLERANCE_SECONDS } from '@shared/integrations';

export function signPayload(secret: string, body: string, timestampSeconds: number): string {
  const v1 = createHmac('sha256', secret).update(`${timestampSeconds}.${body}`).digest('hex');
  return `t=${timestampSeconds},v1=${v1}`;
}

/** What a receiver does (the docs show the same in a few lines): true when the header signs this exact body, recently. */
export function verifySignature(secret: string, body: string, header: string, nowSeconds = Math.floor(Date.now() / 1000)): boolean {
  const parts = Object.fromEntries(header.split(',').map((p) => p.split('=', 2) as [string, string]));
  const t = Number(parts.t);
  if (!Number.isInteger(t) || Math.abs(nowSeconds - t) > WEBHOOK_TOLERANCE_SECONDS || !parts.v1) return false;
  const expected = Buffer.from(createHmac('sha256', secret).update(`${t}.${body}`).digest('hex'));
  const given = Buffer.from(parts.v1);
  return given.length === expected.length && timingSafeEqual(given, expected);
}
