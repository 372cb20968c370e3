import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useSyncExternalStore } from 'react';
import { toast } from 'sonner';
import { MESSAGES } from '@shared/messages';
import { ApiError } from '@/lib/api-error';
import { clearPendingTrialTransfer, markTrialTransferChecked, readPendingTrialTransfer, savePendingTrialTransfer, trialTransferChecked } from '@/lib/pending-storage';
import { transferTrialPhotos, transferTrialPhotosByEmail } from '../api/trial';

// Whether a transfer runs now, for the banner (the hook runs in the dashboard frame, the banner shows on the overview).
let running = false;
const listeners = new Set<() => void>();
const setRunning = (value: boolean) => {
  running = value;
  listeners.forEach((l) => l());
};
const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
};

/** True while the trial photo transfer runs (the banner Transferring your trial photos...). */
export function useTrialTransferRunning(): boolean {
  return useSyncExternalStore(subscribe, () => running);
}

/** Answers the spec treats as "already transferred" (section 4): a 400, or its two texts. */
const alreadyTransferred = (error: unknown) =>
  error instanceof ApiError && (error.status === 400 || error.message === MESSAGES.invalidOrExpiredTrialToken || error.message === MESSAGES.trialTokenAlreadyUsed);

// One run per user per page load, even when the dashboard frame mounts twice.
const runs = new Map<string, Promise<void>>();

async function transfer(user: { id: string; email: string }, onMoved: () => void): Promise<void> {
  const pending = readPendingTrialTransfer();
  if (!pending) {
    // No token kept in this browser (the link was opened elsewhere): the e-mail fallback, errors ignored.
    try {
      const answer = await transferTrialPhotosByEmail(user.email, user.id);
      if (answer.transferred_count > 0) {
        toast.success(MESSAGES.trialPhotosTransferred);
        onMoved();
      }
    } catch (error) {
      console.error('Trial photo transfer by e-mail failed', error);
    }
    markTrialTransferChecked(user.id);
    return;
  }
  savePendingTrialTransfer({ trial_token: pending.trial_token, user_id: user.id });
  // The banner only where a trial is known to be pending: every new dealer's silent e-mail check would flash it.
  setRunning(true);
  try {
    const answer = await transferTrialPhotos(pending.trial_token, user.id);
    if (answer.success && answer.transferred_count > 0) {
      toast.success(MESSAGES.trialPhotosTransferred);
      onMoved();
    }
    clearPendingTrialTransfer();
    markTrialTransferChecked(user.id);
  } catch (error) {
    if (alreadyTransferred(error)) {
      clearPendingTrialTransfer();
      markTrialTransferChecked(user.id);
      return;
    }
    // Kept pending: the next visit of the dashboard tries again.
    console.error('Trial photo transfer failed', error);
    toast.error(MESSAGES.photoTransferFailed.title, { description: MESSAGES.photoTransferFailed.description });
  }
}

/**
 * After the first sign-in (spec section 4 "Trial photo transfer"): the trial photos move into the account once per
 * user, guarded by a flag kept per user: with the token the trial page kept, else by the e-mail fallback.
 */
export function useTrialTransfer(userId: string | undefined, email: string | undefined): void {
  const client = useQueryClient();
  useEffect(() => {
    if (!userId || !email || trialTransferChecked(userId) || runs.has(userId)) return;
    // The new package and the debited balance show at once.
    const run = transfer({ id: userId, email }, () => void client.invalidateQueries()).finally(() => setRunning(false));
    runs.set(userId, run);
  }, [userId, email, client]);
}
