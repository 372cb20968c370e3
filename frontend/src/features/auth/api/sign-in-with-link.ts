import { loadAuth } from '@/lib/amplify-auth';

/** The e-mail a link was made for, read from the token's payload (`<base64url JSON {u, e, iat, exp}>.<signature>`). */
export function emailOfLinkToken(token: string): string | null {
  const [body, signature] = token.split('.');
  if (!body || !signature) return null;
  try {
    const json = atob(body.replace(/-/g, '+').replace(/_/g, '/'));
    const payload: unknown = JSON.parse(new TextDecoder().decode(Uint8Array.from(json, (c) => c.charCodeAt(0))));
    const email = (payload as { e?: unknown }).e;
    return typeof email === 'string' && email.includes('@') ? email : null;
  } catch {
    return null;
  }
}

export type LinkSignInOutcome = { ok: true } | { ok: false; reason: 'invalid' } | { ok: false; reason: 'error'; message: string };

/**
 * Signs in with the token of an opened link. This tab starts its own sign-in (Amplify keeps sign-in state per tab),
 * so a link works in whatever tab or browser opens it. The server checks signature, expiry, user and single use.
 */
export async function signInWithLink(token: string): Promise<LinkSignInOutcome> {
  const email = emailOfLinkToken(token);
  if (!email) return { ok: false, reason: 'invalid' };
  try {
    const auth = await loadAuth();
    // A link opened where someone is already signed in signs in its own user instead.
    const current = await auth.getCurrentUser().catch(() => null);
    if (current) await auth.signOut();
    await auth.signIn({ username: email, options: { authFlowType: 'CUSTOM_WITHOUT_SRP' } });
    const result = await auth.confirmSignIn({
      challengeResponse: token,
      options: { clientMetadata: { signInMethod: 'MAGIC_LINK', alreadyHaveMagicLink: 'yes' } },
    });
    return result.isSignedIn ? { ok: true } : { ok: false, reason: 'invalid' };
  } catch (error) {
    const name = error instanceof Error ? error.name : '';
    if (name === 'NotAuthorizedException' || name === 'UserNotFoundException' || name === 'UserLambdaValidationException') {
      return { ok: false, reason: 'invalid' };
    }
    console.error('Sign-in with link failed', error);
    return { ok: false, reason: 'error', message: error instanceof Error && error.message ? error.message : String(error) };
  }
}
