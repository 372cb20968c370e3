import { describe, expect, it } from 'vitest';
import { PackageApi, isFinal, signInNewDealer } from './package-api-client';
import { PHOTOS, SLOW_WITH_A_RETRY, angles, crashHosts, expectClosed, expectLaterSweepsChangeNothing, expectLedgerAgrees, ledgerOf } from './package-crash-harness';

const startHost = await crashHosts();

describe('car package crash recovery on the local host: killed half-way', () => {
  it('SIGKILL once one angle finished and another still renders: closed as partial, charged once, the cut-off angle retried for free', async () => {
    // Host B: the package is killed once one angle has finished and another is still rendering.
    const b = await startHost(SLOW_WITH_A_RETRY);
    const dealer = new PackageApi(b.url, await signInNewDealer(b.url, 'crash-two'));
    const packageId = await dealer.createWithPhotos(PHOTOS, { name: 'Killed half-way', fillMissingSides: true });
    expect((await dealer.start(packageId)).balance.total_credits).toBe(4);
    const atKill = await dealer.waitFor(packageId, (p) => angles(p, 'completed').length > 0 && angles(p, 'processing').length > 0, 60_000, 50);
    await b.kill();
    expect(angles(atKill, 'processing')).toContain('front_right_corner');

    // Host C: the package closed by the sweeper, charged once, its rendered angle kept.
    const c = await startHost(SLOW_WITH_A_RETRY, b.port);
    const dealerC = new PackageApi(c.url, dealer.dealer);
    const closed = await dealerC.waitFor(packageId, isFinal, 120_000, 250);
    expectClosed(closed);
    expect(closed.status).toBe('partial_complete');
    for (const angle of angles(atKill, 'completed')) expect(closed.images.find((i) => i.angle === angle)?.angle_status, angle).toBe('completed');
    const cutOffImage = closed.images.find((i) => i.angle === 'front_right_corner')!;
    expect(cutOffImage.angle_status).toBe('failed');
    expect(cutOffImage.error_message).toMatch(/\S/);
    expectLedgerAgrees(await ledgerOf(dealerC), closed);

    // The cut-off angle is retried for free: it renders (one scripted retryable failure, then ok), nothing is charged.
    const retried = await dealerC.call<{ image: { angle_status: string } }>('POST', `/api/car-packages/${packageId}/angles/front_right_corner/retry`);
    expect(retried.status, JSON.stringify(retried.body)).toBe(200);
    const afterRetry = await dealerC.waitFor(packageId, (p) => isFinal(p) && p.images.find((i) => i.angle === 'front_right_corner')?.angle_status === 'completed', 60_000, 250);
    expectClosed(afterRetry);
    expect(afterRetry.status).toBe(angles(afterRetry, 'failed').length ? 'partial_complete' : 'completed');
    expectLedgerAgrees(await ledgerOf(dealerC), afterRetry);

    await expectLaterSweepsChangeNothing(dealerC, packageId, afterRetry.status);
  }, 600_000);
});
