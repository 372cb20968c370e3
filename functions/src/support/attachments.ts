import { ACCEPTED_ATTACHMENT_TYPES, MAX_ATTACHMENT_BYTES } from '@shared/limits';
import { MESSAGES } from '@shared/messages';
import type { AttachmentType, SupportAttachmentRequest } from '@shared/schemas/support';
import { DomainError } from '../lib/errors';
import { newId } from '../lib/ids';
import type { UploadTarget } from '../uploads/presigned-upload';
import { bytesMatchType, needsWholeFile, SNIFF_BYTES } from './attachment-bytes';
import { attachmentPrefix } from './attachment-keys';

/** Port: the uploads bucket as the support centre needs it (S3 in both homes). */
export interface AttachmentStorage {
  createUploadTarget(input: { key: string; contentType: string; maxBytes: number }): Promise<UploadTarget>;
  /** Size and stored content type, or undefined when there is no such object. */
  head(key: string): Promise<{ size: number; contentType: string | undefined } | undefined>;
  /** The first `count` bytes (all of them when the object is shorter). */
  readStart(key: string, count: number): Promise<Uint8Array>;
}

const prefixOf = attachmentPrefix;

/** A file name safe in an S3 key and a download header: letters, digits, dot, dash, underscore. */
export function safeFileName(name: string): string {
  const base = name.split(/[\\/]/).pop() ?? '';
  const dot = base.lastIndexOf('.');
  const ext = dot >= 0 ? base.slice(dot).toLowerCase().replace(/[^a-z0-9.]/g, '') : '';
  const stem = (dot >= 0 ? base.slice(0, dot) : base)
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '') // accents off: Å -> A
    .replace(/[^A-Za-z0-9._-]+/g, '-')
    .replace(/^[-.]+|[-.]+$/g, '')
    .slice(0, 80);
  return `${stem || 'attachment'}${ext}`;
}

/** POST /api/support/attachments: a presigned upload of one attachment under the caller's own prefix. */
export async function createSupportAttachmentUpload(storage: AttachmentStorage, sub: string, request: SupportAttachmentRequest): Promise<UploadTarget> {
  const key = `${prefixOf(sub)}${newId()}/${safeFileName(request.file_name)}`;
  return storage.createUploadTarget({ key, contentType: request.content_type, maxBytes: MAX_ATTACHMENT_BYTES });
}

export interface CheckedAttachment {
  key: string;
  file_name: string;
  content_type: AttachmentType;
  size: number;
}

/**
 * Before a ticket refers to an attachment: it must lie under the caller's own prefix, exist, be small enough,
 * have an accepted type, and its bytes must be of that type.
 */
export async function checkAttachment(storage: AttachmentStorage, sub: string, key: string): Promise<CheckedAttachment> {
  const fileName = key.startsWith(prefixOf(sub)) ? key.slice(prefixOf(sub).length).split('/')[1] : undefined;
  if (!fileName || !/^support\/[^/]+\/[0-9A-HJKMNP-TV-Z]{26}\/[A-Za-z0-9._-]+$/.test(key)) {
    throw new DomainError('forbidden', MESSAGES.attachmentNotYours, { attachment_key: MESSAGES.attachmentNotYours });
  }
  const head = await storage.head(key);
  if (!head) throw new DomainError('validation', MESSAGES.attachmentMissing, { attachment_key: MESSAGES.attachmentMissing });
  if (head.size > MAX_ATTACHMENT_BYTES) throw new DomainError('payload_too_large', MESSAGES.fileTooLarge(MAX_ATTACHMENT_BYTES));
  const type = head.contentType && Object.hasOwn(ACCEPTED_ATTACHMENT_TYPES, head.contentType) ? (head.contentType as AttachmentType) : undefined;
  const extensions: readonly string[] | undefined = type ? ACCEPTED_ATTACHMENT_TYPES[type] : undefined;
  if (!type || !extensions || !extensions.some((ext) => fileName.toLowerCase().endsWith(ext))) {
    throw new DomainError('validation', MESSAGES.attachmentTypeMismatch(fileName), { attachment_key: MESSAGES.attachmentTypeMismatch(fileName) });
  }
  const bytes = await storage.readStart(key, needsWholeFile(type) ? head.size : SNIFF_BYTES);
  if (!bytesMatchType(bytes, type)) {
    throw new DomainError('validation', MESSAGES.attachmentTypeMismatch(fileName), { attachment_key: MESSAGES.attachmentTypeMismatch(fileName) });
  }
  return { key, file_name: fileName, content_type: type, size: head.size };
}
