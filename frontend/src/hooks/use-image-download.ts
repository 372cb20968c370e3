import { useCallback } from 'react';
import { toast } from 'sonner';
import { MESSAGES } from '@shared/messages';
import { fileNameFromUrl, saveBlob } from '@/lib/save-file';

/** The name a downloaded image is saved under: the URL's last path segment, or car_{angle}.png. */
export function downloadFileName(url: string, angle: string): string {
  return fileNameFromUrl(url) ?? `car_${angle}.png`;
}

/**
 * Downloads an image (fetched as a blob, so the signed link's file is saved, not opened), with the catalogue's
 * toasts: "Downloading image...", then "Image downloaded successfully" or "Failed to download image".
 */
export function useImageDownload() {
  return useCallback(async (url: string, angle: string) => {
    const id = toast.loading(MESSAGES.downloading);
    try {
      const response = await fetch(url);
      if (!response.ok) throw new Error(`HTTP ${response.status}`);
      saveBlob(await response.blob(), downloadFileName(url, angle));
      toast.success(MESSAGES.downloaded, { id });
    } catch {
      toast.error(MESSAGES.downloadFailed, { id });
    }
  }, []);
}
