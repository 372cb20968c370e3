import { toast } from 'sonner';
import { MESSAGES } from '@shared/messages';
import { api } from '@/lib/api-client';
import { clearPendingProfile, readPendingProfile } from '@/lib/pending-storage';

/** Spec section 4 (sign-in event): a pending dealer name or logo URL is written to the profile, then cleared. */
export async function applyPendingProfile(): Promise<void> {
  const pending = readPendingProfile();
  if (!pending.dealer_name && !pending.logo_url) return;
  try {
    await api.patch('/api/profile', pending, { auth: true });
    clearPendingProfile();
  } catch (error) {
    console.error('Writing the pending profile failed', error);
    // A value the server refuses will never pass: drop it rather than retry at every sign-in.
    clearPendingProfile();
    toast.error(MESSAGES.profileUpdateOnSignInFailed.title, { description: MESSAGES.profileUpdateOnSignInFailed.description });
  }
}
