import { randomUUID } from 'node:crypto';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { adminOperationsResponseSchema } from '@shared/schemas/admin-operations';
import { useLocalHost } from '../support/local-host';

/**
 * The admin area's Operations figures come from real packages: car packages run through the REAL render workflow (the
 * synthesized definition, the real use cases and adapters, the renderer scripted to fail chosen angles) finish, fail
 * and get refunded, then GET /api/admin/operations (its real handler, as a super user) reads the figures back. This
 * test file has a table of its own in the shared DynamoDB Local (each test file is its own process), so the other
 * files' packages do not change its counts.
 */
useLocalHost();
process.env.TABLE_NAME = `ops-figures-${randomUUID().slice(0, 8)}`;
const { ensureTable } = await import('../../infra/local/dynamodb-local');
await ensureTable(new DynamoDBClient({ region: process.env.AWS_REGION ?? 'us-east-1', endpoint: process.env.DYNAMODB_ENDPOINT }), process.env.TABLE_NAME);
const h = await import('../support/car-package-harness');
const { startCarPackage } = await import('../../functions/src/car-packages/start-package');
const { promoteToSuperUser } = await import('../../functions/src/accounts/super-user');
const { logger } = await import('../../functions/src/lib/logger');
const { OPS_EVENTS } = await import('../../functions/src/lib/ops-events');

const sfn = await h.TestStepFunctions.start();
afterAll(() => sfn.close());

const REFUSED = 'The scripted image service refused this angle (scripted).';

/** A dealer's package of 5 tagged photos (all 8 angles possible), started and run to its end. */
async function runPackage(script: Parameters<typeof h.scriptedWorkflow>[1], label: string) {
  const w = await h.scriptedWorkflow(sfn, script);
  const dealer = await h.newDealer(label);
  const photo = await h.carPhoto();
  const id = await h.createUploadedDraft(dealer.sub, h.ALL_ANGLE_TAGS.map((angle) => ({ bytes: photo, angle })), `${label} 2022 Polestar 2`);
  await startCarPackage(w.packageDeps, dealer.sub, id);
  await w.settle();
  return { dealer, found: await h.waitForPackage(id, (p) => h.FINAL.includes(p.pkg.status)) };
}

describe('Operations figures', () => {
  it('packages that finish, fail and are refunded are counted by status, with their wall time, refunds and failed angles by reason', async () => {
    const admin = await h.newDealer('ops-admin');
    await promoteToSuperUser(h.adapters.accounts, admin.email);

    // The ops events the Ops stack turns into CloudWatch metrics in AWS, watched as the code logs them.
    const logged = vi.spyOn(logger, 'info');
    const completed = await runPackage({}, 'ops-complete');
    const partial = await runPackage({ outcomes: { front: ['permanent'], rear: ['permanent'] } }, 'ops-partial');
    const refunded = await runPackage({ outcomes: { '*': ['permanent'] } }, 'ops-refunded');
    expect([completed, partial, refunded].map((r) => r.found.pkg.status)).toEqual(['completed', 'partial_complete', 'error']);
    // The refunded one really was: its credit came back (the figures count status error as refunded).
    expect((await h.ledgerOf(refunded.dealer.sub)).refunds).toHaveLength(1);
    expect((await h.ledgerOf(partial.dealer.sub)).refunds).toHaveLength(0);

    // The same figures as the ops events the dashboard counts: 3 started, 3 finished, 1 refunded, the same wall times.
    const calls = [...logged.mock.calls];
    logged.mockRestore();
    const events = (message: string) => calls.filter(([m]) => m === message).map(([, fields]) => fields as Record<string, unknown>);
    const ids = [completed, partial, refunded].map((r) => r.found.pkg.id);
    expect(events(OPS_EVENTS.packageStarted).map((e) => e.packageId)).toEqual(ids);
    expect(events(OPS_EVENTS.packageFinished)).toEqual(
      [completed, partial, refunded].map((r) => ({
        packageId: r.found.pkg.id,
        status: r.found.pkg.status,
        refunded: r === refunded ? 1 : 0,
        wallTimeMs: Date.parse(r.found.pkg.finished_at!) - Date.parse(r.found.pkg.created_at),
      })),
    );

    const answer = await h.invokeRoute('GET /api/admin/operations', { user: admin });
    expect(answer.status).toBe(200);
    const figures = adminOperationsResponseSchema.parse(answer.body);
    expect(figures.window_hours).toBe(24);
    expect(figures.packages).toEqual({ started: 3, by_status: { pending: 0, processing: 0, completed: 1, partial_complete: 1, error: 1 } });
    expect(figures.refunds).toEqual({ count: 1, share_of_finished: 1 / 3 });
    expect(figures.failed_angles).toEqual([{ reason: expect.stringContaining(REFUSED.slice(0, 40)), count: 10 }]);

    // Wall time: start to final status of each package, as stored; p50 the middle one, p95 the longest of three.
    const walls = [completed, partial, refunded].map((r) => Date.parse(r.found.pkg.finished_at!) - Date.parse(r.found.pkg.created_at)).sort((a, b) => a - b);
    expect(walls.every((w) => w > 0)).toBe(true);
    expect(figures.wall_time_ms).toEqual({ finished: 3, p50: walls[1], p95: walls[2] });
  }, 120_000);

  it('a package still rendering is counted as processing, without a wall time; a dealer gets 403', async () => {
    const w = await h.scriptedWorkflow(sfn, { delayMs: 1500 });
    const dealer = await h.newDealer('ops-running');
    const photo = await h.carPhoto();
    const id = await h.createUploadedDraft(dealer.sub, [{ bytes: photo, angle: 'front' }], 'Running 2020 Kia EV6');
    await startCarPackage(w.packageDeps, dealer.sub, id);
    const admin = await h.newDealer('ops-admin-2');
    await promoteToSuperUser(h.adapters.accounts, admin.email);
    await h.waitForPackage(id, (p) => p.pkg.status === 'processing');
    const during = adminOperationsResponseSchema.parse((await h.invokeRoute('GET /api/admin/operations', { user: admin })).body);
    expect(during.packages.by_status.processing).toBe(1);
    expect(during.wall_time_ms.finished).toBe(3);
    expect((await h.invokeRoute('GET /api/admin/operations', { user: dealer })).status).toBe(403);
    await w.settle();
  }, 120_000);
});
