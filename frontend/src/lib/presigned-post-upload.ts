import { ApiError } from './api-error';

/**
 * Sends one file straight to storage through its presigned POST (the policy fields first, the file last, as S3
 * requires), reporting the upload progress from 0 to 1. XMLHttpRequest, because fetch reports no upload progress.
 * A failure is an ApiError 'upload_failed' with the storage's status (0 when storage could not be reached);
 * `failedMessage` is its message, or gives it from that status. Aborting `signal` rejects with an AbortError.
 */
export function uploadByPresignedPost(
  target: { url: string; fields: Record<string, string> },
  file: File,
  onProgress: (fraction: number) => void,
  failedMessage: string | ((status: number) => string),
  signal?: AbortSignal,
): Promise<void> {
  return new Promise((resolve, reject) => {
    const form = new FormData();
    for (const [name, value] of Object.entries(target.fields)) form.append(name, value);
    form.append('file', file);
    const xhr = new XMLHttpRequest();
    const failed = (status: number) =>
      reject(new ApiError(typeof failedMessage === 'string' ? failedMessage : failedMessage(status), status, 'upload_failed'));
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
    if (signal) {
      xhr.onabort = () => reject(new DOMException('Upload aborted', 'AbortError'));
      signal.addEventListener('abort', () => xhr.abort(), { once: true });
    }
    xhr.open('POST', target.url);
    xhr.send(form);
  });
}
