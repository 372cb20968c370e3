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

/**
 * Sign-out (spec section 4): back to /, then signed out everywhere (global), pending transfer cleared, toast.
 *
 * The dashboard is left first, and at once (flushSync: the router otherwise renders the new page in a transition and
 * keeps the old one mounted meanwhile): a dashboard page still mounted when the tokens are gone, or when the cache is
 * emptied under it, fetches its data again without a token and fails with "Please log in to access this page"
 * (the error toast that followed Logout).
 */
export function useSignOut({ notice, global }: SignOutOptions = { notice: MESSAGES.signedOut, global: true }): () => Promise<void> {
  const navigate = useNavigate();
  const client = useQueryClient();
  return useCallback(async () => {
    await navigate('/', { replace: true, flushSync: true });
    const auth = await loadAuth();
    try {
      await auth.signOut({ global });
    } catch (error) {
      // Offline or an already expired session: at least forget the tokens in this browser.
      if (global) console.error('Global sign-out failed', error);
      await auth.signOut().catch(() => undefined);
    }
    clearPendingTrialTransfer();
    // The next dealer on this browser must not see this one's data (no page observes it any more).
    client.clear();
    toast.success(notice.title, { description: notice.description });
  }, [navigate, client, global, notice]);
}
