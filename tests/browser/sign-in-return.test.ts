import { describe, expect, it } from 'vitest';
import { MESSAGES } from '@shared/messages';
import { openPage, useBrowserSession } from '../support/browser';
import { openLinkToDashboard, openLinkToPage, requestTrialLink, signInMailCount, signedInDealer, uniqueEmail, waitForSignInLink } from '../support/sign-in';

/** Issue 36: the sign-in link returns the dealer to the page they were going to, and never off the site. */
const session = useBrowserSession();

describe('sign-in returns the dealer to the page they were going to', () => {
  it('signed out on Your Images: the Login dialog sends a link that opens Your Images', async () => {
    // A dealer whose session is gone (this fresh context has none) opens a bookmarked dashboard page.
    const { email } = await signedInDealer(session.browser, session.url, { name: 'return-images' });
    const { page, errors } = await openPage(session.browser, { viewport: { width: 375, height: 740 } });
    await page.goto(`${session.url}/dashboard/images`);
    await page.waitForURL(`${session.url}/?return_to=%2Fdashboard%2Fimages`);
    await page.getByText(MESSAGES.authRequired.title).waitFor();

    // The landing page's Login dialog, as today.
    const before = await signInMailCount(session.url, email);
    await page.getByRole('banner').getByRole('button', { name: 'Login' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Email').fill(email);
    await dialog.getByRole('button', { name: 'Send Magic Link' }).click();
    await dialog.getByRole('heading', { name: 'Check your email' }).waitFor({ timeout: 20_000 });
    const { link } = await waitForSignInLink(session.url, email, before);
    expect(link).toContain('/auth/callback?return_to=%2Fdashboard%2Fimages#');

    // The link lands on Your Images, not the Dashboard.
    await openLinkToPage(page, link, '/dashboard/images');
    expect(new URL(page.url()).pathname).toBe('/dashboard/images');
    expect(errors.filter((e) => !/401|Failed to load resource/.test(e))).toEqual([]);
  }, 90_000);

  it('a link whose return page leads off the site opens the Dashboard instead', async () => {
    for (const evil of ['//evil.example', '/\\evil.example', 'https://evil.example']) {
      const email = uniqueEmail('return-evil');
      await requestTrialLink(session.url, email, 'Evil Return Motors');
      const { link } = await waitForSignInLink(session.url, email);
      // The server never mails such a link; one edited by hand (or by someone else) must still stay on the site.
      const edited = link.replace('/auth/callback#', `/auth/callback?return_to=${encodeURIComponent(evil)}#`);
      const { page, context } = await openPage(session.browser);
      const left: string[] = [];
      page.on('request', (r) => !r.url().startsWith(session.url) && left.push(r.url()));
      await openLinkToDashboard(page, edited);
      expect(new URL(page.url()).origin).toBe(session.url);
      expect(left.filter((u) => u.includes('evil.example'))).toEqual([]);
      await context.close();
    }
  }, 90_000);
});
