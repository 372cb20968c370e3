import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { CarPackageDetail } from '@shared/schemas/car-packages';
import { PackageApi, isFinal, signInNewDealer, sleep, spawnHost, summary, type SpawnedHost } from './package-api-client';

/**
 * The property: the local host killed (SIGKILL, the whole process group) in the middle of a car package and
 * started again on the same data folder, the package ends completed, or closed and refunded by the sweeper; no
 * credit lost, none doubled. The kill lands mid-render: the scripted renderer takes 3 s per angle.
 *
 * Two packages, three hosts on one data folder and one port (the dealers' tokens stay valid):
 *   host A: package 1 killed while its angles render and none has finished  -> refunded once (balance 5)
 *   host B: package 1 closed by the sweeper; package 2 killed once one angle finished and another was
 *           still rendering (a retryable failure keeps it busy)                -> charged once (balance 4)
 *   host C: package 2 closed by the sweeper; its cut-off angle retried for free; neither ledger changes
 *           over further sweeps and restarts.
 */
const SWEEP_SECONDS = 2;
/**
 * The sweeper leaves a package younger than this alone (60 s in AWS, for a start still under way): each package here
 * was started and its host killed seconds before, so 10 s keeps that protection without a minute's wait per restart.
 */
const GRACE_SECONDS = 10;
const CARS = resolve(import.meta.dirname, '../fixtures/cars');
const PHOTOS = [{ file: join(CARS, 'cupra-born-grey-front34-street.jpg'), angle: 'front_left_corner' as const }, join(CARS, 'hyundai-ioniq5-silver-front34-grass.jpg')];
const SLOW = JSON.stringify({ delayMs: 3000 });
/** front_right_corner fails once with a retryable error, so it is still rendering when the other angle has finished. */
const SLOW_WITH_A_RETRY = JSON.stringify({ delayMs: 3000, outcomes: { front_right_corner: ['retryable', 'ok'] } });

const dataDir = await mkdtemp(join(tmpdir(), 'studio-lot-crash-'));
let host: SpawnedHost | undefined;
afterAll(async () => {
  await host?.stop();
  await rm(dataDir, { recursive: true, force: true });
});

const startHost = async (script: string, port?: number) =>
  (host = await spawnHost({
    dataDir,
    port,
    env: { RENDERER: 'scripted', RENDERER_SCRIPT: script, SWEEP_INTERVAL_SECONDS: String(SWEEP_SECONDS), SWEEP_GRACE_SECONDS: String(GRACE_SECONDS), POWERTOOLS_LOG_LEVEL: 'WARN' },
  }));

const angles = (p: CarPackageDetail, status: string) => p.images.filter((i) => i.angle_status === status).map((i) => i.angle);

interface Ledger {
  balance: number;
  debits: number[];
  refunds: number[];
}
async function ledgerOf(api: PackageApi): Promise<Ledger> {
  const [balance, transactions] = await Promise.all([api.balance(), api.transactions()]);
  return {
    balance: balance.total_credits,
    debits: transactions.filter((t) => t.kind === 'debit').map((t) => t.credits),
    refunds: transactions.filter((t) => t.kind === 'refund').map((t) => t.credits),
  };
}

/** The package is closed for good: a final status, no angle left pending or processing, every failed angle says why. */
function expectClosed(p: CarPackageDetail) {
  expect(isFinal(p), JSON.stringify(summary(p))).toBe(true);
  expect(angles(p, 'pending').concat(angles(p, 'processing'))).toEqual([]);
  for (const image of p.images.filter((i) => i.angle_status === 'failed')) expect(image.error_message, image.angle).toMatch(/\S/);
  expect(p.completed_angles).toBe(angles(p, 'completed').length);
  expect(p.failed_angles).toBe(angles(p, 'failed').length);
}

/** The ledger agrees with the package: refunded exactly once when nothing was rendered, charged exactly once otherwise. */
function expectLedgerAgrees(ledger: Ledger, p: CarPackageDetail) {
  expect(ledger.debits).toEqual([-1]);
  if (p.completed_angles === 0) {
    expect(ledger.refunds).toEqual([1]);
    expect(ledger.balance).toBe(5);
  } else {
    expect(ledger.refunds).toEqual([]);
    expect(ledger.balance).toBe(4);
  }
}

describe('car package crash recovery on the local host', () => {
  it('SIGKILL mid-package, then a restart: the package ends final and the ledger agrees (no credit lost, none doubled)', async () => {
    // Host A: package 1 is killed while it renders, before any angle finished.
    const a = await startHost(SLOW);
    const port = a.port;
    const dealer1 = new PackageApi(a.url, await signInNewDealer(a.url, 'crash-one'));
    expect((await ledgerOf(dealer1)).balance).toBe(5);
    const package1 = await dealer1.createWithPhotos(PHOTOS, { name: 'Killed mid-render', fillMissingSides: true });
    const started1 = await dealer1.start(package1);
    expect(started1.balance.total_credits).toBe(4);
    const atKill1 = await dealer1.waitFor(package1, (p) => angles(p, 'processing').length > 0, 60_000, 50);
    await a.kill();
    expect(angles(atKill1, 'completed')).toEqual([]);
    const cutOff1 = angles(atKill1, 'processing');

    // Host B: the sweeper finds package 1's execution gone with host A and closes it.
    const b = await startHost(SLOW_WITH_A_RETRY, port);
    const dealer1b = new PackageApi(b.url, dealer1.dealer);
    const closed1 = await dealer1b.waitFor(package1, isFinal, 120_000, 250);
    expectClosed(closed1);
    expect(closed1.completed_angles).toBe(0);
    expect(closed1.status).toBe('error');
    for (const angle of cutOff1) expect(closed1.images.find((i) => i.angle === angle)?.angle_status, angle).toBe('failed');
    expectLedgerAgrees(await ledgerOf(dealer1b), closed1);

    // Package 2 is killed once one angle has finished and another is still rendering.
    const dealer2 = new PackageApi(b.url, await signInNewDealer(b.url, 'crash-two'));
    const package2 = await dealer2.createWithPhotos(PHOTOS, { name: 'Killed half-way', fillMissingSides: true });
    expect((await dealer2.start(package2)).balance.total_credits).toBe(4);
    const atKill2 = await dealer2.waitFor(package2, (p) => angles(p, 'completed').length > 0 && angles(p, 'processing').length > 0, 60_000, 50);
    await b.kill();
    const cutOff2 = angles(atKill2, 'processing');
    expect(cutOff2).toContain('front_right_corner');

    // Host C: package 2 closed by the sweeper, charged once, its rendered angle kept.
    const c = await startHost(SLOW_WITH_A_RETRY, port);
    const dealer2c = new PackageApi(c.url, dealer2.dealer);
    const closed2 = await dealer2c.waitFor(package2, isFinal, 120_000, 250);
    expectClosed(closed2);
    expect(closed2.status).toBe('partial_complete');
    for (const angle of angles(atKill2, 'completed')) expect(closed2.images.find((i) => i.angle === angle)?.angle_status, angle).toBe('completed');
    const cutOffImage = closed2.images.find((i) => i.angle === 'front_right_corner')!;
    expect(cutOffImage.angle_status).toBe('failed');
    expect(cutOffImage.error_message).toMatch(/\S/);
    expectLedgerAgrees(await ledgerOf(dealer2c), closed2);

    // The cut-off angle is retried for free: it renders (one scripted retryable failure, then ok), nothing is charged.
    const retried = await dealer2c.call<{ image: { angle_status: string } }>('POST', `/api/car-packages/${package2}/angles/front_right_corner/retry`);
    expect(retried.status, JSON.stringify(retried.body)).toBe(200);
    const afterRetry = await dealer2c.waitFor(package2, (p) => isFinal(p) && p.images.find((i) => i.angle === 'front_right_corner')?.angle_status === 'completed', 60_000, 250);
    expectClosed(afterRetry);
    expect(afterRetry.status).toBe(angles(afterRetry, 'failed').length ? 'partial_complete' : 'completed');
    expectLedgerAgrees(await ledgerOf(dealer2c), afterRetry);

    // Later sweeps change nothing: neither ledger moves, neither package reopens.
    const dealer1c = new PackageApi(c.url, dealer1.dealer);
    const [ledger1, ledger2] = [await ledgerOf(dealer1c), await ledgerOf(dealer2c)];
    await sleep((SWEEP_SECONDS * 2 + 1) * 1000);
    expect(await ledgerOf(dealer1c)).toEqual(ledger1);
    expect(await ledgerOf(dealer2c)).toEqual(ledger2);
    expect((await dealer1c.get(package1)).status).toBe('error');
    expect((await dealer2c.get(package2)).status).toBe(afterRetry.status);
  }, 600_000);
});
