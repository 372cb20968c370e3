import type { MagicLinkRequest, MagicLinkResponse } from '@shared/schemas/auth';
import { api } from '@/lib/api-client';

/**
 * Asks the server to e-mail a one-time sign-in link (POST /api/auth/magic-link). The answer is the same whether or
 * not the address has an account (by design nobody can probe for accounts), so "sent" is what the dialogs show
 * either way. With `trial`, the server first creates the account if the address has none.
 */
export async function sendMagicLink(email: string, trial?: { dealerName: string }, returnTo?: string | null): Promise<void> {
  const body: MagicLinkRequest = {
    ...(trial ? { email, trial: true, ...(trial.dealerName ? { dealer_name: trial.dealerName } : {}) } : { email }),
    // The page a signed-out dealer was going to: the link brings them back there.
    ...(returnTo ? { return_to: returnTo } : {}),
  };
  await api.post<MagicLinkResponse>('/api/auth/magic-link', body);
}
