/**
 * The car check's budget (issue 40, N1): in AWS each look is a paid vision call, so a look is remembered per dealer by
 * the photo's digest (the same bytes checked again cost nothing and get the same answer), and new looks are counted
 * per account and, for accounts that never bought credits, per network, in fixed one-hour windows: generous for a
 * dealer's real use, tight for a free account. Every real look is counted for the operator (the Operations tab's
 * checks per hour, the VisionCalls metric and its alarm). No AWS SDK here.
 */
import { VISION_CHECK_LIMITS } from '@shared/limits';
import { CAR_CHECK_MESSAGES } from '@shared/messages';
import { RateLimitedError, secondsToWindowEnd } from '../lib/errors';
import { opsEvent } from '../lib/ops-events';
import { networkOf } from '../auth/network';
import type { CarSighting, CarVision, LookOptions } from './port';

/** A look's depth: the verdict alone (a start's check), or with the angle and paint (the form's check). */
export type LookDepth = 'verdict' | 'full';

export interface CheckRecords {
  get(sub: string, digest: string, depth: LookDepth): Promise<CarSighting | undefined>;
  put(sub: string, digest: string, depth: LookDepth, sighting: CarSighting, atMs: number): Promise<void>;
}

export interface CheckBudgetPorts {
  records: CheckRecords;
  /** One more in a fixed window while it is under `max`; false (nothing counted) when it is full. */
  allow(scope: string, subject: string, max: number, windowMs: number, atMs: number): Promise<boolean>;
  /** Counts one real look in its hour (the Operations tab's checks per hour). */
  countLook(atMs: number): Promise<void>;
  /** Whether the account ever bought credits (a paying dealer gets the larger allowance). */
  isPaying(sub: string): Promise<boolean>;
  now?: () => number;
}

export interface CheckLimits {
  /** New looks an hour per account that bought credits. */
  payingPerHour: number;
  /** New looks an hour per account that never did (trial credits only, or none). */
  freePerHour: number;
  /** New looks an hour per network by accounts that never bought credits (several free accounts on one network). */
  freeNetworkPerHour: number;
}

const HOUR_MS = 3_600_000;

/** The limits from configuration: VISION_CHECKS_* override the product's (shared/limits.ts). */
export function checkLimitsFromEnv(env: NodeJS.ProcessEnv = process.env): CheckLimits {
  const n = (value: string | undefined, fallback: number) => (Number(value) > 0 ? Math.floor(Number(value)) : fallback);
  return {
    payingPerHour: n(env.VISION_CHECKS_PAYING_PER_HOUR, VISION_CHECK_LIMITS.payingPerHour),
    freePerHour: n(env.VISION_CHECKS_FREE_PER_HOUR, VISION_CHECK_LIMITS.freePerHour),
    freeNetworkPerHour: n(env.VISION_CHECKS_FREE_NETWORK_PER_HOUR, VISION_CHECK_LIMITS.freeNetworkPerHour),
  };
}

/**
 * The vision port as one caller may use it: a remembered answer for bytes this dealer had checked, else a new look
 * counted against the caller's allowance (429 with when to try again when it is used up).
 */
export function budgetedVision(vision: CarVision, ports: CheckBudgetPorts, limits: CheckLimits, who: { sub: string; sourceIp: string }): CarVision {
  const now = () => ports.now?.() ?? Date.now();
  return {
    name: vision.name,
    model: vision.model,
    async look(photo, options: LookOptions = {}): Promise<CarSighting> {
      const depth: LookDepth = options.angle === false ? 'verdict' : 'full';
      const digest = photo.sourceSha256;
      if (digest) {
        // A full look answers a verdict too.
        const known = (await ports.records.get(who.sub, digest, 'full')) ?? (depth === 'verdict' ? await ports.records.get(who.sub, digest, 'verdict') : undefined);
        if (known) return known;
      }
      const at = now();
      const retryAfter = secondsToWindowEnd(at, HOUR_MS);
      const minutes = Math.ceil(retryAfter / 60);
      const paying = await ports.isPaying(who.sub);
      if (!(await ports.allow('vision-account', who.sub, paying ? limits.payingPerHour : limits.freePerHour, HOUR_MS, at))) {
        throw new RateLimitedError(retryAfter, paying ? CAR_CHECK_MESSAGES.tooManyChecks(limits.payingPerHour, minutes) : CAR_CHECK_MESSAGES.tooManyFreeChecks(limits.freePerHour, minutes));
      }
      if (!paying && !(await ports.allow('vision-network', networkOf(who.sourceIp), limits.freeNetworkPerHour, HOUR_MS, at))) {
        throw new RateLimitedError(retryAfter, CAR_CHECK_MESSAGES.tooManyNetworkChecks(minutes));
      }
      const sighting = await vision.look(photo, options);
      opsEvent('visionLook', { vision: vision.name });
      await ports.countLook(at);
      if (digest) await ports.records.put(who.sub, digest, depth, sighting, at);
      return sighting;
    },
  };
}
