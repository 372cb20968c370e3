import { describe, expect, it } from 'vitest';
import { useBrowserSession } from '../support/browser';
import { useLocalHost } from '../support/local-host';
import { ADMIN_TABS, SUPPORT_SECTIONS, VIEWPORTS, findings, settled, useSuperUserWithRefundedPackage } from './signed-in-a11y';

/**
 * Issue 26, point 4, the second half (the first: dashboard-a11y.test.ts): the Support sections and every admin tab of
 * a super user with a refunded car package are axe clean at 1280 and 375 px, with a visible focus on every Tab stop.
 */
const session = useBrowserSession();
useLocalHost();
const superUser = await useSuperUserWithRefundedPackage(session);

describe('signed-in pages are axe clean', () => {
  for (const viewport of VIEWPORTS) {
    const w = viewport.width;
    it(`every Support section and admin tab of a super user (${w} px)`, async () => {
      const { page } = await superUser(`Axe admin check ${w} Cupra Born`, viewport, `axe-admin-${w}`);
      const { found, check, checkFocus } = findings(page, w);

      await page.goto(`${session.url}/dashboard/support`);
      await settled(page);
      for (const section of SUPPORT_SECTIONS) {
        await page.getByRole('navigation', { name: 'Support sections' }).getByRole('button', { name: section }).click();
        await expect.poll(() => page.getByRole('button', { name: section }).getAttribute('aria-current')).toBe('true');
        await check(`support: ${section}`);
        await checkFocus(`support: ${section}`);
      }

      await page.goto(`${session.url}/dashboard/admin`);
      await settled(page);
      for (const tab of ADMIN_TABS) {
        await page.getByRole('tablist', { name: 'Admin sections' }).getByRole('tab', { name: tab }).click();
        await expect.poll(() => page.getByRole('tab', { name: tab }).getAttribute('data-state')).toBe('active');
        await expect.poll(() => page.getByRole('tabpanel').getByRole('status').filter({ hasText: /Loading/ }).count(), { timeout: 15_000 }).toBe(0);
        await check(`admin: ${tab}`);
        await checkFocus(`admin: ${tab}`);
      }

      expect(found).toEqual([]);
    }, 300_000);
  }
});
