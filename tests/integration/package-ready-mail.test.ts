import { afterAll, describe, expect, it } from 'vitest';
import { WORKFLOW_TASK_HANDLERS } from '../../infra/workflow-tasks';
import { useLocalHost } from '../support/local-host';
import { readyMailsTo } from '../support/sign-in';

/**
 * Issue 41, item 5: "Your car package is ready", once per package. Through the real workflow definition and use
 * cases (tests/support/car-package-harness.ts), its finalize task given the ready mail's real adapters (as
 * functions/src/handlers/package-finalize.ts is): the mail lands in the shared host's outbox and is read from its
 * mailbox, as a developer reads it.
 */
const { url } = useLocalHost();
const h = await import('../support/car-package-harness');
const { startCarPackage } = await import('../../functions/src/car-packages/start-package');
const { retryAngle } = await import('../../functions/src/car-packages/package-actions');
const { finalizePackage } = await import('../../functions/src/car-packages/render-workflow-tasks');
const { readyMailAdapters } = await import('../../functions/src/car-packages/ready-mail-adapters');
const { PackageApi, isFinal, signInNewDealer } = await import('./package-api-client');
type PackageRun = Parameters<typeof finalizePackage>[1];

const sfn = await h.TestStepFunctions.start();
afterAll(() => sfn.close());

const readyMails = (address: string) => readyMailsTo(url, address);

/** The scripted workflow, its finalize task with the ready mail (what the package-finalize handler wires). */
async function workflowWithReadyMail(script: Parameters<typeof h.scriptedWorkflow>[1]) {
  const readyMail = readyMailAdapters();
  const w: Awaited<ReturnType<typeof h.scriptedWorkflow>> = await h.scriptedWorkflow(sfn, script, {
    wrap: { [WORKFLOW_TASK_HANDLERS.finalize]: () => (run: unknown) => finalizePackage({ ...w.deps, readyMail }, run as PackageRun) },
  });
  return { ...w, readyMail };
}

async function finishedPackage(w: Awaited<ReturnType<typeof workflowWithReadyMail>>, label: string, name: string, before?: (sub: string) => Promise<void>) {
  const dealer = await h.newDealer(label);
  await before?.(dealer.sub);
  const photo = await h.carPhoto();
  const id = await h.createUploadedDraft(dealer.sub, h.ALL_ANGLE_TAGS.map((angle) => ({ bytes: photo, angle })), name);
  await startCarPackage(w.packageDeps, dealer.sub, id);
  await w.settle();
  return { dealer, id };
}

describe('the ready mail', () => {
  it('a package that ends partial gets one mail with its finished angles and its link; a retried angle that finishes it later, and its end run again, send no second one', async () => {
    const w = await workflowWithReadyMail({ outcomes: { left_side: ['permanent', 'ok'] } });
    const { dealer, id } = await finishedPackage(w, 'ready-mail', 'Ready 2021 Cupra Born');
    expect((await h.packageOf(id)).pkg.status).toBe('partial_complete');

    const [mail, ...more] = await readyMails(dealer.email);
    expect(more).toEqual([]);
    expect(mail!.subject).toBe('Your car package is ready: Ready 2021 Cupra Born (7 of 8 angles)');
    const listed = mail!.text.split('\n').filter((l) => l.startsWith('- '));
    expect(listed).toEqual(['- Front View', '- Rear View', '- Right Side', '- Front Left Corner', '- Front Right Corner', '- Rear Left Corner', '- Rear Right Corner']);
    expect(mail!.text).toContain('Not made: Left Side.');
    expect(mail!.text).toContain(`${url}/dashboard/car-packages/${id}`);
    expect(mail!.html).toContain(`href="${url}/dashboard/car-packages/${id}"`);

    // The free retry renders the angle and finalize ends the package again, now completed: no second mail.
    await retryAngle(w.packageDeps, dealer.sub, id, 'left_side');
    await w.settle();
    expect((await h.packageOf(id)).pkg.status).toBe('completed');
    // The end processed twice more (a task retried after it ran, the sweeper): still one.
    const found = await h.packageOf(id);
    await Promise.all([1, 2].map(() => finalizePackage({ ...w.deps, readyMail: w.readyMail }, { package_id: id, user_id: dealer.sub, angles: [], execution: found.pkg.execution_name })));
    expect(await readyMails(dealer.email)).toHaveLength(1);
    expect((await h.packageOf(id)).pkg).toMatchObject({ ready_mail: 'sent' });
  });

  it('with "E-mail me when a car package is ready" off in Settings, a package ends without a mail', async () => {
    const w = await workflowWithReadyMail({});
    const { dealer, id } = await finishedPackage(w, 'ready-mail-off', 'Quiet 2019 Golf', (sub) =>
      h.adapters.accounts.updateProfile(sub, { package_ready_email: false }, new Date()).then(() => undefined),
    );
    expect((await h.packageOf(id)).pkg.status).toBe('completed');
    expect(await readyMails(dealer.email)).toEqual([]);
    // Off when it ended: turned on again later, that package still sends none.
    await h.adapters.accounts.updateProfile(dealer.sub, { package_ready_email: true }, new Date());
    await finalizePackage({ ...w.deps, readyMail: w.readyMail }, { package_id: id, user_id: dealer.sub, angles: [], execution: (await h.packageOf(id)).pkg.execution_name });
    expect(await readyMails(dealer.email)).toEqual([]);
  });

  it('a package where nothing could be made says so once, with its credit given back', async () => {
    const w = await workflowWithReadyMail({ outcomes: { '*': ['permanent'] } });
    const { dealer, id } = await finishedPackage(w, 'ready-mail-error', 'Failed 2020 Polo');
    expect((await h.packageOf(id)).pkg.status).toBe('error');
    const mails = await readyMails(dealer.email);
    expect(mails.map((m) => m.subject)).toEqual(['Your car package could not be made: Failed 2020 Polo']);
    expect(mails[0]!.text).toContain('Your credit for it was given back.');
    expect(mails[0]!.text).toContain(`/dashboard/car-packages/${id}`);
  });

  it("through the host's own handlers (package-finalize as deployed): a dealer signed in by mail gets one ready mail; PATCH /api/profile turns it off", async () => {
    const dealer = await signInNewDealer(url, 'ready-host');
    const api = new PackageApi(url, dealer);
    const photo = await h.carPhoto();
    const id = await api.createWithPhotos([{ file: 'front.jpg', bytes: photo, angle: 'front' }, { file: 'rear.jpg', bytes: photo, angle: 'rear' }], { name: 'Host 2022 Tucson' });
    await api.start(id);
    // A package of the 2 angles its photos show, both made: completed, and the mail says "2 angles", not "2 of 8".
    expect((await api.waitFor(id, isFinal, 60_000)).status).toBe('completed');
    await expect.poll(async () => (await readyMails(dealer.email)).map((m) => m.subject), { timeout: 10_000 }).toEqual(['Your car package is ready: Host 2022 Tucson (2 angles)']);
    const [mail] = await readyMails(dealer.email);
    expect(mail!.text.split('\n').filter((l) => l.startsWith('- '))).toEqual(['- Front View', '- Rear View']);
    expect(mail!.text).toContain('2 angles of Host 2022 Tucson are finished:');
    expect(mail!.text).toContain('Not in this package, as none of its photos shows them: Left Side, Right Side, Front Left Corner, Front Right Corner, Rear Left Corner, Rear Right Corner.');
    expect(mail!.text).not.toMatch(/of 8|Not made/);
    expect(mail!.text).toContain(`${url}/dashboard/car-packages/${id}`);

    const off = await api.call<{ profile: { package_ready_email: boolean } }>('PATCH', '/api/profile', { package_ready_email: false });
    expect(off.status).toBe(200);
    expect(off.body.profile.package_ready_email).toBe(false);
    const second = await api.createWithPhotos([{ file: 'front.jpg', bytes: photo, angle: 'front' }], { name: 'Host 2023 Kona' });
    await api.start(second);
    await api.waitFor(second, isFinal, 60_000);
    // The end's decision is recorded on the package: off, nothing sent.
    await expect.poll(async () => ((await h.packageOf(second)).pkg as { ready_mail?: string }).ready_mail, { timeout: 10_000 }).toBe('off');
    expect((await readyMails(dealer.email)).map((m) => m.subject)).toEqual(['Your car package is ready: Host 2022 Tucson (2 angles)']);
  });
});
