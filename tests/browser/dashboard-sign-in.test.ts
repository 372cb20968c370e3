import { describe, expect, it } from 'vitest';
import { TRIAL_CREDITS } from '@shared/limits';
import { MESSAGES } from '@shared/messages';
import { useBrowserSession, openPage } from '../support/browser';
import {
  openLinkToDashboard,
  requestLinkThroughUi,
  signInMailCount,
  startTrialThroughUi,
  uniqueEmail,
  waitForSignInLink,
} from '../support/sign-in';

const session = useBrowserSession();

describe('sign up, sign in with the mailed link, sign out, sign in again', () => {
  it('the trial dialog mails a link; it opens the dashboard with 5 credits; logout and a new link from the Login dialog work', async () => {
    const { page, errors } = await openPage(session.browser);
    const email = uniqueEmail('trial');
    await startTrialThroughUi(page, session.url, email, 'Sunbelt Pre-Owned');
    await page.getByRole('dialog').getByText(email).waitFor();
    const first = await waitForSignInLink(session.url, email);
    expect(first.link.startsWith(`${session.url}/auth/callback#`)).toBe(true);

    await openLinkToDashboard(page, first.link);
    // The token left the address bar and the history entry at once.
    expect(page.url()).toBe(`${session.url}/dashboard`);
    await page.getByText(MESSAGES.signedIn.title).waitFor();
    // The pending dealer name was written to the new profile after sign-in; a first visit is welcomed, not "back".
    await page.getByText('Welcome, Sunbelt Pre-Owned!').waitFor();
    await page.getByTestId('sidebar-dealer-name').getByText('Sunbelt Pre-Owned').waitFor();
    await expect.poll(() => page.getByTestId('total-credits').textContent()).toBe(String(TRIAL_CREDITS));
    await page.getByText(new RegExp(`^${TRIAL_CREDITS} trial credits expire on `)).waitFor();
    await page.getByTestId('credit-transactions').getByText(`+${TRIAL_CREDITS}`).waitFor();
    expect(await page.evaluate(() => localStorage.getItem('pending_dealer_name'))).toBeNull();

    // Logout from the sidebar.
    await page.getByRole('navigation', { name: 'Dashboard navigation' }).getByRole('button', { name: 'Logout' }).click();
    await page.getByText(MESSAGES.signedOut.title).waitFor();
    await page.getByText(MESSAGES.signedOut.description).waitFor();
    await page.waitForURL(`${session.url}/`);
    // Signed out for real: the dashboard now sends the visitor away.
    await page.goto(`${session.url}/dashboard`);
    await page.waitForURL(`${session.url}/`);
    await page.getByText(MESSAGES.authRequired.title).waitFor();

    // Log in again at once: the one-link-a-minute limit guards unused links, and the first one was used (signing in
    // removes it), so the address may ask again without waiting.
    const before = await signInMailCount(session.url, email);
    await requestLinkThroughUi(page, session.url, email);
    await page.getByRole('dialog').getByText(email).waitFor();
    await page.getByText(MESSAGES.magicLinkSent.title).waitFor();
    const second = await waitForSignInLink(session.url, email, before);
    expect(second.link).not.toBe(first.link);
    await openLinkToDashboard(page, second.link);
    await expect.poll(() => page.getByTestId('total-credits').textContent()).toBe(String(TRIAL_CREDITS)); // no second trial grant
    expect(errors.filter((e) => !/401|Failed to load resource/.test(e))).toEqual([]);
  }, 150_000);
});
