import { describe, expect, it } from 'vitest';
import { API_ROUTES, type ApiRoute } from '@shared/api-routes';
import { ROUTE_EXAMPLES, credentialFor, routeKey } from './route-examples';

/**
 * The bad-input sweep's malformed percent-encodings, in every route of the table (bad-input-sweep-harness.ts says
 * what the sweep sends and checks; the bad bodies: bad-input-sweep-bodies.test.ts). On a host of its own.
 */
const { MALFORMED_PERCENT, sweepHost } = await import('./bad-input-sweep-harness');

describe('bad-input sweep: a malformed percent-encoding in every route', () => {
  const s = sweepHost();

  for (const route of API_ROUTES as readonly ApiRoute[]) {
    const key = routeKey(route);
    it(`${key}: a malformed percent-encoding in ${route.path.includes('{') ? 'each path parameter' : 'the query'} is a 4xx (or the route's own answer), never a 5xx`, async () => {
      const example = ROUTE_EXAMPLES[key];
      expect(example, `no example for ${key} in tests/proof/route-examples.ts`).toBeDefined();
      const actor = route.access === 'super' ? s.superCaller : s.caller;
      const req = example!.request(s.world, actor);
      const names = [...route.path.matchAll(/\{(\w+)\}/g)].map((m) => m[1]!);
      const wrong: string[] = [];
      const before = await s.snapshot();
      let everyCallRefused = true;
      for (const bad of MALFORMED_PERCENT) {
        // Each parameter in turn (the others keep their example value); a route without one gets it in its query.
        const paths = names.length
          ? names.map((n) => route.path.replace(/\{(\w+)\}/g, (_m, name: string) => (name === n ? bad : encodeURIComponent(req.params![name]!))))
          : [`${route.path}?q=${bad}&${bad}=1`];
        for (const path of paths) {
          for (const who of ['signed in', 'anonymous'] as const) {
            // With a body, an empty object: nothing valid reaches the route's work either way.
            const hasBody = example!.rawBody || req.body !== undefined;
            const response = await fetch(`${s.host.url}${path}`, {
              method: route.method,
              headers: { ...(who === 'signed in' ? { authorization: `Bearer ${credentialFor(route, actor)}` } : {}), ...(hasBody ? { 'content-type': 'application/json' } : {}) },
              ...(hasBody ? { body: '{}' } : {}),
            });
            const text = await response.text();
            let parsed: Record<string, unknown> = {};
            try {
              parsed = JSON.parse(text) as Record<string, unknown>;
            } catch {
              parsed = {};
            }
            const message = parsed.message;
            const own = example!.refusesParamsWith;
            const refusedOwnWay = !!own && response.status === own.status && Object.entries(own.body).every(([k, v]) => parsed[k] === v);
            const refused = response.status >= 400 || refusedOwnWay;
            everyCallRefused &&= refused;
            if (response.status >= 500) wrong.push(`${who} ${route.method} ${path}: ${response.status} ${text.slice(0, 200)}`);
            else if (names.length && !refused) wrong.push(`${who} ${route.method} ${path}: ${response.status} (a malformed parameter must be refused)`);
            else if (response.status >= 400 && !(typeof message === 'string' && message.length > 0 && !/\n\s+at |Error:|Exception/.test(text))) wrong.push(`${who} ${route.method} ${path}: ${response.status} without a clear message: ${text.slice(0, 200)}`);
          }
        }
      }
      // Refused calls write nothing. (A route without parameters may answer a stray query as usual, e.g. a GET or the
      // realtime ticket, whose write is its job: the table is compared when every call was refused.)
      if (everyCallRefused) {
        const after = await s.snapshot();
        expect(after.filter((i) => !before.includes(i))).toEqual([]);
      }
      expect(wrong).toEqual([]);
    }, 120_000);
  }
});
