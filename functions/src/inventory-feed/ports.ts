/** What the inventory feed keeps (DynamoDB in both homes). */
export interface FeedRecord {
  /** The key that signs the feed's links to images and videos (base64url, 32 random bytes). */
  signing_key: string;
  /** The SHA-256 of the secret feed link's token; null while the dealer has made none. */
  link_hash: string | null;
  link_created_at: string | null;
}

export interface InventoryFeedStore {
  /** The dealer's feed record (consistent read); undefined when the dealer never used the feed. */
  get(sub: string): Promise<FeedRecord | undefined>;
  /** The dealer's feed record, made with `signingKey` when there is none (the one there wins). */
  ensure(sub: string, signingKey: string, now: string): Promise<FeedRecord>;
  /**
   * A new secret link and signing key in one transaction: the record replaced only while it is still `previous` (or
   * absent when undefined), the old link's lookup deleted and the new one written. False when another rotation won.
   */
  rotate(sub: string, previous: FeedRecord | undefined, next: { signing_key: string; link_hash: string; link_created_at: string }): Promise<boolean>;
  /** The dealer a secret link's token hash belongs to. */
  findLink(tokenHash: string): Promise<string | undefined>;
}

/** Fixed one-minute windows of requests per subject (a link's hash, a car); false when the window is full. */
export type WindowCounter = (subject: string, max: number, atMs: number) => Promise<boolean>;
