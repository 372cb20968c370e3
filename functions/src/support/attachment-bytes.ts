import type { AttachmentType } from '@shared/schemas/support';

/** How many leading bytes identify a binary attachment type. */
export const SNIFF_BYTES = 16;

const startsWith = (bytes: Uint8Array, signature: number[], offset = 0) => signature.every((b, i) => bytes[offset + i] === b);
const ascii = (s: string) => [...s].map((c) => c.charCodeAt(0));

/**
 * Whether a file's bytes are what its type says (the declared type is only a claim of the browser). Binary types
 * by their magic numbers; plain text must be valid UTF-8 without NUL bytes, so it needs the whole file.
 */
export function bytesMatchType(bytes: Uint8Array, type: AttachmentType): boolean {
  switch (type) {
    case 'image/jpeg':
      return startsWith(bytes, [0xff, 0xd8, 0xff]);
    case 'image/png':
      return startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
    case 'image/webp':
      return startsWith(bytes, ascii('RIFF')) && startsWith(bytes, ascii('WEBP'), 8);
    case 'application/pdf':
      return startsWith(bytes, ascii('%PDF-'));
    case 'application/msword': // OLE2 compound file
      return startsWith(bytes, [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]);
    case 'application/vnd.openxmlformats-officedocument.wordprocessingml.document': // a ZIP container
      return startsWith(bytes, [0x50, 0x4b, 0x03, 0x04]);
    case 'text/plain':
      if (bytes.includes(0)) return false;
      try {
        new TextDecoder('utf-8', { fatal: true }).decode(bytes);
        return true;
      } catch {
        return false;
      }
  }
}

/** Whether the whole file must be read to judge it. */
export const needsWholeFile = (type: AttachmentType) => type === 'text/plain';
