import { loadAuth } from '@/lib/amplify-auth';
import { savePendingDealerName } from '@/lib/pending-storage';
import { sendMagicLink } from './send-magic-link';

export interface StartTrialRequest {
  email: string;
  dealerName: string;
}

/** Cognito wants a password even for passwordless users; nobody ever knows or uses this one. */
function unusablePassword(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(24));
  return `${Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('')}Aa1!`;
}

/**
 * Creates the dealer's account (the first sign-in grants the free trial credits on the server) and e-mails the
 * magic link. An address that already has an account simply gets its sign-in link. The dealer name waits in local
 * storage and is written to the profile after the first sign-in.
 */
export async function startTrial({ email, dealerName }: StartTrialRequest): Promise<void> {
  const auth = await loadAuth();
  const name = dealerName.trim();
  try {
    await auth.signUp({
      username: email,
      password: unusablePassword(),
      options: { userAttributes: { email }, ...(name ? { clientMetadata: { dealer_name: name } } : {}) },
    });
  } catch (error) {
    if (!(error instanceof Error && error.name === 'UsernameExistsException')) throw error;
  }
  await sendMagicLink(email);
  savePendingDealerName(name);
}
