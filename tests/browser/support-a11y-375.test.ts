import { describe, it } from 'vitest';
import { useBrowserSession } from '../support/browser';
import { useLocalHost } from '../support/local-host';
import { VIEWPORTS, supportIsAxeClean, useSuperUserWithRefundedPackage } from './signed-in-a11y';

/**
 * Issue 26, point 4 (the dealer's pages: dashboard-a11y-packages and dashboard-a11y-pages): every Support section of a
 * super user is axe clean, with a visible focus on every Tab stop, at 375 px (the other width: support-a11y; the admin
 * tabs: admin-tabs-a11y(-375)).
 */
const session = useBrowserSession();
useLocalHost();
const superUser = await useSuperUserWithRefundedPackage(session);

describe('signed-in pages are axe clean', () => {
  it('every Support section of a super user (375 px)', () => supportIsAxeClean(session, superUser, VIEWPORTS[1]!), 300_000);
});
