import { loadAuth } from './amplify';

export interface MagicLinkRequest {
  email: string;
  dealerName?: string;
}

/**
 * Starts the passwordless sign-in: the custom auth flow makes the server e-mail a one-time link that comes back
 * to this site. dealer_name travels as client metadata for the auth triggers.
 */
export async function sendMagicLink({ email, dealerName }: MagicLinkRequest): Promise<void> {
  const auth = await loadAuth();
  const clientMetadata: Record<string, string> = { redirectUri: window.location.origin };
  if (dealerName) clientMetadata.dealer_name = dealerName;
  try {
    await auth.signIn({ username: email, options: { authFlowType: 'CUSTOM_WITHOUT_SRP', clientMetadata } });
  } catch (error) {
    // A half-finished sign-in of this tab blocks a new one: end it and ask again.
    if (error instanceof Error && error.name === 'UserAlreadyAuthenticatedException') {
      await auth.signOut();
      await auth.signIn({ username: email, options: { authFlowType: 'CUSTOM_WITHOUT_SRP', clientMetadata } });
      return;
    }
    throw error;
  }
}
