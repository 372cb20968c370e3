import { loadAuth } from '@/lib/amplify-auth';

/**
 * Asks the server to e-mail a one-time sign-in link (Cognito custom auth, as in amazon-cognito-passwordless-auth):
 * round 1 starts the custom flow, round 2 answers with a dummy and asks for a link back to this site. The answer is
 * another challenge whether or not the address has an account (by design nobody can probe for accounts), so
 * "sent" is what the dialogs show either way.
 */
export async function sendMagicLink(email: string): Promise<void> {
  const auth = await loadAuth();
  const start = () => auth.signIn({ username: email, options: { authFlowType: 'CUSTOM_WITHOUT_SRP' } });
  try {
    await start();
  } catch (error) {
    // Someone already signed in on this browser asks for a link (another account, or a fresh link): end that first.
    if (!(error instanceof Error && error.name === 'UserAlreadyAuthenticatedException')) throw error;
    await auth.signOut();
    await start();
  }
  await auth.confirmSignIn({
    challengeResponse: '__dummy__',
    options: { clientMetadata: { signInMethod: 'MAGIC_LINK', redirectUri: window.location.origin } },
  });
}
