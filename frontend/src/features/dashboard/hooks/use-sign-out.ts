import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useNavigate } from 'react-router-dom';
import { toast } from 'sonner';
import { MESSAGES } from '@shared/messages';
import { loadAuth } from '@/lib/amplify-auth';
import { clearPendingTrialTransfer } from '@/lib/pending-storage';

interface SignOutOptions {
  /** The toast shown once signed out. */
  notice: { title: string; description: string };
  /** Everywhere (the dealer's choice) or only this browser (after an erasure the sign-in no longer exists). */
  global: boolean;
}

/** Sign-out (spec section 4): everywhere (global), toast, pending transfer cleared, back to /. */
export function useSignOut({ notice, global }: SignOutOptions = { notice: MESSAGES.signedOut, global: true }): () => Promise<void> {
  const navigate = useNavigate();
  const client = useQueryClient();
  return useCallback(async () => {
    const auth = await loadAuth();
    try {
      await auth.signOut({ global });
    } catch (error) {
      // Offline or an already expired session: at least forget the tokens in this browser.
      if (global) console.error('Global sign-out failed', error);
      await auth.signOut().catch(() => undefined);
    }
    clearPendingTrialTransfer();
    toast.success(notice.title, { description: notice.description });
    await navigate('/', { replace: true });
    // The next dealer on this browser must not see this one's data.
    client.clear();
  }, [navigate, client, global, notice]);
}
