/**
 * API keys: created with a name and shown once, stored only as their SHA-256; listed with their last use; revoked at
 * once. A call with a key is checked here on every request (after the gateway's authorizer): a revoked key is refused
 * even while the authorizer's answer is still cached, and each key has its own rate limit. No AWS SDK here.
 */
import { createdBy } from '../team/acting-member';
import { randomBytes } from 'node:crypto';
import { API_DEALER_CALLS_PER_MINUTE, API_KEY_CALLS_PER_MINUTE, API_KEY_PREFIX, MAX_API_KEYS } from '@shared/integrations';
import { INTEGRATION_MESSAGES } from '@shared/messages';
import type { ApiKey, CreateApiKeyResponse } from '@shared/schemas/integrations';
import { DomainError, RateLimitedError, secondsToWindowEnd } from '../lib/errors';
import { newId, sha256 } from '../lib/ids';
import type { ApiKeyStore, StoredApiKey } from './ports';

const RATE_WINDOW_MS = 60_000;

export interface ApiKeyDeps {
  store: ApiKeyStore;
  now?: () => Date;
}
const clock = (deps: { now?: () => Date }) => deps.now?.() ?? new Date();

/** 32 random bytes: a key cannot be guessed, so a fast hash (SHA-256) is enough to store it. */
export function generateApiKey(): string {
  return `${API_KEY_PREFIX}${randomBytes(32).toString('base64url')}`;
}

/** The part of an Authorization header that may be a key, undefined when it cannot be one. */
export function apiKeyFromHeader(authorization: string | undefined): string | undefined {
  const token = /^Bearer\s+(\S+)$/i.exec(authorization ?? '')?.[1];
  return token && token.startsWith(API_KEY_PREFIX) && token.length <= 100 ? token : undefined;
}

export const apiKeyView = (k: StoredApiKey): ApiKey => ({
  id: k.key_id,
  name: k.name,
  prefix: k.prefix,
  created_at: k.created_at,
  last_used_at: k.last_used_at,
  revoked_at: k.revoked_at,
  calls: k.calls,
  created_by: k.created_by ?? null,
});

export async function createApiKey(deps: ApiKeyDeps, sub: string, name: string): Promise<CreateApiKeyResponse> {
  const secret = generateApiKey();
  const key: StoredApiKey = {
    key_id: newId(),
    user_id: sub,
    name,
    prefix: `${secret.slice(0, API_KEY_PREFIX.length + 6)}…`,
    key_hash: sha256(secret),
    created_at: clock(deps).toISOString(),
    last_used_at: null,
    revoked_at: null,
    calls: 0,
    // The member whose request made it (issue 42): shown in Settings' key list.
    ...createdBy(),
  };
  if (!(await deps.store.create(key, MAX_API_KEYS))) throw new DomainError('conflict', INTEGRATION_MESSAGES.tooManyKeys(MAX_API_KEYS));
  return { key: apiKeyView(key), secret };
}

export async function listApiKeys(deps: ApiKeyDeps, sub: string): Promise<ApiKey[]> {
  return (await deps.store.list(sub)).map(apiKeyView);
}

export async function revokeApiKey(deps: ApiKeyDeps, sub: string, keyId: string): Promise<ApiKey> {
  if (!(await deps.store.revoke(sub, keyId, clock(deps).toISOString()))) throw new DomainError('not_found', INTEGRATION_MESSAGES.keyNotFound);
  return apiKeyView((await deps.store.list(sub)).find((k) => k.key_id === keyId)!);
}

/** The authorizer's question: whose key is this? Undefined for anything but an active key. */
export async function identifyApiKey(deps: Pick<ApiKeyDeps, 'store'>, authorization: string | undefined) {
  const key = apiKeyFromHeader(authorization);
  return key ? deps.store.findByHash(sha256(key)) : undefined;
}

/**
 * Every call with a key, before the route's work: the rate limits of the dealer's keys together and of this key, then the key still active (its use recorded in
 * the same conditional write, so a revoked key is refused on its next call), then the dealer's usage of the day.
 */
export async function admitKeyCall(
  deps: ApiKeyDeps,
  sub: string,
  keyId: string,
  limits: { perKey?: number; perDealer?: number } = {},
): Promise<void> {
  const { perKey = API_KEY_CALLS_PER_MINUTE, perDealer = API_DEALER_CALLS_PER_MINUTE } = limits;
  const now = clock(deps);
  const windowStart = now.getTime() - (now.getTime() % RATE_WINDOW_MS);
  const retryAfter = secondsToWindowEnd(now.getTime(), RATE_WINDOW_MS);
  // The dealer's keys together first: more keys are not more calls.
  if (!(await deps.store.allowCall('api-dealer', sub, perDealer, windowStart, RATE_WINDOW_MS))) {
    throw new RateLimitedError(retryAfter, INTEGRATION_MESSAGES.dealerRateLimited(perDealer));
  }
  if (!(await deps.store.allowCall('api-key', keyId, perKey, windowStart, RATE_WINDOW_MS))) {
    throw new RateLimitedError(retryAfter, INTEGRATION_MESSAGES.rateLimited(perKey));
  }
  if (!(await deps.store.recordCall(sub, keyId, now.toISOString()))) throw new DomainError('unauthorized', INTEGRATION_MESSAGES.keyRevoked);
  await deps.store.countUsage(sub, now.toISOString().slice(0, 10), 'api_calls');
}
