import { describe, it } from 'vitest';
import { useBrowserSession } from '../support/browser';
import { useLocalHost } from '../support/local-host';
import { VIEWPORTS, supportAndAdminAreAxeClean, useSuperUserWithRefundedPackage } from './signed-in-a11y';

/** Issue 26, point 4: the Support sections and every admin tab of a super user at 375 px (1280: admin-support-a11y). */
const session = useBrowserSession();
useLocalHost();
const superUser = await useSuperUserWithRefundedPackage(session);

describe('signed-in pages are axe clean', () => {
  it('every Support section and admin tab of a super user (375 px)', () => supportAndAdminAreAxeClean(session, superUser, VIEWPORTS[1]!), 300_000);
});
