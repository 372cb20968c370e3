import { describe, expect, it } from 'vitest';
import { TRIAL_CREDITS } from '@shared/limits';
import { TRIAL_CREDIT_MESSAGES } from '@shared/messages';
import { meResponseSchema } from '@shared/schemas/account';
import { useLocalHost } from '../support/local-host';

/**
 * Issue 27, item 3: unlimited trial accounts. name+1@, name+2@ and n.a.m.e@ each got an account with 5 free credits;
 * only the per-IP hourly limit bounded it. Trial credits go once per normalised address (case, and the dots and
 * +tags the mail provider ignores), and at most a few a day per network; an account refused them still works (it may
 * buy credits) and is told why in its own words.
 */
const { url } = useLocalHost();
const { signInNewDealer } = await import('./package-api-client');
const { LOCAL_USER_POOL } = await import('../../infra/local/local-user-pool');

async function me(accessToken: string) {
  const res = await fetch(`${url}/api/me`, { headers: { authorization: `Bearer ${accessToken}` } });
  expect(res.status).toBe(200);
  return meResponseSchema.parse(await res.json());
}

describe('trial credits, once per person', () => {
  it('one Gmail mailbox under four spellings: the first account gets the trial credits, the others none, told why', async () => {
    const name = `trialonce${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;
    const spelled = `${name.slice(0, 4)}.${name.slice(4, 8)}.${name.slice(8)}`;
    const first = await me((await signInNewDealer(url, 'trial', `${name}@gmail.com`)).accessToken);
    expect(first.balance.trial_credits).toBe(TRIAL_CREDITS);
    expect(first.profile.trial_credits_refused).toBeNull();
    for (const address of [`${name}+1@gmail.com`, `${name}+2@gmail.com`, `${spelled}@gmail.com`, `${name.toUpperCase()}@GoogleMail.com`]) {
      const other = await me((await signInNewDealer(url, 'trial', address)).accessToken);
      expect(other.balance.trial_credits, address).toBe(0);
      expect(other.balance.total_credits, address).toBe(0);
      expect(other.profile.trial_credits_refused, address).toBe('address');
    }
    expect(TRIAL_CREDIT_MESSAGES.refused.address).toMatch(/once per person/);
  }, 60_000);

  it('+tags count as the same address at any provider; dots only where the provider ignores them', async () => {
    const name = `tags${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;
    expect((await me((await signInNewDealer(url, 'trial', `${name}@example.com`)).accessToken)).balance.trial_credits).toBe(TRIAL_CREDITS);
    expect((await me((await signInNewDealer(url, 'trial', `${name}+dealer@example.com`)).accessToken)).balance.trial_credits).toBe(0);
    // example.com is not known to ignore dots: a dotted name there is another person.
    const dotted = `${name.slice(0, 3)}.${name.slice(3)}@example.com`;
    expect((await me((await signInNewDealer(url, 'trial', dotted)).accessToken)).balance.trial_credits).toBe(TRIAL_CREDITS);
  }, 60_000);
});

describe('trial credits, a daily cap per network', () => {
  it('new accounts from one network past the cap get no trial credits that day (the sign-up answer is the same)', async () => {
    const { requestMagicLink } = await import('../../functions/src/auth/request-magic-link');
    const { CognitoUserDirectory } = await import('../../functions/src/auth/cognito-user-directory');
    const { createMagicLinkDeps, siteOriginOf } = await import('../../functions/src/auth/create-magic-link-deps');
    const { countWithinRateLimits } = await import('../../functions/src/adapters/dynamodb/rate-limited-put');
    const { DynamoDbAccountStore } = await import('../../functions/src/accounts/dynamodb-account-store');
    process.env.PUBLIC_URL ??= url;
    const deps = {
      directory: new CognitoUserDirectory(LOCAL_USER_POOL.userPoolId, 'us-east-1', `${url}/_local/cognito`),
      links: createMagicLinkDeps(),
      count: countWithinRateLimits,
      siteOrigin: siteOriginOf(),
      accounts: new DynamoDbAccountStore(),
      floorMs: 0,
      trialGrantsPerNetworkPerDay: 3,
    };
    // One IPv6 /64 (a household's or an office's network), a different address each time; and another network.
    const net = `2001:db8:${Math.floor(Math.random() * 0xffff).toString(16)}:${Math.floor(Math.random() * 0xffff).toString(16)}`;
    const emails = Array.from({ length: 5 }, (_, i) => `net${i}-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.com`);
    for (const [i, email] of emails.entries()) {
      const clientIp = i < 4 ? `${net}::${i + 1}` : `2001:db8:ffff:${Math.floor(Math.random() * 0xffff).toString(16)}::1`;
      await requestMagicLink(deps as never, { email, trial: true, dealerName: 'Network Motors', clientIp });
    }
    const accounts = [];
    for (const email of emails) accounts.push(await me((await signInNewDealer(url, 'net', email)).accessToken));
    expect(accounts.map((a) => a.balance.trial_credits)).toEqual([TRIAL_CREDITS, TRIAL_CREDITS, TRIAL_CREDITS, 0, TRIAL_CREDITS]);
    expect(accounts.map((a) => a.profile.trial_credits_refused)).toEqual([null, null, null, 'network', null]);
  }, 60_000);
});
