import { MAGIC_LINK_ANSWER_FLOOR_MS, MAGIC_LINK_RATE_LIMIT, TRIAL_GRANTS_PER_NETWORK_PER_DAY } from '@shared/limits';
import type { AccountStore } from '../accounts/account-store';
import { networkOf } from './network';
import { MESSAGES } from '@shared/messages';
import { DomainError } from '../lib/errors';
import { logger } from '../lib/logger';
import { emailHashOf, sendMagicLink, type MagicLinkDeps } from './magic-link';

/** Port: the user pool's accounts, by sign-in e-mail. */
export interface UserDirectory {
  /** The account's user name (sub), if the address has one. */
  find(email: string): Promise<string | undefined>;
  /** Creates a confirmed, passwordless account with the dealership name, unless the address has one. */
  createIfAbsent(email: string, dealerName: string | null): Promise<{ userName: string; created: boolean }>;
}

/** Port: fixed-window counters; false when a window is full (nothing counted then). */
export type RequestCounter = (counters: { scope: string; subject: string; max: number; windowMs: number }[]) => Promise<boolean>;

export interface RequestMagicLinkDeps {
  directory: UserDirectory;
  /** Where an account created past its network's daily trial cap is marked to get no trial credits. */
  accounts: Pick<AccountStore, 'refuseTrialCredits'>;
  /** Overrides TRIAL_GRANTS_PER_NETWORK_PER_DAY. */
  trialGrantsPerNetworkPerDay?: number;
  links: MagicLinkDeps;
  count: RequestCounter;
  /** Where links point: the site's own origin (never taken from the request). */
  siteOrigin: () => Promise<string>;
  now?: () => number;
  sleep?: (ms: number) => Promise<void>;
  floorMs?: number;
  /** Overrides MAGIC_LINK_RATE_LIMIT.perClientPerHour. */
  perClientPerHour?: number;
}

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

/**
 * Sign-in and trial sign-up requests. Every request is counted (per address per day, per client per hour) before
 * anything else, whether the address has an account or not; the work differs (create, look up, sign, mail) but
 * the answer does not, and it is held back until a fixed floor has passed, so neither its content nor its timing
 * tells whether the address has an account. Links always point to the site's origin.
 */
export async function requestMagicLink(deps: RequestMagicLinkDeps, input: { email: string; trial: boolean; dealerName: string | null; clientIp: string; /** The page the link returns to. */ returnTo?: string | null }): Promise<void> {
  const now = deps.now ?? Date.now;
  const started = now();
  try {
    const allowed = await deps.count([
      { scope: 'magic-link-address', subject: emailHashOf(input.email), max: MAGIC_LINK_RATE_LIMIT.perAddressPerDay, windowMs: DAY },
      { scope: 'magic-link-client', subject: input.clientIp, max: deps.perClientPerHour ?? MAGIC_LINK_RATE_LIMIT.perClientPerHour, windowMs: HOUR },
    ]);
    if (!allowed) throw new DomainError('rate_limited', MESSAGES.tooManySignInRequests);
    try {
      const userName = input.trial ? await createForTrial(deps, input) : await deps.directory.find(input.email);
      if (userName) {
        const outcome = await sendMagicLink(deps.links, { userName, email: input.email, redirectOrigin: await deps.siteOrigin(), returnTo: input.returnTo ?? null });
        if (outcome !== 'sent') logger.info('magic link not sent', { outcome });
      }
    } catch (error) {
      // A failure on the account's path (pool, signer, mail) must not answer differently from "no account".
      logger.error('magic link request failed', { error: error as Error });
    }
  } finally {
    const left = (deps.floorMs ?? MAGIC_LINK_ANSWER_FLOOR_MS) - (now() - started);
    if (left > 0) await (deps.sleep ?? ((ms) => new Promise((r) => setTimeout(r, ms))))(left);
  }
}

/**
 * A trial sign-up: the account is created unless the address has one. A new account counts against its network's
 * daily trial cap; past it, the account is still made (the answer must not differ, and the dealer may buy credits) but
 * marked to get no trial credits at its first sign-in, which tells the dealer why.
 */
async function createForTrial(deps: RequestMagicLinkDeps, input: { email: string; dealerName: string | null; clientIp: string }): Promise<string> {
  const { userName, created } = await deps.directory.createIfAbsent(input.email, input.dealerName);
  if (created) {
    const max = deps.trialGrantsPerNetworkPerDay ?? TRIAL_GRANTS_PER_NETWORK_PER_DAY;
    const within = await deps.count([{ scope: 'trial-network', subject: networkOf(input.clientIp), max, windowMs: DAY }]);
    if (!within) await deps.accounts.refuseTrialCredits(userName, 'network', new Date((deps.now ?? Date.now)()));
  }
  return userName;
}
