import { savePendingDealerName } from '@/lib/pending-storage';
import { sendMagicLink } from './send-magic-link';

export interface StartTrialRequest {
  email: string;
  dealerName: string;
}

/**
 * Starts the free trial: the server creates the dealer's account if the address has none, keeping the dealership
 * name on it (so it shows even when the link is opened in another browser), and e-mails the magic link; the first
 * sign-in grants the trial credits. An address that already has an account simply gets its sign-in link.
 */
export async function startTrial({ email, dealerName }: StartTrialRequest): Promise<void> {
  const name = dealerName.trim();
  await sendMagicLink(email, { dealerName: name });
  savePendingDealerName(name);
}
