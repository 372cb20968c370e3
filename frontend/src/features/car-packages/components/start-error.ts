import { toast } from 'sonner';
import { MESSAGES } from '@shared/messages';
import { ApiError } from '@/lib/api-client';
import type { SelectedPhoto } from '../hooks/use-photo-selection';

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

/**
 * The photos a 400 refused, marked in the grid: the server names each one in `fields` (`photos.<index>`: "<file>:
 * <reason>"); without fields, the photo whose name starts the message.
 */
export function refusedPhotos(error: Error, photos: readonly SelectedPhoto[]): Record<string, string> {
  const reason = (text: string, fileName: string) => (text.startsWith(fileName) ? text.slice(fileName.length).replace(/^[:\s]+/, '') : text);
  const found: Record<string, string> = {};
  if (error instanceof ApiError) {
    for (const [field, text] of Object.entries(error.fields)) {
      const photo = /^photos\.(\d+)$/.exec(field) && photos[Number(field.split('.')[1])];
      if (photo) found[photo.id] = reason(text, photo.file.name);
    }
  }
  if (Object.keys(found).length > 0) return found;
  const named = photos.find((p) => error.message.startsWith(`${p.file.name}:`) || error.message.startsWith(`${p.file.name} `));
  return named ? { [named.id]: reason(error.message, named.file.name) } : {};
}
