import { describe, it } from 'vitest';
import { useBrowserSession } from '../support/browser';
import { useLocalHost } from '../support/local-host';
import { VIEWPORTS, otherDashboardPagesAreAxeClean, useSuperUserWithRefundedPackage } from './signed-in-a11y';

/** Issue 26, point 4: My Images, the Image Processor, Settings and its toasts at 375 px (1280: dashboard-a11y-pages). */
const session = useBrowserSession();
useLocalHost();
const superUser = await useSuperUserWithRefundedPackage(session);

describe('signed-in pages are axe clean', () => {
  it('My Images, the Image Processor, Settings and its toasts of a super user (375 px)', () => otherDashboardPagesAreAxeClean(session, superUser, VIEWPORTS[1]!), 300_000);
});
