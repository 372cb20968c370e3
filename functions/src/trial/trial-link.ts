/**
 * A trial link as stored, and the rules that do not depend on where it is stored: the token (random, kept only as
 * its SHA-256), the link's state, where its photos go in S3. No AWS SDK here.
 */
import { randomBytes } from 'node:crypto';
import type { Angle } from '@shared/angles';
import { ACCEPTED_IMAGE_TYPES, type AcceptedImageType } from '@shared/limits';
import type { CarAppearance } from '@shared/same-car';
import type { TrialLinkState, TrialLinkView } from '@shared/schemas/trial';
import { sha256 } from '../lib/ids';

export interface TrialPhoto {
  /** photo-1 ... photo-10, in the order the prospect chose them. */
  id: string;
  name: string;
  content_type: AcceptedImageType;
  size: number;
  /** In the uploads bucket under trial/<link id>/ (a lifecycle rule forgets it after 30 days). */
  key: string;
  /**
   * Set when the upload passed its checks (photos, not pending_photos): the SHA-256 of the file stored at `key` then
   * (the checked bytes with their GPS position blanked). The transfer trusts that car check only for these exact bytes.
   */
  checked_sha256?: string;
  /**
   * What the car check saw (issue 39; absent on photos checked before): the angle the photo shows and the car's paint,
   * and the SHA-256 of the bytes as uploaded, so the same file uploaded again (the prospect keeping one car's photos)
   * is not shown to the car check a second time.
   */
  angle?: Angle;
  /** How sure the car check was of that angle (0..1). */
  confidence?: number;
  appearance?: CarAppearance | null;
  uploaded_sha256?: string;
}

export interface StoredTrialLink {
  id: string;
  token_hash: string;
  dealer_name: string;
  /** Where the link was mailed, if it was. */
  email: string | null;
  created_by: string;
  created_at: string;
  expires_at: string;
  revoked_at: string | null;
  /** Presigned uploads handed out and not yet checked. */
  pending_photos: TrialPhoto[];
  /** Checked uploads (by their bytes and the car check). */
  photos: TrialPhoto[];
  uploaded_at: string | null;
  /** Set once, conditionally: the account the link converted to. */
  converted_at: string | null;
  converted_email: string | null;
  transferred_at: string | null;
  package_id: string | null;
}

/** 32 random bytes, URL-safe: what the link carries. */
export const newTrialToken = (): string => randomBytes(32).toString('base64url');
export const trialTokenHash = (token: string): string => sha256(token);

export const trialUrl = (origin: string, token: string) => `${origin}/trial/${token}`;

/** Every upload of a trial link is under this prefix of the uploads bucket. */
export const trialLinkPrefix = (linkId: string) => `trial/${linkId}/`;

export const trialPhotoKey = (linkId: string, attempt: string, photoId: string, type: AcceptedImageType) =>
  `${trialLinkPrefix(linkId)}${attempt}/${photoId}.${ACCEPTED_IMAGE_TYPES[type][0].slice(1)}`;

export function stateOf(link: StoredTrialLink, nowMs: number): TrialLinkState {
  if (link.converted_at) return 'converted';
  if (link.revoked_at) return 'revoked';
  if (Date.parse(link.expires_at) <= nowMs) return 'expired';
  return link.photos.length > 0 ? 'uploaded' : 'unused';
}

/** Whether the prospect may still upload and create the account with it. */
export const isOpen = (link: StoredTrialLink, nowMs: number) => {
  const state = stateOf(link, nowMs);
  return state === 'unused' || state === 'uploaded';
};

export async function linkView(link: StoredTrialLink, nowMs: number, signUpload: (key: string) => Promise<string>): Promise<TrialLinkView> {
  return {
    id: link.id,
    dealer_name: link.dealer_name,
    email: link.email,
    state: stateOf(link, nowMs),
    created_at: link.created_at,
    created_by: link.created_by,
    expires_at: link.expires_at,
    revoked_at: link.revoked_at,
    converted_at: link.converted_at,
    converted_email: link.converted_email,
    transferred_at: link.transferred_at,
    package_id: link.package_id,
    photos: await Promise.all(link.photos.map(async (p) => ({ name: p.name, size: p.size, thumbnail_url: await signUpload(p.key) }))),
  };
}
