import { mkdir } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { EMAIL_SETTING_MESSAGES } from '@shared/messages';
import { useBrowserSession } from '../support/browser';
import { signedInDealer } from '../support/sign-in';
import { screenshot } from '../support/screenshot';

const session = useBrowserSession();
const SHOTS = '.cache/screenshots';

/** Settings → E-mails (issue 41, item 5): the ready mail's switch, on by default, saved as it is switched and kept. */
describe('Settings: the ready mail switch', () => {
  it('is on for a new dealer, turns off at 375 px and stays off after a reload', async () => {
    await mkdir(SHOTS, { recursive: true });
    const { page, errors } = await signedInDealer(session.browser, session.url, { name: 'ready-mail-375', viewport: { width: 375, height: 812 }, page: '/dashboard/settings' });
    await page.getByRole('heading', { name: 'E-mails' }).waitFor();
    const toggle = page.getByRole('switch', { name: EMAIL_SETTING_MESSAGES.readyLabel });
    expect(await toggle.getAttribute('aria-checked')).toBe('true');
    await toggle.scrollIntoViewIfNeeded();
    await screenshot(page, { path: `${SHOTS}/settings-ready-mail-on-375.png` });
    // Nothing of the card spills past the narrow screen.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);

    await toggle.click();
    await page.getByText(EMAIL_SETTING_MESSAGES.savedOff).waitFor();
    expect(await toggle.getAttribute('aria-checked')).toBe('false');
    await screenshot(page, { path: `${SHOTS}/settings-ready-mail-off-375.png` });

    await page.reload();
    await page.getByRole('heading', { name: 'E-mails' }).waitFor();
    await expect.poll(() => page.getByRole('switch', { name: EMAIL_SETTING_MESSAGES.readyLabel }).getAttribute('aria-checked')).toBe('false');
    expect(errors.filter((e) => !/Failed to load resource/.test(e))).toEqual([]);
  }, 120_000);
});
