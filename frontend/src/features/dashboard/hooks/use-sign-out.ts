import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useNavigate } from 'react-router-dom';
import { toast } from 'sonner';
import { MESSAGES } from '@shared/messages';
import { loadAuth } from '@/lib/amplify-auth';
import { clearPendingTrialTransfer } from '@/lib/pending-storage';

/** Sign-out (spec section 4): everywhere (global), toast, pending transfer cleared, back to /. */
export function useSignOut(): () => Promise<void> {
  const navigate = useNavigate();
  const client = useQueryClient();
  return useCallback(async () => {
    const auth = await loadAuth();
    try {
      await auth.signOut({ global: true });
    } catch (error) {
      // Offline or an already expired session: at least forget the tokens in this browser.
      console.error('Global sign-out failed', error);
      await auth.signOut().catch(() => undefined);
    }
    clearPendingTrialTransfer();
    toast.success(MESSAGES.signedOut.title, { description: MESSAGES.signedOut.description });
    await navigate('/', { replace: true });
    // The next dealer on this browser must not see this one's data.
    client.clear();
  }, [navigate, client]);
}
