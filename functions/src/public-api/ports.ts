/** What the public API keeps beside the car packages: external ids and Idempotency-Keys (DynamoDB in both homes). */
export interface ExternalIdClaim {
  /** The package the external id names: the caller's, or the one that had it. */
  packageId: string;
  /** When that package claimed it (ms since the epoch; 0 for claims recorded before this was kept). */
  claimedAtMs: number;
}

export interface ExternalIdIndex {
  /** Claims `externalId` for `packageId` at `nowMs` unless it is claimed; answers the claim that holds (this one, or the one that had it). */
  claim(sub: string, externalId: string, packageId: string, nowMs: number): Promise<ExternalIdClaim>;
  /** Points `externalId` from `fromId` (a draft that was forgotten) to `toId`; false when it no longer names `fromId`. */
  replace(sub: string, externalId: string, fromId: string, toId: string, nowMs: number): Promise<boolean>;
  /** Gives the external id back when the package it was claimed for was never created. */
  release(sub: string, externalId: string, packageId: string): Promise<void>;
}

export interface IdempotencyKeys {
  /** Records which request the key answers; answers the request recorded first (this one, or an earlier call's). */
  claim(sub: string, keyHash: string, request: string, expiresAtMs: number): Promise<string>;
}
