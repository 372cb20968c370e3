import { afterAll, describe, expect, it } from 'vitest';
import { TRIAL_CREDITS } from '@shared/limits';
import { RETRY_MESSAGES } from '@shared/messages';
import { useBrowserSession } from '../support/browser';
import { useLocalHost } from '../support/local-host';
import { signedInDealer } from '../support/sign-in';
import { screenshot } from '../support/screenshot';

/**
 * Issue 27, item 2, the dealer's side: a package refunded because no angle rendered shows no free retry but
 * "Start again (1 credit)", which asks for confirmation, then opens the new package (charged 1 credit).
 * The refunded package is made at the use-case level for the dealer signed in through the UI (every angle failing in
 * the real workflow definition with a scripted renderer); the start again runs on the host.
 */
const session = useBrowserSession();
useLocalHost();
const h = await import('../support/car-package-harness');
const { startCarPackage } = await import('../../functions/src/car-packages/start-package');
const sfn = await h.TestStepFunctions.start();
afterAll(() => sfn.close());

describe('a refunded package in the browser', () => {
  it('offers "Start again (1 credit)" with a confirmation instead of free retries; the new package opens, 1 credit used', async () => {
    const { page, email } = await signedInDealer(session.browser, session.url, { name: 'start-again' });
    const sub = (await h.adapters.accounts.findSubByEmail(email))!;
    const w = await h.scriptedWorkflow(sfn, { outcomes: { '*': ['permanent'] } });
    const photo = await h.carPhoto();
    const name = 'Refunded 2021 Cupra Born';
    const id = await h.createUploadedDraft(sub, [{ bytes: photo, angle: 'front_left_corner' }], name);
    await startCarPackage(w.packageDeps, sub, id);
    await w.settle();
    expect((await h.packageOf(id)).pkg.credit_refunded_at).toBeDefined();

    await page.goto(`${session.url}/dashboard/car-packages`);
    await page.getByTestId('package-card').filter({ hasText: name }).getByRole('button').first().click();
    const detail = page.getByTestId('package-detail');
    await detail.getByRole('heading', { name }).waitFor();
    // One front-corner photo: a package of that one angle, which failed and was refunded.
    await expect.poll(() => detail.locator('[data-testid=angle-card][data-status=failed]').count()).toBe(1);
    expect(await detail.getByRole('button', { name: 'Retry (free)' }).count()).toBe(0);

    // Cancel changes nothing; confirming starts the new package and opens it.
    await detail.getByRole('button', { name: RETRY_MESSAGES.startAgainButton }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('heading', { name: RETRY_MESSAGES.startAgainTitle }).waitFor();
    await screenshot(page, { path: 'test-results/start-again-dialog-1280.png' });
    await page.setViewportSize({ width: 375, height: 740 });
    await screenshot(page, { path: 'test-results/start-again-dialog-375.png' });
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'detached' });
    expect((await h.ledgerOf(sub)).debits).toHaveLength(1);

    await detail.getByRole('button', { name: RETRY_MESSAGES.startAgainButton }).click();
    await page.getByRole('dialog').getByRole('button', { name: RETRY_MESSAGES.startAgainConfirm }).click();
    await page.getByText(RETRY_MESSAGES.startedAgain).waitFor();
    await expect.poll(async () => (await h.ledgerOf(sub)).debits.length).toBe(2);
    const again = (await h.ledgerOf(sub)).debits.map((d) => d.metadata?.package_id).find((p) => p !== id)!;
    // The new package is the one shown now (same name, its own id: its address), and the balance lost one credit.
    // The toast comes before the navigation, and the old package has the same heading: wait for the new address.
    await page.waitForURL((url) => url.pathname.endsWith(`/${String(again)}`));
    const shown = page.getByTestId('package-detail');
    await expect
      .poll(async () => [await shown.getByRole('heading', { name }).count(), await shown.getByRole('button', { name: RETRY_MESSAGES.startAgainButton }).count()])
      .toEqual([1, 0]);
    expect((await h.packageOf(String(again))).pkg.session_name).toBe(name);
    expect((await h.ledgerOf(sub)).balance).toBe(TRIAL_CREDITS - 1);
  }, 240_000);
});
