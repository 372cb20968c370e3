import { describe, it } from 'vitest';
import { useBrowserSession } from '../support/browser';
import { useLocalHost } from '../support/local-host';
import { VIEWPORTS, dashboardPagesAreAxeClean, useSuperUserWithRefundedPackage } from './signed-in-a11y';

/** Issue 26, point 4: the dealer's pages and their dialogs, with the navigation drawer, at 375 px (1280: dashboard-a11y). */
const session = useBrowserSession();
useLocalHost();
const superUser = await useSuperUserWithRefundedPackage(session);

describe('signed-in pages are axe clean', () => {
  it('every dashboard page and dialog of a super user (375 px)', () => dashboardPagesAreAxeClean(session, superUser, VIEWPORTS[1]!), 300_000);
});
