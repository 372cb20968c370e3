import { readdir, readFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { API_ROUTES } from '@shared/api-routes';
import { useLocalHost } from '../support/local-host';

useLocalHost();
const { loadHandler, lambdaContext } = await import('../../infra/local/handler-loader');
const dir = resolve(import.meta.dirname, '../../events/http');
const files = (await readdir(dir)).filter((f) => f.endsWith('.json'));

/** Every sample HTTP event runs through its route's handler, as `npm run invoke` does. */
describe('sample events in events/http', () => {
  // The signed-in users of the samples exist, as after their first sign-in; those calling super-user routes are super users.
  beforeAll(async () => {
    const { ensureAccountInTable } = await import('../../functions/src/accounts/ensure-account-in-table');
    const { promoteToSuperUser } = await import('../../functions/src/accounts/super-user');
    const { DynamoDbAccountStore } = await import('../../functions/src/accounts/dynamodb-account-store');
    for (const file of files) {
      const event = JSON.parse(await readFile(resolve(dir, file), 'utf8'));
      const claims = event.requestContext?.authorizer?.jwt?.claims;
      if (!claims?.sub || !claims?.email) continue;
      await ensureAccountInTable({ sub: claims.sub, email: claims.email });
      if (API_ROUTES.find((r) => `${r.method} ${r.path}` === event.routeKey)?.access === 'super') {
        await promoteToSuperUser(new DynamoDbAccountStore(), claims.email);
      }
    }
  });

  for (const file of files) {
    it(file, async () => {
      const event = JSON.parse(await readFile(resolve(dir, file), 'utf8'));
      const route = API_ROUTES.find((r) => `${r.method} ${r.path}` === event.routeKey);
      expect(route, `no route for ${event.routeKey}`).toBeDefined();
      const result = (await (await loadHandler(route!.handler))(event, lambdaContext(route!.handler))) as { statusCode: number; body: string };
      const expected = /malformed|unknown-field/.test(file) ? 400 : 200;
      expect(result.statusCode, result.body).toBe(expected);
      expect(() => JSON.parse(result.body)).not.toThrow();
    });
  }
});
