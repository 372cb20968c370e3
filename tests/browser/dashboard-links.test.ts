import { describe, expect, it } from 'vitest';
import { TRIAL_CREDITS } from '@shared/limits';
import { MESSAGES } from '@shared/messages';
import { useBrowserSession, openPage } from '../support/browser';
import { openLinkToDashboard, startTrialThroughUi, uniqueEmail, waitForSignInLink } from '../support/sign-in';
import { screenshot } from '../support/screenshot';

const session = useBrowserSession();

describe('dashboard guard', () => {
  // The page they were going to rides along (return_to, for the Login dialog's link); the Dashboard is the default.
  it.each([
    ['/dashboard', '/'],
    ['/dashboard/settings', '/?return_to=%2Fdashboard%2Fsettings'],
    ['/dashboard/support#contact', '/?return_to=%2Fdashboard%2Fsupport'],
  ])(
    'an anonymous visitor to %s is sent to %s with "Authentication required"',
    async (path, landing) => {
      const { page } = await openPage(session.browser);
      await page.goto(`${session.url}${path}`);
      await page.waitForURL(`${session.url}${landing}`);
      await page.getByText(MESSAGES.authRequired.title).waitFor();
      await page.getByText(MESSAGES.authRequired.description).waitFor();
      expect(await page.getByRole('navigation', { name: 'Dashboard navigation' }).count()).toBe(0);
    },
  );
});

describe('the mailed link', () => {
  it('works in another browser than the one that asked for it, and only once', async () => {
    const asking = await openPage(session.browser);
    const email = uniqueEmail('elsewhere');
    await startTrialThroughUi(asking.page, session.url, email, 'Lakeside Autos');
    const { link } = await waitForSignInLink(session.url, email);

    // Another "browser": a fresh context with its own storage and no sign-in state.
    const other = await openPage(session.browser, { viewport: { width: 375, height: 740 } });
    await openLinkToDashboard(other.page, link);
    await expect.poll(() => other.page.getByTestId('total-credits').textContent()).toBe(String(TRIAL_CREDITS));
    // The dealership name given at sign-up is kept on the server, so this browser shows it too.
    await other.page.getByText('Welcome, Lakeside Autos!').waitFor();

    // The asking browser is still signed out.
    await asking.page.goto(`${session.url}/dashboard`);
    await asking.page.waitForURL(`${session.url}/`);

    // The same link a second time, in a third browser: refused with a way to ask for a new one.
    const third = await openPage(session.browser);
    await third.page.goto(link);
    await third.page.getByRole('heading', { name: MESSAGES.signInLinkInvalid }).waitFor({ timeout: 15_000 });
    expect(third.page.url()).toBe(`${session.url}/auth/callback`);
    await third.page.getByRole('button', { name: 'Request a new link' }).click();
    await third.page.getByRole('dialog').getByRole('heading', { name: 'Welcome back' }).waitFor();
    await third.page.getByRole('dialog').getByRole('button', { name: 'Send Magic Link' }).waitFor();
    await screenshot(third.page, { path: 'test-results/dashboard-invalid-link-dialog.png' });
  }, 90_000);

  it('a tampered or truncated link shows the invalid-link page', async () => {
    const { page } = await openPage(session.browser, { viewport: { width: 375, height: 740 } });
    const payload = Buffer.from(JSON.stringify({ u: 'x', e: 'someone@example.com', iat: Date.now(), exp: Date.now() + 60_000 })).toString('base64url');
    await page.goto(`${session.url}/auth/callback#${payload}.c2lnbmF0dXJl`);
    await page.getByRole('heading', { name: MESSAGES.signInLinkInvalid }).waitFor({ timeout: 15_000 });
    await screenshot(page, { path: 'test-results/dashboard-invalid-link-375.png' });
    await page.goto(`${session.url}/auth/callback`);
    await page.getByRole('heading', { name: MESSAGES.signInLinkInvalid }).waitFor();
  });
});
