import { AxeCheck } from '../support/axe';
import { mkdir } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { useBrowserSession } from '../support/browser';
import { signedInDealer } from '../support/sign-in';
import { teamCall } from '../support/team';
import { noHorizontalScroll } from './car-packages-journey';
import { screenshot } from '../support/screenshot';

const session = useBrowserSession();
const SHOTS = '/tmp/tb/shots-helper/teams2';
const { signInNewDealer } = await import('../integration/package-api-client');

async function expectAxeClean(page: Page) {
  const axe = await new AxeCheck(page).analyze();
  expect(axe.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
}

/**
 * Issue 42: a person with a dealership of their own is invited to another. The dashboard says so ("… invited you to
 * join as manager"), "Not now" hides it in this browser, "Join" asks to confirm leaving their own (deleted, as they
 * created it alone) and joins at once, signed in as they are. Then Settings offers "Delete my data" (a member's own
 * erasure) instead of deleting the dealership. At 1280 and 375 px, axe clean, no sideways scroll.
 */
describe('the invited person on the dashboard', () => {
  it('sees the invite, can put it off, joins after confirming, and then deletes only their own data from Settings', async () => {
    await mkdir(SHOTS, { recursive: true });
    const person = await signedInDealer(session.browser, session.url, { name: 'notice-person', dealerName: 'Harbor Cars', viewport: { width: 1280, height: 900 } });
    const inviter = await signInNewDealer(session.url, 'notice-inviter');
    expect((await teamCall(session.url, inviter.accessToken, 'POST', '/api/team/invites', { email: person.email, role: 'manager' })).status).toBe(201);
    const { page } = person;

    await page.reload();
    const banner = page.getByTestId('team-invite-banner');
    await banner.getByText('Crash Test Motors invited you to join as manager.').waitFor();
    await banner.getByText('You belong to Harbor Cars now: joining means leaving it.').waitFor();
    await expectAxeClean(page);
    await screenshot(page, { path: `${SHOTS}/invite-banner-1280.png`, fullPage: true });

    // Not now: hidden, and still hidden after a reload (this browser remembers the invite).
    await banner.getByRole('button', { name: 'Not now' }).click();
    await banner.waitFor({ state: 'detached' });
    await page.reload();
    await page.getByRole('heading', { level: 1, name: 'Dashboard' }).waitFor();
    await page.getByTestId('dashboard-greeting').waitFor();
    expect(await page.getByTestId('team-invite-banner').count()).toBe(0);

    // On a phone width (the browser forgot "Not now"): the banner fits; Join asks first.
    await page.evaluate(() => Object.keys(localStorage).filter((k) => k.startsWith('studio-lot.team-invite-dismissed.')).forEach((k) => localStorage.removeItem(k)));
    await page.setViewportSize({ width: 375, height: 812 });
    await page.reload();
    await banner.waitFor();
    await noHorizontalScroll(page, 375);
    await expectAxeClean(page);
    await screenshot(page, { path: `${SHOTS}/invite-banner-375.png`, fullPage: true });
    await banner.getByRole('button', { name: 'Join' }).click();
    const dialog = page.getByRole('dialog', { name: 'Leave Harbor Cars to join Crash Test Motors?' });
    await dialog.getByText(/You created Harbor Cars: leaving it deletes it at once/).waitFor();
    await expectAxeClean(page);
    await screenshot(page, { path: `${SHOTS}/invite-join-dialog-375.png` });
    await dialog.getByRole('button', { name: 'Delete Harbor Cars and join' }).click();
    await page.getByText('You joined Crash Test Motors').waitFor({ timeout: 20_000 });
    await banner.waitFor({ state: 'detached' });

    // Signed in as before, now in the other dealership, as a manager.
    await page.setViewportSize({ width: 1280, height: 900 });
    await expect.poll(() => page.getByTestId('sidebar-dealer-name').textContent()).toBe('Crash Test Motors');
    await page.getByTestId('sidebar-member').getByText(`${person.email} · manager`, { exact: false }).or(page.getByTestId('sidebar-member').getByText(person.email, { exact: false })).first().waitFor();

    // Settings: a member deletes their own data, not the dealership.
    await page.goto(`${session.url}/dashboard/settings`);
    await page.getByRole('button', { name: 'Delete my data' }).click();
    const erase = page.getByRole('dialog', { name: 'Delete your data?' });
    await erase.getByText(/shown as made by a former member/).waitFor();
    expect(await page.getByRole('button', { name: 'Delete my account' }).count()).toBe(0);
    await expectAxeClean(page);
    await screenshot(page, { path: `${SHOTS}/settings-delete-my-data-1280.png` });
    await page.keyboard.press('Escape');
    await page.setViewportSize({ width: 375, height: 812 });
    await page.getByRole('button', { name: 'Delete my data' }).scrollIntoViewIfNeeded();
    await noHorizontalScroll(page, 375);
    await screenshot(page, { path: `${SHOTS}/settings-member-375.png`, fullPage: true });
    await person.context.close();
  }, 120_000);
});
