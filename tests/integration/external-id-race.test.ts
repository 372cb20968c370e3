import { describe, expect, it } from 'vitest';
import { useLocalHost } from '../support/local-host';

/**
 * Issue 40, N4: an external_id (a stock number, a VIN) names one car package of the dealer, also when a DMS sends the
 * same create many times at once. Before, a request that found the id claimed by a package not written yet took it
 * for a forgotten draft and made a second package (two of 20 concurrent creates, in 3 bursts of 6).
 */
const { url } = useLocalHost();
const { PackageApi, signInNewDealer } = await import('./package-api-client');
const { subOf } = await import('../support/car-package-http');
const h = await import('../support/car-package-harness');
const { createByExternalId } = await import('../../functions/src/public-api/car-packages');
const { DynamoDbExternalIdIndex } = await import('../../functions/src/public-api/dynamodb-public-api-store');
const { v1CreateCarPackageRequestSchema } = await import('@shared/schemas/public-api');

/** A dealer and the API client of a new key of theirs (the project's own client, sending the key as the bearer). */
async function dealerWithKey(label: string) {
  const dealer = await signInNewDealer(url, label);
  const { secret } = (await new PackageApi(url, dealer).call<{ secret: string }>('POST', '/api/api-keys', { name: label })).body;
  return { dealer, key: new PackageApi(url, { email: dealer.email, accessToken: secret }) };
}

describe('external_id under concurrent creates', () => {
  it('20 concurrent creates with one external_id make exactly one package, in each of 4 bursts; every answer names it', async () => {
    const { key } = await dealerWithKey('external-id-race');
    for (let burst = 0; burst < 4; burst++) {
      const externalId = `STOCK-${burst}-${Date.now().toString(36)}`;
      const request = { external_id: externalId, session_name: `Burst ${burst}`, photos: [{ file_name: 'front.jpg', content_type: 'image/jpeg', size: 200_000 }] };
      const answers = await Promise.all(Array.from({ length: 20 }, () => key.call<Record<string, unknown>>('POST', '/api/v1/car-packages', request)));
      // One 201 (the package made), nineteen 200 (that package, with fresh uploads for its draft).
      expect(answers.map((a) => a.status).sort(), JSON.stringify(answers.filter((a) => a.status >= 300))).toEqual([200, 201, ...Array<number>(18).fill(200)].sort());
      const ids = new Set(answers.map((a) => a.body.id));
      expect(ids.size, `burst ${burst}: ${[...ids].join(', ')}`).toBe(1);
      expect(answers.filter((a) => a.body.created === true)).toHaveLength(1);
      expect(answers.every((a) => a.body.external_id === externalId)).toBe(true);
    }
  }, 120_000);

  it('a draft that expired unstarted, or a package deleted a while ago, gives its external_id to a new package', async () => {
    const { dealer, key } = await dealerWithKey('external-id-reuse');
    const externalId = `STOCK-REUSE-${Date.now().toString(36)}`;
    const request = { external_id: externalId, session_name: 'Reused stock number', photos: [{ file_name: 'front.jpg', content_type: 'image/jpeg', size: 200_000 }] };
    const first = await key.call<Record<string, unknown>>('POST', '/api/v1/car-packages', request);
    expect(first.status).toBe(201);
    // The same create, run by the use case with the clock past the draft's expiry: a new package.
    const at = (ms: number) => ({ ...h.adapters, externalIds: new DynamoDbExternalIdIndex(), now: () => new Date(ms) });
    const body = v1CreateCarPackageRequestSchema.parse(request);
    const expired = Date.parse(String(first.body.expires_at)) + 60_000;
    const afterExpiry = await createByExternalId(at(expired), subOf(dealer), body);
    expect(afterExpiry).toMatchObject({ status: 201, body: { created: true, external_id: externalId } });
    expect(afterExpiry.body.id).not.toBe(first.body.id);
    // That draft deleted by the dealer; a create a while later (past the window a create in progress has): a new one.
    expect((await new PackageApi(url, dealer).call('DELETE', `/api/car-packages/${afterExpiry.body.id}`)).status).toBeLessThan(300);
    const afterDelete = await createByExternalId(at(expired + 11_000), subOf(dealer), body);
    expect(afterDelete).toMatchObject({ status: 201, body: { created: true, external_id: externalId } });
    expect(new Set([first.body.id, afterExpiry.body.id, afterDelete.body.id]).size).toBe(3);
  }, 60_000);
});
