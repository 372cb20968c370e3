/** Ports of the trial link use cases. */
import type { AlongsideWrite } from '../credits/credit-store';
import type { StoredTrialLink, TrialPhoto } from './trial-link';

/** Why a conditional change of a link was refused, read back after the refusal. */
export type LinkRefusal = 'missing' | 'closed';

/** DynamoDB in both homes. Every change of a link is conditional on its state. */
export interface TrialLinkStore {
  /** The link and its token's lookup, together. */
  create(link: StoredTrialLink): Promise<void>;
  get(id: string): Promise<StoredTrialLink | undefined>;
  findByTokenHash(tokenHash: string): Promise<StoredTrialLink | undefined>;
  /** Newest first. */
  list(limit: number): Promise<StoredTrialLink[]>;
  /** Sets revoked_at unless the link was converted or revoked already; false then. */
  revoke(id: string, now: string): Promise<boolean>;
  /** Records the presigned uploads handed out, while the link is open (not converted, revoked or expired). */
  setPendingPhotos(id: string, photos: TrialPhoto[], now: string): Promise<boolean>;
  /** The checked uploads become the link's photos, while the link is open and the pending uploads are these. */
  setPhotos(id: string, photos: TrialPhoto[], pendingKey: string, now: string): Promise<boolean>;
  /**
   * Converts the link to an account, once: only while open and with photos, recording the address (and the link
   * under that address for the transfer by e-mail). False when refused.
   */
  convert(id: string, email: string, now: string): Promise<boolean>;
  /** Links converted to this address, newest first. */
  convertedTo(email: string): Promise<StoredTrialLink[]>;
  /** The once-only markers of a transfer (per account, per link), written in the charge's transaction. */
  transferClaimWrites(sub: string, linkId: string, packageId: string, now: string): AlongsideWrite[];
  /** After the transfer: the link shows it and the profile gets photos_transferred (both for display only). */
  markTransferred(sub: string, linkId: string, packageId: string, now: string): Promise<void>;
  /** Whether the account already had its trial photos transferred. */
  userTransferred(sub: string): Promise<boolean>;
}
