/** Saves a blob as a file through a temporary object URL. */
export function saveBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  try {
    downloadUrl(url, fileName);
  } finally {
    // The click has started the download by now; a later revoke keeps slow browsers safe.
    setTimeout(() => URL.revokeObjectURL(url), 10_000);
  }
}

/** Starts the download of a URL (same origin: saved under `fileName`; otherwise as the server names it). */
export function downloadUrl(url: string, fileName: string): void {
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.rel = 'noopener';
  link.style.display = 'none';
  document.body.append(link);
  link.click();
  link.remove();
}

/** The last segment of a URL's path (no query), decoded; null when there is none. */
export function fileNameFromUrl(url: string): string | null {
  let path: string;
  try {
    path = new URL(url, window.location.href).pathname;
  } catch {
    path = url.split(/[?#]/)[0] ?? '';
  }
  const last = path.split('/').filter(Boolean).at(-1);
  if (!last) return null;
  try {
    return decodeURIComponent(last);
  } catch {
    return last;
  }
}
