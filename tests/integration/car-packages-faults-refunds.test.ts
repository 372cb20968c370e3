import { describe, expect, it } from 'vitest';
import { ANGLES } from '@shared/angles';
import { CAR_PACKAGE_MESSAGES } from '@shared/messages';
import { useLocalHost } from '../support/local-host';

/**
 * Renderer faults that cost or give back credits, through the real render workflow (car-packages-faults-harness.ts
 * says how): every angle failing refunds once, a failed angle retried by the dealer for free, the sweeper closing a
 * lost package. Faults of one angle: car-packages-faults-angles.test.ts.
 */
useLocalHost();
const h = await import('../support/car-package-harness');
const { retryAngle } = await import('../../functions/src/car-packages/package-actions');
const { getCarPackage } = await import('../../functions/src/car-packages/read-packages');
const { finalizePackage, sweepPackages } = await import('../../functions/src/car-packages/render-workflow-tasks');
const { errorResponse } = await import('../../functions/src/http/error-response');
const { faultsStepFunctions, startedPackage, executionOf, SCRIPTED_REFUSAL, FREE } = await import('./car-packages-faults-harness');
const sfn = await faultsStepFunctions();

describe('car package render workflow under renderer faults (real definition, scripted renderer)', () => {
  it('all 8 angles failing: status error and exactly one refund, even when the finalize task runs again (Retry) and a third time directly', async () => {
    let finalizeCalls = 0;
    const w = await h.scriptedWorkflow(
      sfn,
      { outcomes: { '*': ['permanent'] } },
      {
        wrap: {
          // The first finalize does all its work (status, refund), then its invocation fails as a Lambda's can
          // (the service lost the response): the state machine's Retry runs it again.
          'package-finalize': (real) => async (event, context) => {
            const out = await real(event, context);
            if (++finalizeCalls === 1) throw Object.assign(new Error('Lambda failed after the function returned (test)'), { name: 'Lambda.ServiceException' });
            return out;
          },
        },
      },
    );
    const { dealer, id } = await startedPackage(w);
    await w.settle();
    const execution = executionOf(w, id);
    expect(execution.error ? `${execution.error}: ${execution.cause}` : execution.status).toBe('SUCCEEDED');
    const finalizes = execution.tasks.filter((t) => t.state === 'Finalize package');
    expect(finalizes.map((t) => t.error ?? 'ok')).toEqual(['Lambda.ServiceException', 'ok']);

    const found = await h.packageOf(id);
    expect(found.pkg).toMatchObject({ status: 'error', status_message: CAR_PACKAGE_MESSAGES.allAnglesFailed, completed_angles: 0, failed_angles: 8 });
    for (const i of found.images) expect(i).toMatchObject({ angle_status: 'failed', error_message: `${SCRIPTED_REFUSAL} ${FREE}` });

    const expectRefundedOnce = async () => {
      const ledger = await h.ledgerOf(dealer.sub);
      expect(ledger.debits.length).toBe(1);
      expect(ledger.refunds.map((r) => r.credits)).toEqual([1]);
      expect(ledger.refunds[0]!.metadata).toEqual({ package_id: id });
      expect(ledger.balance).toBe(5);
      expect(ledger.sum).toBe(ledger.balance);
    };
    await expectRefundedOnce();

    // A third run (e.g. the sweeper, or another retry): the same answer, nothing refunded again.
    await expect(finalizePackage(w.deps, { package_id: id, user_id: dealer.sub, angles: [...ANGLES], execution: id })).resolves.toEqual({ status: 'error' });
    await expectRefundedOnce();
    expect(await h.packageOf(id)).toMatchObject({ pkg: { status: 'error', completed_angles: 0, failed_angles: 8 } });
  });

  it("a failed angle retried by the dealer completes for free; retrying an angle that has not failed answers 409", async () => {
    const w = await h.scriptedWorkflow(sfn, { outcomes: { left_side: ['permanent', 'ok'] } });
    const { dealer, id } = await startedPackage(w);
    await w.settle();
    expect((await h.packageOf(id)).pkg).toMatchObject({ status: 'partial_complete', completed_angles: 7, failed_angles: 1 });
    const before = await h.ledgerOf(dealer.sub);
    expect(before.balance).toBe(4);

    const retried = await retryAngle(w.packageDeps, dealer.sub, id, 'left_side');
    expect(retried.image).toMatchObject({ angle: 'left_side', angle_status: 'pending', error_message: null });
    await w.settle();
    expect(w.machine.list().length).toBe(2); // the start and the retry
    expect(w.machine.list().every((e) => e.status === 'SUCCEEDED')).toBe(true);

    const detail = await getCarPackage(h.adapters, dealer.sub, id);
    expect(detail).toMatchObject({ status: 'completed', completed_angles: 8, failed_angles: 0, status_message: null });
    expect(detail.images.find((i) => i.angle === 'left_side')).toMatchObject({ angle_status: 'completed', retry_count: 1, error_message: null });
    // Free: no new ledger entry at all, the balance as it was.
    const after = await h.ledgerOf(dealer.sub);
    expect(after.entries.map((e) => e.id).sort()).toEqual(before.entries.map((e) => e.id).sort());
    expect(after.balance).toBe(4);
    expect(after.debits.length).toBe(1);
    expect(after.refunds.length).toBe(0);
    // The package is no longer marked running (the retry's execution closed it).
    expect((await h.adapters.store.listActive()).some((a) => a.package_id === id)).toBe(false);

    // An angle that has not failed cannot be retried: 409, nothing changes, nothing starts.
    for (const angle of ['front', 'left_side'] as const) {
      const error = await retryAngle(w.packageDeps, dealer.sub, id, angle).then(
        () => undefined,
        (e: unknown) => e,
      );
      const response = errorResponse(error);
      expect(response.statusCode).toBe(409);
      expect(JSON.parse(response.body!).message).toBe(CAR_PACKAGE_MESSAGES.angleNotFailed);
    }
    expect(w.machine.list().length).toBe(2);
    expect(await h.packageOf(id)).toMatchObject({ pkg: { status: 'completed', completed_angles: 8, failed_angles: 0 } });
    expect((await h.ledgerOf(dealer.sub)).entries.length).toBe(after.entries.length);
  });

  it('the sweeper closes a package whose execution was lost while it rendered and refunds it once; a second sweep changes nothing', async () => {
    // Renders take 5 s: the execution is stopped (the host died) while all 8 are in flight.
    const w = await h.scriptedWorkflow(sfn, { delayMs: 5000 });
    const { dealer, id } = await startedPackage(w);
    await h.waitForPackage(id, (p) => p.pkg.status === 'processing' && p.images.every((i) => i.angle_status === 'processing' && i.attempts === 1));
    const execution = executionOf(w, id);
    w.machine.stop(execution.executionArn, 'States.Aborted', 'the local host died (test)');
    expect(execution.status).toBe('ABORTED');

    // Step Functions no longer knows the execution (a lost one); every other package (other tests) is left alone.
    const workflow = {
      start: w.workflow.start.bind(w.workflow),
      describe: async (name: string) => (name === id ? { state: 'MISSING' as const } : { state: 'RUNNING' as const, startedAt: new Date() }),
      stop: async () => undefined,
    };
    const sweep = () => sweepPackages({ ...w.deps, workflow }, { graceMs: 0, maxRunMs: 60 * 60_000 });

    const first = await sweep();
    expect(first.closed).toContain(id);
    const closed = await h.packageOf(id);
    expect(closed.pkg).toMatchObject({ status: 'error', status_message: CAR_PACKAGE_MESSAGES.interrupted, completed_angles: 0, failed_angles: 8 });
    expect.soft(closed.pkg.finished_at, 'finished_at of a closed package').not.toBeNull();
    for (const i of closed.images) expect(i).toMatchObject({ angle_status: 'failed', error_message: CAR_PACKAGE_MESSAGES.interruptedAngle });
    expect((await h.adapters.store.listActive()).some((a) => a.package_id === id)).toBe(false);
    const ledger = await h.ledgerOf(dealer.sub);
    expect(ledger.debits.length).toBe(1);
    expect(ledger.refunds.map((r) => r.credits)).toEqual([1]);
    expect(ledger.balance).toBe(5);
    expect(ledger.sum).toBe(ledger.balance);

    const second = await sweep();
    expect(second.closed).not.toContain(id);
    expect(await h.packageOf(id)).toEqual(closed);
    expect(await h.ledgerOf(dealer.sub)).toEqual(ledger);

    // The renders that were in flight when the execution died finish afterwards: they change nothing either.
    for (let i = 0; i < 300 && (execution.tasks.length < 8 + 8 + 1 || execution.tasks.some((t) => t.ms === undefined)); i++) await h.sleep(50);
    expect(execution.tasks.filter((t) => t.state === 'Render angle').length).toBe(8);
    expect(execution.tasks.every((t) => t.ms !== undefined)).toBe(true);
    expect(await h.packageOf(id)).toEqual(closed);
    expect(await h.ledgerOf(dealer.sub)).toEqual(ledger);
  });
});
