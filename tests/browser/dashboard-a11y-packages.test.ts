import { describe, it } from 'vitest';
import { useBrowserSession } from '../support/browser';
import { useLocalHost } from '../support/local-host';
import { VIEWPORTS, dashboardAndPackagesAreAxeClean, useSuperUserWithRefundedPackage } from './signed-in-a11y';

/**
 * Issue 26, point 4: every signed-in page (dashboard and admin, with their tabs, dialogs and the mobile drawer) is
 * axe clean at 1280 and 375 px: no violation of serious or critical impact, as the public pages. This file: the
 * dashboard, its dialogs and the car package pages at 1280 px; dashboard-a11y-packages-375: the same at 375 px;
 * dashboard-a11y-pages(-375): My Images, the Image Processor, Settings and the pages a standard dealer is refused;
 * support-a11y(-375) and admin-tabs-a11y(-375): the Support sections and the admin tabs.
 */
const session = useBrowserSession();
useLocalHost();
const superUser = await useSuperUserWithRefundedPackage(session);

describe('signed-in pages are axe clean', () => {
  it('the dashboard, its dialogs and the car package pages of a super user (1280 px)', () => dashboardAndPackagesAreAxeClean(session, superUser, VIEWPORTS[0]!), 300_000);
});
