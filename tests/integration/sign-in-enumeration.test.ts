import { describe, expect, it } from 'vitest';
import type { APIGatewayProxyEventV2 } from 'aws-lambda';
import { MAGIC_LINK_ANSWER_FLOOR_MS, MAGIC_LINK_RATE_LIMIT } from '@shared/limits';
import { MESSAGES } from '@shared/messages';
import { useLocalHost } from '../support/local-host';
import { LOCAL_USER_POOL } from '../../infra/local/local-user-pool';

/**
 * No account enumeration: sign-in and trial sign-up requests (POST /api/auth/magic-link) get the same answer, in
 * the same time, whether the address has an account or not; requests are capped per address per day and per client
 * per hour; the dealership name given at sign-up is kept on the server.
 */
const { url } = useLocalHost();
const { signInNewDealer } = await import('./package-api-client');

const unique = (name: string) => `${name}-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.com`;

async function ask(body: Record<string, unknown>) {
  const started = performance.now();
  const response = await fetch(`${url}/api/auth/magic-link`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  return { status: response.status, body: await response.text(), ms: performance.now() - started };
}
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

describe('no account enumeration', () => {
  it('a known and an unknown address get the same answer, and neither comes back before the floor', async () => {
    const known = (await signInNewDealer(url, 'enum-known')).email;
    const rounds = await Promise.all(Array.from({ length: 4 }, (_, i) => Promise.all([ask({ email: known }), ask({ email: unique(`enum-unknown-${i}`) })])));
    for (const [k, u] of rounds) {
      expect({ status: k.status, body: k.body }).toEqual({ status: u.status, body: u.body });
      expect(k.status).toBe(202);
      expect(Math.min(k.ms, u.ms)).toBeGreaterThanOrEqual(MAGIC_LINK_ANSWER_FLOOR_MS - 5);
    }
    // The work behind a known address (look-up, signing, the mail) hides under the floor.
    const gap = Math.abs(median(rounds.map(([k]) => k.ms)) - median(rounds.map(([, u]) => u.ms)));
    expect(gap).toBeLessThan(400);
  });

  it('a trial sign-up for an address that has an account answers as for a new one, and keeps its dealership name', async () => {
    const dealer = await signInNewDealer(url, 'enum-trial');
    const again = await ask({ email: dealer.email, trial: true, dealer_name: 'Someone Else Motors' });
    const fresh = await ask({ email: unique('enum-trial-new'), trial: true, dealer_name: 'Fresh Motors' });
    expect({ status: again.status, body: again.body }).toEqual({ status: fresh.status, body: fresh.body });
    const me = (await (await fetch(`${url}/api/me`, { headers: { authorization: `Bearer ${dealer.accessToken}` } })).json()) as { profile: { dealer_name: string } };
    expect(me.profile.dealer_name).toBe('Crash Test Motors');
  });

  it('the dealership name given at sign-up is on the account, even when the link is opened elsewhere (no browser storage)', async () => {
    // signInNewDealer asks with dealer_name "Crash Test Motors" and signs in straight through Cognito with the link.
    const dealer = await signInNewDealer(url, 'enum-name');
    const me = (await (await fetch(`${url}/api/me`, { headers: { authorization: `Bearer ${dealer.accessToken}` } })).json()) as { profile: { dealer_name: string } };
    expect(me.profile.dealer_name).toBe('Crash Test Motors');
  });

  it(`an address gets at most ${MAGIC_LINK_RATE_LIMIT.perAddressPerDay} requests a day, known or not, with the same refusal`, async () => {
    const known = (await signInNewDealer(url, 'enum-cap')).email; // used 1 of its requests
    const unknown = unique('enum-cap-unknown');
    const [forKnown, forUnknown] = await Promise.all(
      [known, unknown].map((email) => Promise.all(Array.from({ length: MAGIC_LINK_RATE_LIMIT.perAddressPerDay + 1 }, () => ask({ email })))),
    );
    const count = (answers: { status: number }[]) => answers.reduce((m, a) => ({ ...m, [a.status]: (m[a.status] ?? 0) + 1 }), {} as Record<number, number>);
    expect(count(forKnown!)).toEqual({ 202: MAGIC_LINK_RATE_LIMIT.perAddressPerDay - 1, 429: 2 });
    expect(count(forUnknown!)).toEqual({ 202: MAGIC_LINK_RATE_LIMIT.perAddressPerDay, 429: 1 });
    const refusals = [...forKnown!, ...forUnknown!].filter((a) => a.status === 429).map((a) => JSON.parse(a.body).message);
    expect(new Set(refusals)).toEqual(new Set([MESSAGES.tooManySignInRequests]));
  });

  it('a client gets at most its hourly number of requests, whatever the addresses', async () => {
    const { requestMagicLink } = await import('../../functions/src/auth/request-magic-link');
    const { CognitoUserDirectory } = await import('../../functions/src/auth/cognito-user-directory');
    const { createMagicLinkDeps, siteOriginOf } = await import('../../functions/src/auth/create-magic-link-deps');
    const { countWithinRateLimits } = await import('../../functions/src/adapters/dynamodb/rate-limited-put');
    const deps = {
      directory: new CognitoUserDirectory(LOCAL_USER_POOL.userPoolId, 'us-east-1', `${url}/_local/cognito`),
      links: createMagicLinkDeps(),
      count: countWithinRateLimits,
      siteOrigin: siteOriginOf(),
      floorMs: 0,
      perClientPerHour: 3,
      accounts: new (await import('../../functions/src/accounts/dynamodb-account-store')).DynamoDbAccountStore(),
    };
    const clientIp = `203.0.113.${Math.floor(Math.random() * 250)}-${crypto.randomUUID()}`;
    const outcomes = [];
    for (let i = 0; i < 4; i++) {
      outcomes.push(await requestMagicLink(deps, { email: unique(`enum-ip-${i}`), trial: false, dealerName: null, clientIp }).then(() => 'sent', (e: Error) => e.message));
    }
    expect(outcomes).toEqual(['sent', 'sent', 'sent', MESSAGES.tooManySignInRequests]);
  });

  it("the client's IP is the viewer's only where the edge vouches for it", async () => {
    const { clientIpOf } = await import('../../functions/src/http/client-ip');
    const event = { headers: { 'x-viewer-address': '198.51.100.7' }, requestContext: { http: { sourceIp: '127.0.0.1' } } } as unknown as APIGatewayProxyEventV2;
    // Locally a caller could send any header: the socket's address counts.
    expect(clientIpOf(event)).toBe('127.0.0.1');
  });
});
