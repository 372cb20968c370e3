import { describe, expect, it } from 'vitest';
import { MESSAGES } from '@shared/messages';
import { useBrowserSession } from '../support/browser';
import { useLocalHost } from '../support/local-host';
import { signedInDealer } from '../support/sign-in';
import { VIEWPORTS, findings, settled, useSuperUserWithRefundedPackage, violations } from './signed-in-a11y';

/**
 * Issue 26, point 4: every signed-in page (dashboard and admin, with their tabs, dialogs and the mobile drawer) is
 * axe clean at 1280 and 375 px: no violation of serious or critical impact, as the public pages. This file: the
 * dealer's pages and their dialogs; admin-support-a11y.test.ts: the Support sections and the admin tabs.
 */
const session = useBrowserSession();
useLocalHost();
const superUser = await useSuperUserWithRefundedPackage(session);

describe('signed-in pages are axe clean', () => {
  for (const viewport of VIEWPORTS) {
    const w = viewport.width;
    it(`every dashboard page and dialog of a super user (${w} px)`, async () => {
      const name = `Axe check ${w} Cupra Born`;
      const { page } = await superUser(name, viewport, `axe-${w}`);
      const { found, check, checkFocus } = findings(page, w);

      await page.goto(`${session.url}/dashboard`);
      await settled(page);
      await page.getByTestId('total-credits').waitFor();
      await check('/dashboard');
      await checkFocus('/dashboard');
      await page.getByRole('button', { name: 'Buy Credits' }).click();
      await page.getByRole('dialog', { name: 'Purchase Credits' }).getByRole('radio').first().waitFor();
      await check('purchase dialog');
      await page.keyboard.press('Escape');
      await page.getByRole('dialog').waitFor({ state: 'detached' });
      if (w < 768) {
        await page.getByRole('button', { name: 'Toggle sidebar' }).click();
        await page.getByRole('dialog', { name: 'Dashboard navigation' }).getByRole('link', { name: 'Admin' }).waitFor();
        await check('navigation drawer');
        await page.keyboard.press('Escape');
        await page.getByRole('dialog').waitFor({ state: 'detached' });
      }

      await page.goto(`${session.url}/dashboard/car-packages`);
      await settled(page);
      await page.getByTestId('package-card').filter({ hasText: name }).waitFor();
      await check('car packages gallery');
      await page.getByTestId('package-card').filter({ hasText: name }).getByRole('button').first().click();
      await page.getByTestId('package-detail').getByRole('heading', { name }).waitFor();
      await expect.poll(() => page.locator('[data-testid=angle-card][data-status=failed]').count()).toBe(8);
      await check('car package detail');
      await checkFocus('car package detail');
      await page.getByRole('button', { name: 'Delete' }).click();
      await page.getByRole('dialog').getByRole('heading', { name: 'Delete this car package?' }).waitFor();
      await check('delete dialog');
      await page.keyboard.press('Escape');
      await page.getByRole('dialog').waitFor({ state: 'detached' });
      await page.getByRole('tab', { name: 'Create New Package' }).click();
      await page.getByRole('tabpanel').getByRole('heading').first().waitFor();
      await check('create new package');
      await checkFocus('create new package');

      for (const path of ['/dashboard/images', '/dashboard/image-processor', '/dashboard/settings']) {
        await page.goto(`${session.url}${path}`);
        await settled(page);
        await check(path);
        await checkFocus(path);
      }
      // Toasts, a success and an error one, held open by the pointer resting on them (sonner pauses on hover).
      await page.getByRole('button', { name: 'Update Profile' }).click();
      const toasts = page.locator('[data-sonner-toast]');
      await toasts.filter({ hasText: MESSAGES.profileUpdated.title }).hover();
      await page.getByLabel('Logo file').setInputFiles({ name: 'logo.txt', mimeType: 'text/plain', buffer: Buffer.from('not an image') });
      await toasts.filter({ hasText: MESSAGES.logoUnreadable }).hover();
      await page.screenshot({ path: `test-results/a11y-toasts-${w}.png` });
      await check('toasts');

      expect(found).toEqual([]);
    }, 300_000);
  }

  it('the pages a standard dealer is refused (Access Restricted) and the dealer dashboard (375 px)', async () => {
    const viewport = { width: 375, height: 740 };
    const { page } = await signedInDealer(session.browser, session.url, { name: 'axe-standard', viewport });
    const found: string[] = [];
    for (const path of ['/dashboard', '/dashboard/image-processor', '/dashboard/admin']) {
      await page.goto(`${session.url}${path}`);
      await settled(page);
      found.push(...(await violations(page, path)));
    }
    expect(found).toEqual([]);
  }, 120_000);
});
