import { describe, expect, it } from 'vitest';
import { useBrowserSession } from '../support/browser';
import { useLocalHost } from '../support/local-host';
import { signedInDealer } from '../support/sign-in';
import { VIEWPORTS, otherDashboardPagesAreAxeClean, settled, useSuperUserWithRefundedPackage, violations } from './signed-in-a11y';

/**
 * Issue 26, point 4: My Images, the Image Processor, Settings and its toasts at 1280 px, and the pages a standard
 * dealer is refused (375 px); the same pages at 375 px: dashboard-a11y-pages-375; the dashboard and car package pages:
 * dashboard-a11y-packages(-375).
 */
const session = useBrowserSession();
useLocalHost();
const superUser = await useSuperUserWithRefundedPackage(session);

describe('signed-in pages are axe clean', () => {
  it('My Images, the Image Processor, Settings and its toasts of a super user (1280 px)', () => otherDashboardPagesAreAxeClean(session, superUser, VIEWPORTS[0]!), 300_000);

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
