import { afterAll, describe, expect, it } from 'vitest';
import { CAR_PACKAGE_MESSAGES } from '@shared/messages';
import { useBrowserSession } from '../support/browser';
import { useLocalHost } from '../support/local-host';
import { signedInDealer } from '../support/sign-in';
import { screenshot } from '../support/screenshot';

/**
 * Issue 39, item 6: a car package has its own address, /dashboard/car-packages/{id}: the gallery opens it there, a
 * reload or a bookmark (another tab) shows it again, the browser's Back returns to the list, and an address that
 * names no package of the dealer's says so. The package is made at the use-case level (a scripted renderer in the
 * real workflow definition) for the dealer signed in through the UI.
 */
const session = useBrowserSession();
useLocalHost();
const h = await import('../support/car-package-harness');
const { startCarPackage } = await import('../../functions/src/car-packages/start-package');
const sfn = await h.TestStepFunctions.start();
afterAll(() => sfn.close());

const LIST = /\/dashboard\/car-packages$/;

describe("a car package's own address", () => {
  it('opened from the gallery at /dashboard/car-packages/<id>: a reload and a bookmark show it, Back returns to the list', async () => {
    const { page, context, email, errors } = await signedInDealer(session.browser, session.url, { name: 'address' });
    const sub = (await h.adapters.accounts.findSubByEmail(email))!;
    const w = await h.scriptedWorkflow(sfn, { outcomes: { '*': ['ok'] } });
    const name = '2021 Cupra Born, stock 4471';
    const id = await h.createUploadedDraft(sub, [{ bytes: await h.carPhoto(), angle: 'front_left_corner' }], name);
    await startCarPackage(w.packageDeps, sub, id);
    await w.settle();
    const address = `${session.url}/dashboard/car-packages/${id}`;

    // The overview's recent list links to the address itself.
    await page.reload();
    const recent = page.getByTestId('recent-packages').getByRole('link', { name: new RegExp(name) });
    expect(await recent.getAttribute('href')).toBe(`/dashboard/car-packages/${id}`);

    // From the gallery: the package's own address.
    await page.getByRole('navigation', { name: 'Dashboard navigation' }).getByRole('link', { name: 'Car Packages' }).click();
    await page.waitForURL(LIST);
    await page.getByTestId('package-card').filter({ hasText: name }).getByRole('button').first().click();
    await page.waitForURL(address);
    const detail = page.getByTestId('package-detail');
    await detail.getByRole('heading', { name }).waitFor();
    await expect.poll(() => page.title()).toMatch(new RegExp(`^${name} · Car Packages`));

    // A reload shows the same package.
    await page.reload();
    await detail.getByRole('heading', { name }).waitFor();
    expect(page.url()).toBe(address);
    await screenshot(page, { path: 'test-results/car-packages-address-1280.png', fullPage: true });

    // The browser's Back returns to the list; Forward opens the package again.
    await page.goBack();
    await page.waitForURL(LIST);
    await page.getByTestId('package-card').filter({ hasText: name }).waitFor();
    expect(await detail.count()).toBe(0);
    await page.goForward();
    await page.waitForURL(address);
    await detail.getByRole('heading', { name }).waitFor();

    // Back to Sessions from a package the gallery opened goes back to that list entry (no second list in history).
    await page.getByRole('button', { name: 'Back to Sessions' }).click();
    await page.waitForURL(LIST);
    await page.getByTestId('package-card').filter({ hasText: name }).waitFor();
    await page.goForward();
    await page.waitForURL(address);
    await detail.getByRole('heading', { name }).waitFor();

    // A bookmark opened in another tab of the signed-in browser, at 375 px; Back to Sessions leads to the list.
    const tab = await context.newPage();
    await tab.setViewportSize({ width: 375, height: 812 });
    await tab.goto(address);
    const tabDetail = tab.getByTestId('package-detail');
    await tabDetail.getByRole('heading', { name }).waitFor();
    expect(await tab.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await screenshot(tab, { path: 'test-results/car-packages-address-375.png' });
    await tab.getByRole('button', { name: 'Back to Sessions' }).click();
    await tab.waitForURL(LIST);
    await tab.getByTestId('package-card').filter({ hasText: name }).waitFor();

    // An address naming no package of the dealer's: said on the page, with the way back.
    for (const missing of ['01ARZ3NDEKTSV4RRFFQ69G5FAV', 'not-a-package']) {
      await tab.goto(`${session.url}/dashboard/car-packages/${missing}`);
      await tab.getByRole('alert').getByText(CAR_PACKAGE_MESSAGES.notFound).waitFor();
      await tab.getByRole('button', { name: 'Back to Sessions' }).waitFor();
    }
    // The upload tab keeps its own parameter on the gallery's address.
    await tab.goto(`${session.url}/dashboard/car-packages?tab=upload`);
    expect(await tab.getByRole('tab', { name: 'Create New Package' }).getAttribute('aria-selected')).toBe('true');
    expect(errors.filter((e) => !/404|Failed to load resource/.test(e))).toEqual([]);
  }, 120_000);
});
