/** Signs and verifies magic-link tokens: KMS in AWS, a local key pair in local mode. */
export interface LinkSigner {
  sign(message: Buffer): Promise<Buffer>;
  verify(message: Buffer, signature: Buffer): Promise<boolean>;
}

export interface MagicLinkRecord {
  /** Hash of the e-mail address (the store keeps no address in clear). */
  emailHash: string;
  userName: string;
  /** Hash of the token in the latest link sent; only that link works, once. */
  tokenHash: string;
  sentAtMs: number;
  expiresAtMs: number;
}

export interface MagicLinkStore {
  /** Saves the record unless a link went to this address less than `minIntervalMs` ago. */
  saveIfAllowed(record: MagicLinkRecord, minIntervalMs: number): Promise<boolean>;
  /** Deletes the record when it holds this token and has not expired; true only for the one caller that did. */
  consume(emailHash: string, tokenHash: string, nowMs: number): Promise<boolean>;
}
