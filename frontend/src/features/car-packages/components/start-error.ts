import { toast } from 'sonner';
import { MESSAGES } from '@shared/messages';
import { ApiError } from '@/lib/api-client';

/** The server's text after its first separator ("Insufficient credits. Need 1, have 0" → "Need 1, have 0"). */
export function textAfterSeparator(message: string): string | null {
  const match = /[.:]\s+(.+)$/s.exec(message);
  return match?.[1]?.trim() || null;
}

/**
 * The catalogue's toasts for a package that could not start: 402 "Insufficient credits" with the server's
 * remaining text (or "Please purchase more credits to continue."); signed out "Please log in to process images.";
 * anything else "Failed to start processing" with the server's text.
 */
export function startErrorToast(error: Error): void {
  if (error instanceof ApiError && error.status === 402) {
    toast.error(MESSAGES.insufficientCreditsTitle, { description: textAfterSeparator(error.message) ?? MESSAGES.purchaseMoreCredits });
    return;
  }
  if (error instanceof ApiError && error.status === 401) {
    toast.error(MESSAGES.packageStartFailedTitle, { description: MESSAGES.pleaseLogInToProcess });
    return;
  }
  toast.error(MESSAGES.packageStartFailedTitle, { description: error.message || MESSAGES.packageStartFailedTitle });
}
