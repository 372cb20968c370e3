import { describe, expect, it } from 'vitest';
import { captureStderr } from '../support/stderr-capture';
import { ANGLES, type Angle } from '@shared/angles';
import { CAR_PACKAGE_MESSAGES } from '@shared/messages';
import { useLocalHost } from '../support/local-host';

/**
 * Renderer faults that fail one angle, through the real render workflow (car-packages-faults-harness.ts says how): a
 * retryable error retried, a permanent one, an error of ours. Refunds, retries and the sweeper:
 * car-packages-faults-refunds.test.ts.
 */
useLocalHost();
const h = await import('../support/car-package-harness');
const { getCarPackage } = await import('../../functions/src/car-packages/read-packages');
const { faultsStepFunctions, startedPackage, executionOf, SCRIPTED_REFUSAL, FREE } = await import('./car-packages-faults-harness');
const sfn = await faultsStepFunctions();

describe('car package render workflow under renderer faults (real definition, scripted renderer)', () => {
  it('a retryable error is retried by the state machine and the angle completes; retries that run out fail only that angle', async () => {
    // front: busy once, then fine. rear: busy every time (the Retry's MaxAttempts runs out, the Catch fails it).
    const w = await h.scriptedWorkflow(sfn, { outcomes: { front: ['retryable', 'ok'], rear: ['retryable'] } });
    const { dealer, id } = await startedPackage(w);
    await w.settle();
    expect(executionOf(w, id).status).toBe('SUCCEEDED');

    const detail = await getCarPackage(h.adapters, dealer.sub, id);
    const image = (a: Angle) => detail.images.find((i) => i.angle === a)!;
    expect(image('front')).toMatchObject({ angle_status: 'completed', retry_count: 1, error_message: null });
    expect(image('front').rendered_url).toMatch(/^http/);
    expect(image('rear')).toMatchObject({
      angle_status: 'failed',
      retry_count: 3, // the first try and the definition's 3 retries
      error_message: `The image service was busy and did not deliver this angle after several tries. ${FREE}`,
    });
    for (const a of ANGLES.filter((x) => x !== 'front' && x !== 'rear')) expect(image(a)).toMatchObject({ angle_status: 'completed', retry_count: 0 });
    expect(detail).toMatchObject({ status: 'partial_complete', completed_angles: 7, failed_angles: 1 });
    const renders = executionOf(w, id).tasks.filter((t) => t.state === 'Render angle');
    expect(renders.filter((t) => t.error === 'RenderRetryableError').length).toBe(1 + 4);

    const ledger = await h.ledgerOf(dealer.sub);
    expect(ledger.debits.length).toBe(1);
    expect(ledger.refunds.length).toBe(0);
    expect(ledger.balance).toBe(4);
    expect(ledger.sum).toBe(ledger.balance);
  });

  it('a permanent error fails that angle only: its reason shown, the other 7 complete, partial_complete, no refund', async () => {
    const w = await h.scriptedWorkflow(sfn, { outcomes: { left_side: ['permanent'] } });
    const { dealer, id } = await startedPackage(w);
    await w.settle();
    expect(executionOf(w, id).status).toBe('SUCCEEDED');

    const detail = await getCarPackage(h.adapters, dealer.sub, id);
    const failed = detail.images.filter((i) => i.angle_status === 'failed');
    expect(failed.map((i) => i.angle)).toEqual(['left_side']);
    expect(failed[0]!.error_message).toBe(`${SCRIPTED_REFUSAL} ${FREE}`);
    expect(failed[0]!.rendered_url).toBeNull();
    expect(failed[0]!.retry_count).toBe(0); // a permanent error is not retried
    const completed = detail.images.filter((i) => i.angle_status === 'completed');
    expect(completed.length).toBe(7);
    for (const i of completed) {
      expect(i.error_message).toBeNull();
      expect(i.rendered_url).toMatch(/^http/);
      expect(i.web_url).toMatch(/^http/);
    }
    expect(detail).toMatchObject({ status: 'partial_complete', completed_angles: 7, failed_angles: 1, status_message: null });
    // When the last angle finished (shared/schemas/car-packages.ts: "null while running").
    expect.soft(detail.finished_at, 'finished_at of a finished package').not.toBeNull();

    const ledger = await h.ledgerOf(dealer.sub);
    expect(ledger.debits.length).toBe(1);
    expect(ledger.refunds.length).toBe(0);
    expect(ledger.balance).toBe(4);
    expect(ledger.sum).toBe(ledger.balance);
  });

  it('an error of ours is retried once, logged once as an internal error with the package, angle and stack, and the dealer reads that it was ours', async () => {
    // The logger writes an ERROR entry to standard error, one JSON line (CloudWatch's log line in AWS).
    const stderr = captureStderr();
    try {
      const w = await h.scriptedWorkflow(sfn, { outcomes: { rear_right_corner: ['internal'] } });
      const { dealer, id } = await startedPackage(w);
      await w.settle();
      expect(executionOf(w, id).status).toBe('SUCCEEDED');

      const detail = await getCarPackage(h.adapters, dealer.sub, id);
      const failed = detail.images.filter((i) => i.angle_status === 'failed');
      expect(failed.map((i) => i.angle)).toEqual(['rear_right_corner']);
      // Never blamed on the image service, and tried twice at most: the first try and one retry.
      expect(failed[0]).toMatchObject({ error_message: CAR_PACKAGE_MESSAGES.angleFailedOnOurSide, retry_count: 1 });
      expect(w.machine.describe(w.machine.executionArnFor(id))!.tasks.filter((t) => t.state === 'Render angle' && t.error === 'TypeError')).toHaveLength(2);
      expect(detail).toMatchObject({ status: 'partial_complete', completed_angles: 7, failed_angles: 1 });

      // One ERROR line: the structured field the CloudWatch metric filter counts, the package, the angle and the stack.
      const lines = stderr.lines().filter((l) => l.includes('"errorKind":"internal"') && l.includes(id));
      expect(lines).toHaveLength(1);
      const entry = JSON.parse(lines[0]!) as { level: string; packageId: string; angle: string; error: { name: string; stack: string } };
      expect(entry).toMatchObject({ level: 'ERROR', packageId: id, angle: 'rear_right_corner', error: { name: 'TypeError' } });
      expect(entry.error.stack).toMatch(/scripted-renderer\.ts/);
    } finally {
      stderr.restore();
    }
  });
});
