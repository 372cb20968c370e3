import { ACCEPTED_IMAGE_TYPES } from '@shared/limits';
import { CAR_PACKAGE_MESSAGES } from '@shared/messages';
import type { PhotoUpload } from '@shared/schemas/car-packages';
import { uploadByPresignedPost } from './presigned-post-upload';

/** A file's type as the server expects it; a browser may give none, then the extension decides. */
export function photoContentType(file: File): string {
  if (file.type && file.type in ACCEPTED_IMAGE_TYPES) return file.type;
  const name = file.name.toLowerCase();
  const found = Object.entries(ACCEPTED_IMAGE_TYPES).find(([, exts]) => exts.some((ext) => name.endsWith(ext)));
  return found?.[0] ?? file.type;
}

/** Sends one photo straight to storage through its presigned POST, reporting the upload progress from 0 to 1. */
export function uploadPhoto(upload: PhotoUpload, file: File, onProgress: (fraction: number) => void, signal?: AbortSignal): Promise<void> {
  return uploadByPresignedPost(upload, file, onProgress, CAR_PACKAGE_MESSAGES.photoNotUploaded(file.name), signal);
}
