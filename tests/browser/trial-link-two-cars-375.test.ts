import { describe, expect, it } from 'vitest';
import { openPage, useBrowserSession } from '../support/browser';
import { useLocalHost } from '../support/local-host';
import { uniqueEmail } from '../support/sign-in';

/** A prospect plays a trial link at 375 px: photos of two cars narrowed to one car (steps: trial-link-journeys.ts; the desktop: trial-link-conversion-1280.test.ts). */
useLocalHost();
const session = useBrowserSession();
const { trialLinkJourneys } = await import('./trial-link-journeys');
const { superUserCreatesLink, prospectConverts, reopenedIsInvalid, trialPackageNamesItsAngles } = trialLinkJourneys(session);

describe('a prospect plays a trial link end to end', () => {
  it('the trial page and the Trial Links tab at 375 px: photos of two cars are narrowed to one car before the account step; the package names its angles', async () => {
    const viewport = { width: 375, height: 740 };
    const dealer = `Pocket Cars ${Date.now().toString(36)}`;
    const { admin, link } = await superUserCreatesLink(viewport, dealer);
    const prospect = await openPage(session.browser, { viewport });
    const email = uniqueEmail('trial-mobile');
    await prospectConverts(prospect.page, link, dealer, email, viewport.width, 'two cars');
    const again = await openPage(session.browser, { viewport });
    await reopenedIsInvalid(again.page, link, viewport.width);
    await trialPackageNamesItsAngles(prospect.page, email, viewport.width);
    expect(prospect.errors.filter((e) => !/Failed to load resource/.test(e))).toEqual([]);
    await Promise.all([admin.context.close(), prospect.context.close(), again.context.close()]);
  }, 420_000);
});
