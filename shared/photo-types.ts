/**
 * The photo types the product takes (JPEG, PNG, WebP) and the words for one it does not: HEIC (what iPhones shoot)
 * and AVIF by name with how to send a JPEG instead, anything else with the accepted extensions. One text for the
 * browser's drop areas and the server's schemas ("JPG, PNG or WebP").
 */
import { ACCEPTED_IMAGE_TYPES } from './limits';
import { MESSAGES, PHOTO_REFUSALS } from './messages';

export const PHOTO_EXTENSIONS = [...new Set(Object.values(ACCEPTED_IMAGE_TYPES).flat())];

/** What a browser says of a file: its declared MIME type and its name (either may be empty). */
export interface DeclaredFile {
  type?: string;
  name?: string;
}

const HEIC = /^image\/hei[cf](-sequence)?$|\.hei[cf]$/i;
const AVIF = /^image\/avif$|\.avif$/i;

export function photoTypeRefusal(file: DeclaredFile): string {
  const said = [file.type ?? '', file.name ?? ''];
  if (said.some((s) => HEIC.test(s))) return PHOTO_REFUSALS.heic;
  if (said.some((s) => AVIF.test(s))) return PHOTO_REFUSALS.avif;
  return MESSAGES.photoTypeInvalid;
}
