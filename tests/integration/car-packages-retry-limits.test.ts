import { afterAll, describe, expect, it } from 'vitest';
import { MAX_FREE_RETRIES_PER_ANGLE } from '@shared/limits';
import { RETRY_MESSAGES } from '@shared/messages';
import { useLocalHost } from '../support/local-host';

/**
 * Issue 27, item 2: a refunded package was re-rendered for free, without limit. All 8 angles failed, the credit was
 * refunded, then POST …/angles/{angle}/retry rendered the retried angles and a zip at no charge; retries had no cap.
 * A refunded package is started again as a new charge (the dealer confirms), never re-rendered for free; free
 * retries of a charged package are capped at 3 per angle. Through the real workflow definition and use cases.
 */
useLocalHost();
const h = await import('../support/car-package-harness');
const { startCarPackage } = await import('../../functions/src/car-packages/start-package');
const { retryAngle, startPackageAgain } = await import('../../functions/src/car-packages/package-actions');
const { getCarPackage } = await import('../../functions/src/car-packages/read-packages');
const { errorResponse } = await import('../../functions/src/http/error-response');

const sfn = await h.TestStepFunctions.start();
afterAll(() => sfn.close());

async function startedPackage(w: Awaited<ReturnType<typeof h.scriptedWorkflow>>, label: string) {
  const dealer = await h.newDealer(label);
  const photo = await h.carPhoto();
  const id = await h.createUploadedDraft(dealer.sub, h.ALL_ANGLE_TAGS.map((angle) => ({ bytes: photo, angle })), 'Retry 2021 Cupra Born');
  await startCarPackage(w.packageDeps, dealer.sub, id);
  await w.settle();
  return { dealer, id };
}

/** The HTTP answer a use-case error becomes. */
async function refusal(call: Promise<unknown>) {
  const error = await call.then(() => undefined, (e: unknown) => e);
  expect(error, 'the call was refused').toBeDefined();
  const response = errorResponse(error);
  return { status: response.statusCode, message: (JSON.parse(String(response.body)) as { message: string }).message };
}

describe('free retries', () => {
  it('a refunded package is not re-rendered for free: 409 in the dealer\'s words, nothing runs, the ledger unchanged', async () => {
    const w = await h.scriptedWorkflow(sfn, { outcomes: { '*': ['permanent'] } });
    const { dealer, id } = await startedPackage(w, 'refunded-retry');
    const found = await h.packageOf(id);
    expect(found.pkg.status).toBe('error');
    const before = await h.ledgerOf(dealer.sub);
    expect(before.refunds).toHaveLength(1);
    expect(before.balance).toBe(5);
    const executions = w.machine.list().length;

    for (const angle of ['front', 'rear'] as const) {
      expect(await refusal(retryAngle(w.packageDeps, dealer.sub, id, angle))).toEqual({ status: 409, message: RETRY_MESSAGES.refundedStartAgain });
    }
    await w.settle();
    expect(w.machine.list().length).toBe(executions);
    expect(h.anglesWith(await h.packageOf(id), 'failed')).toHaveLength(8);
    expect((await h.ledgerOf(dealer.sub)).entries.map((e) => e.id).sort()).toEqual(before.entries.map((e) => e.id).sort());
    // The dealer sees it: the package says its credit was refunded and no angle offers a free retry.
    const detail = await getCarPackage(h.adapters, dealer.sub, id);
    expect(detail.credit_refunded).toBe(true);
    expect(detail.images.every((i) => !i.retryable)).toBe(true);
  });

  it('"Start again" makes a new package from the same photos for 1 credit, once however often it is asked', async () => {
    const w = await h.scriptedWorkflow(sfn, { outcomes: { '*': ['permanent'] } });
    const { dealer, id } = await startedPackage(w, 'start-again');
    const [first, second] = await Promise.all([startPackageAgain(w.packageDeps, dealer.sub, id), startPackageAgain(w.packageDeps, dealer.sub, id)]);
    expect(second.package.id).toBe(first.package.id);
    expect(first.package.id).not.toBe(id);
    expect(first.package.session_name).toBe('Retry 2021 Cupra Born');
    await w.settle();
    const ledger = await h.ledgerOf(dealer.sub);
    // The first package: charged and refunded; the new one charged (and, failing again here, refunded too).
    expect(ledger.debits.map((d) => d.metadata?.package_id).sort()).toEqual([id, first.package.id].sort());
    expect(ledger.refunds.map((r) => r.metadata?.package_id).sort()).toEqual([id, first.package.id].sort());
    expect(ledger.sum).toBe(ledger.balance);
    expect(ledger.balance).toBe(5);
  });

  it(`a charged package's angle gets ${MAX_FREE_RETRIES_PER_ANGLE} free retries, then 409 in the dealer's words`, async () => {
    const w = await h.scriptedWorkflow(sfn, { outcomes: { left_side: ['permanent'] } });
    const { dealer, id } = await startedPackage(w, 'retry-cap');
    expect((await h.packageOf(id)).pkg.status).toBe('partial_complete');
    const before = await h.ledgerOf(dealer.sub);
    for (let i = 1; i <= MAX_FREE_RETRIES_PER_ANGLE; i++) {
      const retried = await retryAngle(w.packageDeps, dealer.sub, id, 'left_side');
      expect(retried.image.free_retries_left).toBe(MAX_FREE_RETRIES_PER_ANGLE - i);
      await w.settle();
    }
    expect(await refusal(retryAngle(w.packageDeps, dealer.sub, id, 'left_side'))).toEqual({ status: 409, message: RETRY_MESSAGES.retriesUsedUp(MAX_FREE_RETRIES_PER_ANGLE) });
    const detail = await getCarPackage(h.adapters, dealer.sub, id);
    expect(detail.images.find((i) => i.angle === 'left_side')).toMatchObject({ angle_status: 'failed', retryable: false, free_retries_left: 0 });
    expect(detail.credit_refunded).toBe(false);
    // A charged package is not started again: its angles are retried instead.
    expect(await refusal(startPackageAgain(w.packageDeps, dealer.sub, id))).toEqual({ status: 409, message: RETRY_MESSAGES.notRefunded });
    expect((await h.ledgerOf(dealer.sub)).entries.map((e) => e.id).sort()).toEqual(before.entries.map((e) => e.id).sort());
  });
});
