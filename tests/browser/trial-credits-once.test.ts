import { describe, expect, it } from 'vitest';
import { TRIAL_CREDITS } from '@shared/limits';
import { TRIAL_CREDIT_MESSAGES } from '@shared/messages';
import { openPage, useBrowserSession } from '../support/browser';
import { openLinkToDashboard, startTrialThroughUi, uniqueEmail, waitForSignInLink } from '../support/sign-in';

const session = useBrowserSession();

/**
 * Issue 27, item 3, the dealer's side: a second trial sign-up with another spelling of the same mailbox (a +tag) gets
 * an account without trial credits, and the dashboard says why in the dealer's words.
 */
describe('trial credits once per person, in the browser', () => {
  it('the first sign-up gets the trial credits; name+tag@ gets none and is told why', async () => {
    const email = uniqueEmail('trial-once');
    const tagged = email.replace('@', '+again@');
    const counts: string[] = [];
    for (const address of [email, tagged]) {
      const { page, context } = await openPage(session.browser);
      await startTrialThroughUi(page, session.url, address, 'Twice Motors');
      const { link } = await waitForSignInLink(session.url, address);
      await openLinkToDashboard(page, link);
      await expect.poll(() => page.getByTestId('total-credits').textContent()).toMatch(/^\d+$/);
      counts.push((await page.getByTestId('total-credits').textContent())!);
      if (address === tagged) await page.getByTestId('trial-refused').getByText(TRIAL_CREDIT_MESSAGES.refused.address).waitFor();
      else expect(await page.getByTestId('trial-refused').count()).toBe(0);
      await context.close();
    }
    expect(counts).toEqual([String(TRIAL_CREDITS), '0']);
  }, 120_000);
});
