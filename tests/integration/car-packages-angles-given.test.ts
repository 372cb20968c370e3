import { afterAll, describe, expect, it } from 'vitest';
import { ANGLES, type Angle } from '@shared/angles';
import { WORKFLOW_TASK_HANDLERS } from '../../infra/workflow-tasks';
import { useLocalHost } from '../support/local-host';
import { readyMailsTo } from '../support/sign-in';

/**
 * Issue 39 (decisions.md, turn 4): a credit buys the angles the photos show, up to 8. A package is made of the angles its
 * photos give; it is completed when each of them is made, and says so ("1 angle", never "1 of 8"). Angles no photo
 * gives are named in the package's missing_angles, never failed. A render failure is still a failure: partial, with its
 * free retry. Through the real workflow definition and use cases (tests/support/car-package-harness.ts, a scripted
 * renderer: untagged photos count as front corners), its finalize task given the ready mail's real adapters; and once
 * through the host's HTTP API with its own renderer finding an untagged photo's angle.
 */
const { url } = useLocalHost();
const h = await import('../support/car-package-harness');
const { startCarPackage } = await import('../../functions/src/car-packages/start-package');
const { retryAngle } = await import('../../functions/src/car-packages/package-actions');
const { getCarPackage } = await import('../../functions/src/car-packages/read-packages');
const { finalizePackage } = await import('../../functions/src/car-packages/render-workflow-tasks');
const { readyMailAdapters } = await import('../../functions/src/car-packages/ready-mail-adapters');
const { PackageApi, isFinal, signInNewDealer } = await import('./package-api-client');
type PackageRun = Parameters<typeof finalizePackage>[1];

const sfn = await h.TestStepFunctions.start();
afterAll(() => sfn.close());

const readyMails = (address: string) => readyMailsTo(url, address);

const readyMail = readyMailAdapters();
const workflow = async (script: Parameters<typeof h.scriptedWorkflow>[1] = {}) => {
  const w: Awaited<ReturnType<typeof h.scriptedWorkflow>> = await h.scriptedWorkflow(sfn, script, {
    wrap: { [WORKFLOW_TASK_HANDLERS.finalize]: () => (run: unknown) => finalizePackage({ ...w.deps, readyMail }, run as PackageRun) },
  });
  return w;
};

const others = (...made: Angle[]) => ANGLES.filter((a) => !made.includes(a));

describe('a package is the angles its photos give', () => {
  it('one front-corner photo, mirror fill off: a package of 1 angle, completed, charged once; the mail says "1 angle"; the 7 others named, not failed', async () => {
    const w = await workflow();
    const dealer = await h.newDealer('one-angle');
    const id = await h.createUploadedDraft(dealer.sub, [{ bytes: await h.carPhoto(), angle: 'front_left_corner' }], 'One 2021 Cupra Born');
    const started = await startCarPackage(w.packageDeps, dealer.sub, id);
    expect(started.package).toMatchObject({ total_angles: 1, credits_used: 1 });
    await w.settle();

    const found = await h.packageOf(id);
    expect(found.pkg).toMatchObject({ status: 'completed', total_angles: 1, completed_angles: 1, failed_angles: 0, status_message: null });
    expect(found.images.map((i) => [i.angle, i.angle_status, i.mirrored])).toEqual([['front_left_corner', 'completed', false]]);
    const detail = await getCarPackage(h.adapters, dealer.sub, id);
    expect(detail.missing_angles.map((m) => m.angle)).toEqual(others('front_left_corner'));
    expect(detail.missing_angles.find((m) => m.angle === 'front_right_corner')?.mirror_possible).toBe(true);
    expect(detail.missing_angles.find((m) => m.angle === 'front')).toEqual({ angle: 'front', would_be_given_by: ['front'], mirror_possible: false });

    const ledger = await h.ledgerOf(dealer.sub);
    expect([ledger.debits.length, ledger.refunds.length, ledger.balance, ledger.sum]).toEqual([1, 0, 4, 4]);
    const mails = await readyMails(dealer.email);
    expect(mails.map((m) => m.subject)).toEqual(['Your car package is ready: One 2021 Cupra Born (1 angle)']);
    expect(mails[0]!.text).toContain('1 angle of One 2021 Cupra Born is finished:\n\n- Front Left Corner\n');
    expect(mails[0]!.text).not.toMatch(/of 8|Not made|No photo shows/);
  });

  it('the same photo with the mirror fill on: 2 angles, the second a mirror image labelled as one, completed', async () => {
    const w = await workflow();
    const dealer = await h.newDealer('mirror-angles');
    const id = await h.createUploadedDraft(dealer.sub, [{ bytes: await h.carPhoto(), angle: 'front_left_corner' }], 'Mirrored 2021 Cupra Born', { fill_missing_sides: true });
    expect((await startCarPackage(w.packageDeps, dealer.sub, id)).package.total_angles).toBe(2);
    await w.settle();

    const found = await h.packageOf(id);
    expect(found.pkg).toMatchObject({ status: 'completed', total_angles: 2, completed_angles: 2, failed_angles: 0 });
    const byAngle = Object.fromEntries(found.images.map((i) => [i.angle, i]));
    expect(Object.keys(byAngle).sort()).toEqual(['front_left_corner', 'front_right_corner']);
    expect([byAngle.front_left_corner!.mirrored, byAngle.front_right_corner!.mirrored]).toEqual([false, true]);
    expect((byAngle.front_right_corner as { label?: string }).label).toBe('Front Right Corner (mirror image)');
    expect((await getCarPackage(h.adapters, dealer.sub, id)).missing_angles.map((m) => m.angle)).toEqual(others('front_left_corner', 'front_right_corner'));
    expect((await readyMails(dealer.email)).map((m) => m.subject)).toEqual(['Your car package is ready: Mirrored 2021 Cupra Born (2 angles)']);
  });

  it('untagged photos: the package starts with the 8 angles; prepare finds the photos\u2019 angle and drops the 7 no photo gives (records and count) instead of failing them; completed', async () => {
    const w = await workflow();
    const dealer = await h.newDealer('untagged');
    const photo = await h.carPhoto();
    const id = await h.createUploadedDraft(dealer.sub, [{ bytes: photo }, { bytes: photo }], 'Untagged 2021 Cupra Born');
    const started = await startCarPackage(w.packageDeps, dealer.sub, id);
    // Not known at the start: the 8 standard angles, as the form said ("its photos' angles are found after the start").
    expect(started.package.total_angles).toBe(8);
    expect(started.plan.unknown_photos).toBe(2);
    await w.settle();

    const found = await h.packageOf(id);
    expect(found.pkg).toMatchObject({ status: 'completed', total_angles: 1, completed_angles: 1, failed_angles: 0, status_message: null });
    // The scripted renderer finds a front corner in an untagged photo: that angle is the package; the others are gone.
    expect(found.images.map((i) => [i.angle, i.angle_status])).toEqual([['front_left_corner', 'completed']]);
    expect(found.pkg.photos.map((p) => p.assigned_angle)).toEqual(['front_left_corner', 'front_left_corner']);
    const detail = await getCarPackage(h.adapters, dealer.sub, id);
    expect(detail.missing_angles.map((m) => m.angle)).toEqual(others('front_left_corner'));
    expect(detail.images.some((i) => i.error_message?.startsWith('No photo shows'))).toBe(false);
    const ledger = await h.ledgerOf(dealer.sub);
    expect([ledger.debits.length, ledger.refunds.length, ledger.balance]).toEqual([1, 0, 4]);
  });

  it('a render failure of one of 3 planned angles is still a failure: partial_complete, its free retry offered, the credit kept; the retry completes it', async () => {
    const w = await workflow({ outcomes: { rear: ['permanent', 'ok'] } });
    const dealer = await h.newDealer('three-angles');
    const photo = await h.carPhoto();
    const id = await h.createUploadedDraft(dealer.sub, (['front', 'rear', 'left_side'] as const).map((angle) => ({ bytes: photo, angle })), 'Three 2020 Golf');
    expect((await startCarPackage(w.packageDeps, dealer.sub, id)).package.total_angles).toBe(3);
    await w.settle();

    const partial = await getCarPackage(h.adapters, dealer.sub, id);
    expect(partial).toMatchObject({ status: 'partial_complete', total_angles: 3, completed_angles: 2, failed_angles: 1 });
    const rear = partial.images.find((i) => i.angle === 'rear')!;
    expect(rear).toMatchObject({ angle_status: 'failed', retryable: true, free_retries_left: 3 });
    expect(rear.error_message).toContain('You can retry this angle for free.');
    expect(partial.missing_angles.map((m) => m.angle)).toEqual(others('front', 'rear', 'left_side'));
    expect((await readyMails(dealer.email)).map((m) => m.subject)).toEqual(['Your car package is ready: Three 2020 Golf (2 of 3 angles)']);
    expect((await h.ledgerOf(dealer.sub)).refunds).toEqual([]);

    await retryAngle(w.packageDeps, dealer.sub, id, 'rear');
    await w.settle();
    expect((await h.packageOf(id)).pkg).toMatchObject({ status: 'completed', total_angles: 3, completed_angles: 3, failed_angles: 0 });
  });

  it("through the host's HTTP API and its own renderer: an untagged photo's angle is found in prepare, the angles no photo gives are dropped, and the package ends completed", async () => {
    const api = new PackageApi(url, await signInNewDealer(url, 'untagged-host'));
    const id = await api.createWithPhotos([{ file: 'car.jpg', bytes: await h.carPhoto() }], { name: 'Untagged Host 2021 Cupra Born' });
    const started = await api.start(id);
    expect(started.package.total_angles).toBe(8);
    const done = await api.waitFor(id, isFinal, 60_000, 250);
    const given = done.photos[0]!.assigned_angle;
    expect(given, JSON.stringify(done.photos)).not.toBeNull();
    expect(done).toMatchObject({ status: 'completed', total_angles: 1, completed_angles: 1, failed_angles: 0 });
    expect(done.images.map((i) => i.angle)).toEqual([given]);
    expect(done.missing_angles.map((m) => m.angle)).toEqual(others(given!));
  });
});
