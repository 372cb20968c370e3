import { MAGIC_LINK_LIFETIME_MS, MAGIC_LINK_MIN_INTERVAL_MS } from '@shared/limits';
import { sha256 } from '../lib/ids';
import type { Mailer } from '../mail/mailer';
import { magicLinkMail } from '../mail/templates';
import type { LinkSigner, MagicLinkStore } from './ports';

/**
 * Magic links, modelled on aws-samples/amazon-cognito-passwordless-auth: the link carries a signed token in
 * the URL fragment (mail scanners that pre-open links never send fragments to a server), the store keeps only
 * hashes, a link expires after 15 minutes, works once, and at most one is sent per minute per address.
 */
export interface MagicLinkDeps {
  signer: LinkSigner;
  store: MagicLinkStore;
  mailer: Mailer;
  /** Origins a link may point to (the SPA's own origins). */
  allowedOrigins: () => Promise<readonly string[]>;
  now?: () => number;
}

interface TokenPayload {
  /** Cognito user name (sub) the link signs in. */
  u: string;
  /** Lower-cased e-mail the link was sent to. */
  e: string;
  iat: number;
  exp: number;
}

export const CALLBACK_PATH = '/auth/callback';
const b64 = (b: Buffer | string) => Buffer.from(b).toString('base64url');
export const emailHashOf = (email: string) => sha256(`magic-link:${email.trim().toLowerCase()}`);

export type SendOutcome = 'sent' | 'throttled' | 'origin-not-allowed';

/** Sends a sign-in link to a known user (POST /api/auth/magic-link). Unknown addresses never reach this. */
export async function sendMagicLink(
  deps: MagicLinkDeps,
  input: {
    userName: string;
    email: string;
    redirectOrigin: string;
    /** The dashboard page the link brings the dealer back to (checked by the request's schema: isReturnPath). */
    returnTo?: string | null;
    /** Another mail around the same link (a team invite). */
    mail?: (link: string, minutes: number) => { subject: string; text: string; html: string };
  },
): Promise<SendOutcome> {
  const origin = normaliseOrigin(input.redirectOrigin);
  if (!origin || !(await deps.allowedOrigins()).includes(origin)) return 'origin-not-allowed';
  const now = deps.now?.() ?? Date.now();
  const email = input.email.trim().toLowerCase();
  const payload: TokenPayload = { u: input.userName, e: email, iat: now, exp: now + MAGIC_LINK_LIFETIME_MS };
  const body = b64(JSON.stringify(payload));
  const signature = await deps.signer.sign(Buffer.from(body));
  const token = `${body}.${b64(signature)}`;
  const saved = await deps.store.saveIfAllowed(
    { emailHash: emailHashOf(email), userName: input.userName, tokenHash: sha256(token), sentAtMs: now, expiresAtMs: payload.exp },
    MAGIC_LINK_MIN_INTERVAL_MS,
  );
  if (!saved) return 'throttled';
  // The page goes in the query, the token stays in the fragment (never sent to a server).
  const link = `${origin}${CALLBACK_PATH}${input.returnTo ? `?return_to=${encodeURIComponent(input.returnTo)}` : ''}#${token}`;
  const minutes = MAGIC_LINK_LIFETIME_MS / 60_000;
  await deps.mailer.send({ to: email, ...(input.mail ? input.mail(link, minutes) : magicLinkMail({ link, minutes })) });
  return 'sent';
}

/** Checks a token for a user (VerifyAuthChallengeResponse): signature, expiry, the user, and single use. */
export async function verifyMagicLink(deps: Pick<MagicLinkDeps, 'signer' | 'store' | 'now'>, input: { userName: string; token: string }): Promise<boolean> {
  const [body, sig] = input.token.split('.');
  if (!body || !sig || input.token.length > 4096) return false;
  if (!(await deps.signer.verify(Buffer.from(body), Buffer.from(sig, 'base64url')).catch(() => false))) return false;
  let payload: TokenPayload;
  try {
    payload = JSON.parse(Buffer.from(body, 'base64url').toString('utf8'));
  } catch {
    return false;
  }
  const now = deps.now?.() ?? Date.now();
  if (payload.u !== input.userName || !(payload.exp > now)) return false;
  return deps.store.consume(emailHashOf(payload.e), sha256(input.token), now);
}

function normaliseOrigin(value: string): string | undefined {
  try {
    return new URL(value).origin;
  } catch {
    return undefined;
  }
}
