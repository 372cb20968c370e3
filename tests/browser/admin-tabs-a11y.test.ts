import { describe, it } from 'vitest';
import { useBrowserSession } from '../support/browser';
import { useLocalHost } from '../support/local-host';
import { VIEWPORTS, adminTabsAreAxeClean, useSuperUserWithRefundedPackage } from './signed-in-a11y';

/**
 * Issue 26, point 4 (the dealer's pages: dashboard-a11y-packages and dashboard-a11y-pages): every admin tab of a super
 * user with a refunded car package is axe clean, with a visible focus on every Tab stop, at 1280 px (the other width:
 * admin-tabs-a11y-375; the Support sections: support-a11y(-375)).
 */
const session = useBrowserSession();
useLocalHost();
const superUser = await useSuperUserWithRefundedPackage(session);

describe('signed-in pages are axe clean', () => {
  it('every admin tab of a super user (1280 px)', () => adminTabsAreAxeClean(session, superUser, VIEWPORTS[0]!), 300_000);
});
