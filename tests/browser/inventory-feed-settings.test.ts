import { AxeCheck } from '../support/axe';
import { mkdir } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { useBrowserSession } from '../support/browser';
import { signedInDealer } from '../support/sign-in';
import { screenshot } from '../support/screenshot';

const session = useBrowserSession();
const SHOTS = process.env.FEED_SHOTS ?? '.cache/screenshots';

/**
 * Settings → Inventory feed (issue 41, item 4): the dealer makes the secret feed link (shown once, and it reads the
 * feed with no key), then makes a new one after confirming: the old link is refused at once. Axe-clean at both widths.
 */
describe('Settings: the inventory feed link', () => {
  for (const viewport of [
    { width: 1280, height: 900 },
    { width: 375, height: 812 },
  ]) {
    it(`makes the feed link, shows it once, and renews it at ${viewport.width} px`, async () => {
      await mkdir(SHOTS, { recursive: true });
      const { page, errors } = await signedInDealer(session.browser, session.url, { name: `feed-${viewport.width}`, viewport, page: '/dashboard/settings' });
      const card = page.getByTestId('feed-link-status');
      await page.getByRole('heading', { name: 'Inventory feed' }).waitFor();
      await card.getByText('No feed link yet.').waitFor();
      await page.getByRole('button', { name: 'Make feed link' }).click();
      const first = (await page.getByTestId('secret-once').textContent())!;
      expect(first).toMatch(new RegExp(`^${session.url}/api/feeds/[A-Za-z0-9_-]{43}$`));
      const csv = await fetch(first);
      expect(csv.status).toBe(200);
      expect((await csv.text()).split('\r\n')[0]).toMatch(/^"vin","stock_number","name",/);
      await card.getByText(/^You have a feed link, made /).waitFor();
      await page.getByRole('heading', { name: 'Inventory feed' }).scrollIntoViewIfNeeded();
      await screenshot(page, { path: `${SHOTS}/settings-inventory-feed-${viewport.width}.png`, fullPage: true });
      const axe = await new AxeCheck(page).analyze();
      expect(axe.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(viewport.width);

      await page.getByRole('button', { name: 'Make a new link' }).click();
      const dialog = page.getByRole('dialog', { name: 'Make a new feed link?' });
      await dialog.getByText('The current link stops working at once').waitFor();
      await dialog.getByRole('button', { name: 'Make a new link' }).click();
      await dialog.waitFor({ state: 'hidden' });
      await expect.poll(async () => page.getByTestId('secret-once').textContent()).not.toBe(first);
      const second = (await page.getByTestId('secret-once').textContent())!;
      expect((await fetch(first)).status).toBe(404);
      expect((await fetch(second)).status).toBe(200);
      expect(errors.filter((e) => !/Failed to load resource/.test(e))).toEqual([]);
    }, 90_000);
  }
});
