import { describe, expect, it } from 'vitest';
import { useBrowserSession } from '../support/browser';
import { useLocalHost } from '../support/local-host';
import { signedInDealer } from '../support/sign-in';
import { VIEWPORTS, dashboardPagesAreAxeClean, settled, useSuperUserWithRefundedPackage, violations } from './signed-in-a11y';

/**
 * Issue 26, point 4: every signed-in page (dashboard and admin, with their tabs, dialogs and the mobile drawer) is
 * axe clean at 1280 and 375 px: no violation of serious or critical impact, as the public pages. This file: the
 * dealer's pages and their dialogs at 1280 px, and the pages a standard dealer is refused; dashboard-a11y-375: the
 * same pages at 375 px; admin-support-a11y(-375): the Support sections and the admin tabs.
 */
const session = useBrowserSession();
useLocalHost();
const superUser = await useSuperUserWithRefundedPackage(session);

describe('signed-in pages are axe clean', () => {
  it('every dashboard page and dialog of a super user (1280 px)', () => dashboardPagesAreAxeClean(session, superUser, VIEWPORTS[0]!), 300_000);

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
