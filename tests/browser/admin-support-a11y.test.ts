import { describe, it } from 'vitest';
import { useBrowserSession } from '../support/browser';
import { useLocalHost } from '../support/local-host';
import { VIEWPORTS, supportAndAdminAreAxeClean, useSuperUserWithRefundedPackage } from './signed-in-a11y';

/**
 * Issue 26, point 4, the second half (the first: dashboard-a11y): the Support sections and every admin tab of a super
 * user with a refunded car package are axe clean, with a visible focus on every Tab stop; at 1280 px here, at 375 px in
 * admin-support-a11y-375.
 */
const session = useBrowserSession();
useLocalHost();
const superUser = await useSuperUserWithRefundedPackage(session);

describe('signed-in pages are axe clean', () => {
  it('every Support section and admin tab of a super user (1280 px)', () => supportAndAdminAreAxeClean(session, superUser, VIEWPORTS[0]!), 300_000);
});
