import { describe, expect, it } from 'vitest';
import { PackageApi, isFinal, signInNewDealer } from './package-api-client';
import { PHOTOS, SLOW, angles, crashHosts, expectClosed, expectLaterSweepsChangeNothing, expectLedgerAgrees, ledgerOf } from './package-crash-harness';

const startHost = await crashHosts();

describe('car package crash recovery on the local host: killed before any angle finished', () => {
  it('SIGKILL mid-render, then a restart: the sweeper closes the package as failed and refunds its credit once', async () => {
    // Host A: the package is killed while it renders, before any angle finished.
    const a = await startHost(SLOW);
    const dealer = new PackageApi(a.url, await signInNewDealer(a.url, 'crash-one'));
    expect((await ledgerOf(dealer)).balance).toBe(5);
    const packageId = await dealer.createWithPhotos(PHOTOS, { name: 'Killed mid-render', fillMissingSides: true });
    expect((await dealer.start(packageId)).balance.total_credits).toBe(4);
    const atKill = await dealer.waitFor(packageId, (p) => angles(p, 'processing').length > 0, 60_000, 50);
    await a.kill();
    expect(angles(atKill, 'completed')).toEqual([]);
    const cutOff = angles(atKill, 'processing');

    // Host B: the sweeper finds the package's execution gone with host A and closes it.
    const b = await startHost(SLOW, a.port);
    const dealerB = new PackageApi(b.url, dealer.dealer);
    const closed = await dealerB.waitFor(packageId, isFinal, 120_000, 250);
    expectClosed(closed);
    expect(closed.completed_angles).toBe(0);
    expect(closed.status).toBe('error');
    for (const angle of cutOff) expect(closed.images.find((i) => i.angle === angle)?.angle_status, angle).toBe('failed');
    expectLedgerAgrees(await ledgerOf(dealerB), closed);

    await expectLaterSweepsChangeNothing(dealerB, packageId, 'error');
  }, 600_000);
});
