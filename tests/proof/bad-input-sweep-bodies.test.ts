import { describe, expect, it } from 'vitest';
import { API_ROUTES, type ApiRoute } from '@shared/api-routes';
import { ROUTE_EXAMPLES, credentialFor, pathOf, routeKey } from './route-examples';

/**
 * The bad-input sweep's bodies (bad-input-sweep-harness.ts says what the sweep sends and checks; the malformed
 * percent-encodings: bad-input-sweep-percent-encoding.test.ts). On a host of its own.
 */
const { badBodies, bodyRoutes, sweepHost } = await import('./bad-input-sweep-harness');

describe('bad-input sweep: every route with a body x every kind of bad body', () => {
  const s = sweepHost();

  it('the sweep covers every route that takes a body, and every route of the table has an example', () => {
    expect(bodyRoutes.length).toBeGreaterThan(5);
    expect((API_ROUTES as readonly ApiRoute[]).map(routeKey).filter((k) => !ROUTE_EXAMPLES[k])).toEqual([]);
  });

  for (const route of bodyRoutes) {
    const key = routeKey(route);
    it(`${key}: every bad body gets a clear 4xx and writes nothing`, async () => {
      const actor = route.access === 'super' ? s.superCaller : s.caller;
      const req = ROUTE_EXAMPLES[key]!.request(s.world, actor);
      const before = await s.snapshot();
      const wrong: string[] = [];
      for (const bad of badBodies(req.body, ROUTE_EXAMPLES[key]!.openFields)) {
        const response = await fetch(`${s.host.url}${pathOf(route, req)}`, {
          method: route.method,
          headers: { authorization: `Bearer ${credentialFor(route, actor)}`, 'content-type': bad.contentType ?? 'application/json', ...req.headers },
          body: bad.body,
        });
        const text = await response.text();
        const fits = (bad.statuses ?? [400]).includes(response.status);
        let message: unknown;
        try {
          message = (JSON.parse(text) as { message?: unknown }).message;
        } catch {
          message = undefined;
        }
        const clear = (typeof message === 'string' && message.length > 0 && !/\n\s+at |Error:|Exception/.test(text));
        if (!fits || !clear) wrong.push(`${bad.name}: ${response.status} ${text.slice(0, 200)}`);
      }
      expect(wrong).toEqual([]);
      const after = await s.snapshot();
      expect(after.filter((i) => !before.includes(i))).toEqual([]);
    }, 120_000);
  }
});
