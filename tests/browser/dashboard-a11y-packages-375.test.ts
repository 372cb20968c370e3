import { describe, it } from 'vitest';
import { useBrowserSession } from '../support/browser';
import { useLocalHost } from '../support/local-host';
import { VIEWPORTS, dashboardAndPackagesAreAxeClean, useSuperUserWithRefundedPackage } from './signed-in-a11y';

/** Issue 26, point 4: the dashboard, its dialogs with the navigation drawer, and the car package pages at 375 px (1280: dashboard-a11y-packages). */
const session = useBrowserSession();
useLocalHost();
const superUser = await useSuperUserWithRefundedPackage(session);

describe('signed-in pages are axe clean', () => {
  it('the dashboard, its dialogs and the car package pages of a super user (375 px)', () => dashboardAndPackagesAreAxeClean(session, superUser, VIEWPORTS[1]!), 300_000);
});
