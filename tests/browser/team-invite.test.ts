import { AxeCheck } from '../support/axe';
import { mkdir } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { useBrowserSession, openPage } from '../support/browser';
import { openLinkToDashboard, signedInDealer, uniqueEmail, waitForSignInLink } from '../support/sign-in';
import { car, createPackage, noHorizontalScroll } from './car-packages-journey';
import { screenshot } from '../support/screenshot';


const session = useBrowserSession();
const SHOTS = '/tmp/tb/shots-helper/teams';

async function expectAxeClean(page: Page) {
  const axe = await new AxeCheck(page).analyze();
  expect(axe.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
}

/**
 * A dealership is a team (issue 42), in the browser: the owner invites a photographer from Settings → Team; the
 * photographer signs in through the mailed link on a phone (375 px), joins, creates and starts a package, has no Buy
 * Credits and is refused a purchase; the owner's credit activity names the photographer.
 */
describe('Settings → Team', () => {
  it('the owner invites a photographer, who joins through the link at 375 px, starts a package, cannot buy, and is named in the ledger', async () => {
    await mkdir(SHOTS, { recursive: true });
    const owner = await signedInDealer(session.browser, session.url, { name: 'team-owner', dealerName: 'Lakeside Autos', viewport: { width: 1280, height: 900 }, page: '/dashboard/settings' });
    const email = uniqueEmail('team-photographer');
    const team = owner.page.locator('[aria-labelledby="team-title"]');
    await team.getByLabel('E-mail address to invite').fill(email);
    await expect.poll(() => team.getByRole('combobox', { name: 'Role', exact: true }).textContent()).toBe('Photographer');
    await team.getByRole('button', { name: 'Send invite' }).click();
    await team.getByTestId('team-invite').filter({ hasText: email }).waitFor();
    await expectAxeClean(owner.page);
    await screenshot(owner.page, { path: `${SHOTS}/team-owner-1280.png`, fullPage: true });

    // The photographer's phone: the mailed link signs in and joins.
    const { link, mail } = await waitForSignInLink(session.url, email);
    expect(mail.subject).toBe('Lakeside Autos invited you to Studio Lot');
    const phone = await openPage(session.browser, { viewport: { width: 375, height: 812 }, hasTouch: true, isMobile: true });
    await openLinkToDashboard(phone.page, link);
    // No Buy Credits and no credit activity (payments) for a photographer; the server refuses a purchase too.
    await phone.page.getByRole('heading', { name: 'Credit Balance' }).or(phone.page.getByText('Total credits')).first().waitFor();
    // The sidebar names the dealership and the member (on a phone, in its sheet).
    await phone.page.getByRole('button', { name: 'Toggle sidebar' }).click();
    await phone.page.getByTestId('sidebar-member').getByText(`${email} · Photographer`).waitFor();
    expect(await phone.page.getByTestId('sidebar-dealer-name').textContent()).toBe('Lakeside Autos');
    await screenshot(phone.page, { path: `${SHOTS}/team-sidebar-375.png` });
    await phone.page.keyboard.press('Escape');
    expect(await phone.page.getByRole('button', { name: 'Buy Credits' }).count()).toBe(0);
    expect(await phone.page.getByText('Recent Credit Activity').count()).toBe(0);
    const purchase = await phone.page.evaluate(async () => {
      const key = Object.keys(localStorage).find((k) => k.endsWith('.accessToken'));
      const r = await fetch('/api/credits/purchase', { method: 'POST', headers: { 'content-type': 'application/json', authorization: `Bearer ${localStorage.getItem(key!)}` }, body: '{"package_id":"starter"}' });
      return { status: r.status, body: (await r.json()) as { message: string } };
    });
    expect(purchase.status).toBe(403);
    expect(purchase.body.message).toMatch(/Your role in this dealership cannot do this/);

    await phone.page.goto(`${session.url}/dashboard/settings`);
    const members = phone.page.getByRole('list', { name: 'Members' });
    await members.getByText(`${email}(you)`).or(members.getByText(email)).first().waitFor();
    expect(await phone.page.getByRole('button', { name: 'Send invite' }).count()).toBe(0);
    expect(await phone.page.getByRole('heading', { name: 'API keys' }).count()).toBe(0);
    await expectAxeClean(phone.page);
    await noHorizontalScroll(phone.page, 375);
    await screenshot(phone.page, { path: `${SHOTS}/team-photographer-375.png`, fullPage: true });

    // The photographer creates and starts a package.
    await phone.page.goto(`${session.url}/dashboard/car-packages`);
    await phone.page.getByRole('button', { name: 'Create Your First Package' }).click();
    const name = '1974 BMW 2002 from the lot';
    await createPackage(phone.page, name, [car('bmw-2002-silver-front34-grass.jpg')]);
    await phone.page.getByTestId('package-created-by').getByText(email).waitFor();

    // The owner's credit activity names who used the credit.
    await owner.page.goto(`${session.url}/dashboard`);
    await owner.page.getByTestId('credit-transactions').getByTestId('transaction-member').filter({ hasText: `by ${email}` }).waitFor({ timeout: 20_000 });
    await screenshot(owner.page, { path: `${SHOTS}/team-ledger-1280.png`, fullPage: true });
    await phone.context.close();
  }, 240_000);
});
