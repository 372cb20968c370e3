import type { ActingMember } from '@shared/schemas/team';
/** Where API keys and their use are kept (DynamoDB in both homes). */
export interface StoredApiKey {
  key_id: string;
  user_id: string;
  name: string;
  prefix: string;
  key_hash: string;
  created_at: string;
  last_used_at: string | null;
  revoked_at: string | null;
  calls: number;
  /** The member who created it (issue 42; absent on keys from before). */
  created_by?: ActingMember;
}

export interface ApiKeyStore {
  /** Stores the key and its hash lookup together; false when the dealer already has `max` active keys. */
  create(key: StoredApiKey, max: number): Promise<boolean>;
  list(sub: string): Promise<StoredApiKey[]>;
  /** Marks the key revoked and deletes its lookup in one transaction; false when there is no such key. */
  revoke(sub: string, keyId: string, now: string): Promise<boolean>;
  /** The key a hash belongs to (the authorizer), undefined when none or revoked. */
  findByHash(hash: string): Promise<{ user_id: string; key_id: string } | undefined>;
  /** Records one call: last use and count; false when the key is revoked or gone (nothing written). */
  recordCall(sub: string, keyId: string, now: string): Promise<boolean>;
  /** Counts one call in the fixed window of a key ('api-key') or of a dealer's keys together ('api-dealer'); false when it is full. */
  allowCall(scope: 'api-key' | 'api-dealer', subject: string, perWindow: number, windowStartMs: number, windowMs: number): Promise<boolean>;
  /** Adds to the dealer's usage of one UTC day. */
  countUsage(sub: string, day: string, what: 'api_calls' | 'webhook_deliveries'): Promise<void>;
  usage(sub: string, sinceDay: string): Promise<{ day: string; api_calls: number; webhook_deliveries: number }[]>;
}
