import { ACCEPTED_IMAGE_TYPES } from '@shared/limits';
import { CAR_PACKAGE_MESSAGES } from '@shared/messages';
import type { PhotoUpload } from '@shared/schemas/car-packages';
import { ApiError } from '@/lib/api-client';

/** A file's type as the server expects it; a browser may give none, then the extension decides. */
export function photoContentType(file: File): string {
  if (file.type && file.type in ACCEPTED_IMAGE_TYPES) return file.type;
  const name = file.name.toLowerCase();
  const found = Object.entries(ACCEPTED_IMAGE_TYPES).find(([, exts]) => exts.some((ext) => name.endsWith(ext)));
  return found?.[0] ?? file.type;
}

/**
 * Sends one photo straight to storage through its presigned POST (the policy fields first, the file last, as S3
 * requires), reporting the upload progress from 0 to 1. XMLHttpRequest, because fetch reports no upload progress.
 */
export function uploadPhoto(upload: PhotoUpload, file: File, onProgress: (fraction: number) => void, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    const form = new FormData();
    for (const [name, value] of Object.entries(upload.fields)) form.append(name, value);
    form.append('file', file);
    const xhr = new XMLHttpRequest();
    const failed = (status: number) =>
      reject(new ApiError(CAR_PACKAGE_MESSAGES.photoNotUploaded(file.name), status, 'upload_failed'));
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) onProgress(Math.min(1, event.loaded / event.total));
    };
    xhr.onload = () => {
      if (xhr.status >= 200 && xhr.status < 300) {
        onProgress(1);
        resolve();
      } else failed(xhr.status);
    };
    xhr.onerror = () => failed(0);
    xhr.ontimeout = () => failed(0);
    xhr.onabort = () => reject(new DOMException('Upload aborted', 'AbortError'));
    signal?.addEventListener('abort', () => xhr.abort(), { once: true });
    xhr.open('POST', upload.url);
    xhr.send(form);
  });
}
