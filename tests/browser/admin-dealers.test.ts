import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { DEALER_ADMIN_MESSAGES } from '@shared/messages';
import { useBrowserSession } from '../support/browser';
import { useLocalHost } from '../support/local-host';
import { signedInDealer } from '../support/sign-in';
import { screenshot } from '../support/screenshot';

/**
 * The admin Dealers tab as a super user sees it, at 1280 and 375 px: finding a dealer by e-mail, making them a super
 * user (recorded with who did it), and the refusal to remove one's own role.
 */
useLocalHost();
const session = useBrowserSession();
const h = await import('../support/car-package-harness');
const { promoteToSuperUser } = await import('../../functions/src/accounts/super-user');

const noSidewaysScroll = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth);

describe('admin: Dealers tab', () => {
  for (const viewport of [{ width: 1280, height: 800 }, { width: 375, height: 740 }]) {
    const w = viewport.width;
    it(`a super user finds a dealer, makes them a super user (recorded), and cannot remove their own role (${w} px)`, async () => {
      const { page, context, email, errors } = await signedInDealer(session.browser, session.url, { name: `dealers-admin-${w}`, viewport });
      expect(await promoteToSuperUser(h.adapters.accounts, email)).toMatchObject({ role: 'super' });
      const dealer = await h.newDealer(`dealers-target-${w}`);

      await page.goto(`${session.url}/dashboard/admin?tab=dealers`);
      await page.getByRole('heading', { level: 1, name: 'Admin' }).waitFor();
      await page.getByLabel('Dealer e-mail').fill(dealer.email.toUpperCase());
      await page.getByRole('button', { name: 'Find Dealer' }).click();
      const detail = page.getByTestId('dealer-detail');
      await detail.getByTestId('dealer-role').getByText('Standard User').waitFor();
      await detail.getByText('No role changes recorded.').waitFor();
      // The dealership and its members (issue 42): a dealer on their own is its one owner.
      const team = detail.getByTestId('dealer-team');
      await team.getByRole('cell', { name: 'Owner', exact: true }).waitFor();
      expect(await team.getByRole('row').count()).toBe(2);
      await detail.getByRole('region', { name: 'Credit history' }).getByText('+5').waitFor();

      await detail.getByRole('button', { name: 'Make Super User' }).click();
      await detail.getByTestId('dealer-role').getByText('Super User').waitFor();
      const change = detail.getByTestId('role-changes').getByRole('listitem').first();
      await change.getByText(`by ${email}`, { exact: false }).waitFor();
      expect(await change.textContent()).toContain('Standard User → Super User');
      await detail.getByRole('button', { name: 'Remove Super User' }).waitFor();
      expect(await noSidewaysScroll(page)).toBeLessThanOrEqual(w);
      await screenshot(page, { path: `test-results/admin-dealers-${w}.png`, fullPage: true });

      // Their own page: removing their own role is refused with the reason, and they stay a super user.
      await page.getByLabel('Dealer e-mail').fill(email);
      await page.getByRole('button', { name: 'Find Dealer' }).click();
      await detail.getByText(email).first().waitFor();
      await detail.getByRole('button', { name: 'Remove Super User' }).click();
      await detail.getByRole('alert').getByText(DEALER_ADMIN_MESSAGES.cannotUnmakeSelf).waitFor();
      expect(await detail.getByTestId('dealer-role').textContent()).toBe('Super User');
      await screenshot(page, { path: `test-results/admin-dealers-self-${w}.png`, fullPage: true });
      expect(errors.filter((e) => !e.includes('409'))).toEqual([]);
      await context.close();
    }, 120_000);
  }
});
