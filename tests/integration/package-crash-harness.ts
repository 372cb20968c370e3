import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, expect } from 'vitest';
import type { CarPackageDetail } from '@shared/schemas/car-packages';
import { PackageApi, isFinal, spawnHost, summary, type SpawnedHost } from './package-api-client';

/**
 * Shared by the two crash-recovery files. The property: the local host killed (SIGKILL, the whole process group) in
 * the middle of a car package and started again on the same data folder, the package ends completed, or closed and
 * refunded by the sweeper; no credit lost, none doubled. The kill lands mid-render: the scripted renderer takes 3 s
 * per angle. Each file runs two hosts on one data folder and one port (the dealer's token stays valid):
 *   package-crash-before-any-angle: killed while its angles render and none has finished -> refunded once (balance 5)
 *   package-crash-half-way: killed once one angle finished and another was still rendering (a retryable failure
 *     keeps it busy) -> charged once (balance 4); the cut-off angle is retried for free.
 * In both, the restarted host's sweeper closes the package, and further sweeps change neither ledger nor package.
 */
export const SWEEP_SECONDS = 2;
/**
 * The sweeper leaves a package younger than this alone (60 s in AWS, for a start still under way): each package here
 * was started and its host killed seconds before, so 10 s keeps that protection without a minute's wait per restart.
 */
const GRACE_SECONDS = 10;
const CARS = resolve(import.meta.dirname, '../fixtures/cars');
export const PHOTOS = [{ file: join(CARS, 'cupra-born-grey-front34-street.jpg'), angle: 'front_left_corner' as const }, join(CARS, 'hyundai-ioniq5-silver-front34-grass.jpg')];
export const SLOW = JSON.stringify({ delayMs: 3000 });
/** front_right_corner fails once with a retryable error, so it is still rendering when the other angle has finished. */
export const SLOW_WITH_A_RETRY = JSON.stringify({ delayMs: 3000, outcomes: { front_right_corner: ['retryable', 'ok'] } });

/**
 * A data folder for the file (removed after it) and a host factory: each host started on it replaces the last, on
 * the same port, so the dealers' tokens stay valid across restarts.
 */
export async function crashHosts() {
  const dataDir = await mkdtemp(join(tmpdir(), 'studio-lot-crash-'));
  let host: SpawnedHost | undefined;
  afterAll(async () => {
    await host?.stop();
    await rm(dataDir, { recursive: true, force: true });
  });
  return async (script: string, port?: number) =>
    (host = await spawnHost({
      dataDir,
      port,
      env: { RENDERER: 'scripted', RENDERER_SCRIPT: script, SWEEP_INTERVAL_SECONDS: String(SWEEP_SECONDS), SWEEP_GRACE_SECONDS: String(GRACE_SECONDS), POWERTOOLS_LOG_LEVEL: 'WARN' },
    }));
}

export const angles = (p: CarPackageDetail, status: string) => p.images.filter((i) => i.angle_status === status).map((i) => i.angle);

export interface Ledger {
  balance: number;
  debits: number[];
  refunds: number[];
}
export async function ledgerOf(api: PackageApi): Promise<Ledger> {
  const [balance, transactions] = await Promise.all([api.balance(), api.transactions()]);
  return {
    balance: balance.total_credits,
    debits: transactions.filter((t) => t.kind === 'debit').map((t) => t.credits),
    refunds: transactions.filter((t) => t.kind === 'refund').map((t) => t.credits),
  };
}

/** The package is closed for good: a final status, no angle left pending or processing, every failed angle says why. */
export function expectClosed(p: CarPackageDetail) {
  expect(isFinal(p), JSON.stringify(summary(p))).toBe(true);
  expect(angles(p, 'pending').concat(angles(p, 'processing'))).toEqual([]);
  for (const image of p.images.filter((i) => i.angle_status === 'failed')) expect(image.error_message, image.angle).toMatch(/\S/);
  expect(p.completed_angles).toBe(angles(p, 'completed').length);
  expect(p.failed_angles).toBe(angles(p, 'failed').length);
}

/** The ledger agrees with the package: refunded exactly once when nothing was rendered, charged exactly once otherwise. */
export function expectLedgerAgrees(ledger: Ledger, p: CarPackageDetail) {
  expect(ledger.debits).toEqual([-1]);
  if (p.completed_angles === 0) {
    expect(ledger.refunds).toEqual([1]);
    expect(ledger.balance).toBe(5);
  } else {
    expect(ledger.refunds).toEqual([]);
    expect(ledger.balance).toBe(4);
  }
}


/** Further sweeps change nothing: the ledger does not move and the package does not reopen. */
export async function expectLaterSweepsChangeNothing(api: PackageApi, packageId: string, status: string) {
  const before = await ledgerOf(api);
  await new Promise((r) => setTimeout(r, (SWEEP_SECONDS * 2 + 1) * 1000));
  expect(await ledgerOf(api)).toEqual(before);
  expect((await api.get(packageId)).status).toBe(status);
}
