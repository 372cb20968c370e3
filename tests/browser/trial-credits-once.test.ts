import { describe, expect, it } from 'vitest';
import { TRIAL_CREDITS } from '@shared/limits';
import { MESSAGES, TRIAL_CREDIT_MESSAGES } from '@shared/messages';
import { openPage, useBrowserSession } from '../support/browser';
import { openLinkToDashboard, startTrialThroughUi, uniqueEmail, waitForSignInLink } from '../support/sign-in';
import { screenshot } from '../support/screenshot';

const session = useBrowserSession();

/**
 * Issue 27, item 3, the dealer's side: a second trial sign-up with another spelling of the same mailbox (a +tag) gets
 * an account without trial credits, and the dashboard says why in the dealer's words. Issue 39, item 5: the trial
 * dialog promises nothing it may not keep (no "activated" credits before the first sign-in), and a dashboard at 0
 * credits offers a way forward: Buy Credits, or Contact us to ask for a trial.
 */
describe('trial credits once per person, in the browser', () => {
  it('the first sign-up gets the trial credits; name+tag@ gets none and is told why', async () => {
    const email = uniqueEmail('trial-once');
    const tagged = email.replace('@', '+again@');
    const counts: string[] = [];
    for (const [i, address] of [email, tagged].entries()) {
      // The first at 1280 px, the second (refused) on a phone.
      const width = i === 0 ? 1280 : 375;
      const { page, context } = await openPage(session.browser, { viewport: { width, height: 800 } });
      await startTrialThroughUi(page, session.url, address, 'Twice Motors');
      // The same answer for both, granted or not: sign in, and what new accounts get.
      const dialog = page.getByRole('dialog', { name: 'Check your email to sign in' });
      await dialog.getByText(TRIAL_CREDIT_MESSAGES.offer(TRIAL_CREDITS)).waitFor();
      await dialog.getByTestId('trial-sent').getByText(address).waitFor();
      expect(await dialog.getByText(/activated|has started/i).count()).toBe(0);
      await page.getByText(MESSAGES.trialStarted.title).first().waitFor();
      await screenshot(page, { path: `test-results/trial-dialog-sent-${width}.png` });
      const { link } = await waitForSignInLink(session.url, address);
      await openLinkToDashboard(page, link);
      await expect.poll(() => page.getByTestId('total-credits').textContent()).toMatch(/^\d+$/);
      counts.push((await page.getByTestId('total-credits').textContent())!);
      const card = page.locator('[aria-labelledby=credit-balance-title]');
      if (address === tagged) {
        await page.getByTestId('trial-refused').getByText(TRIAL_CREDIT_MESSAGES.refused.address).waitFor();
        // At 0 credits: buy, or contact us to ask for a trial.
        await card.getByTestId('no-credits').getByText(TRIAL_CREDIT_MESSAGES.noCredits).waitFor();
        await card.getByRole('button', { name: 'Buy Credits' }).waitFor();
        const contact = card.getByRole('link', { name: 'Contact us' });
        expect(await contact.getAttribute('href')).toBe('/contact');
        expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
        await screenshot(page, { path: `test-results/dashboard-no-credits-${width}.png`, fullPage: true });
        await page.setViewportSize({ width: 1280, height: 800 });
        await screenshot(page, { path: 'test-results/dashboard-no-credits-1280.png', fullPage: true });
        await contact.click();
        await page.waitForURL(/\/contact$/);
        await page.getByRole('heading', { name: 'Contact Us', level: 1 }).waitFor();
      } else {
        expect(await page.getByTestId('trial-refused').count()).toBe(0);
        expect(await card.getByTestId('no-credits').count()).toBe(0);
        expect(await card.getByRole('link', { name: 'Contact us' }).count()).toBe(0);
      }
      await context.close();
    }
    expect(counts).toEqual([String(TRIAL_CREDITS), '0']);
  }, 120_000);
});
