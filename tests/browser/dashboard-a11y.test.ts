import AxeBuilder from '@axe-core/playwright';
import type { Page } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '@shared/messages';
import { useBrowserSession } from '../support/browser';
import { useLocalHost } from '../support/local-host';
import { signedInDealer } from '../support/sign-in';

/**
 * Issue 26, point 4: every signed-in page (dashboard and admin, with their tabs, dialogs and the mobile drawer) is
 * axe clean at 1280 and 375 px: no violation of serious or critical impact, as the public pages.
 */
const session = useBrowserSession();
useLocalHost();
const h = await import('../support/car-package-harness');
const { startCarPackage } = await import('../../functions/src/car-packages/start-package');
const { DynamoDbAccountStore } = await import('../../functions/src/accounts/dynamodb-account-store');
const { promoteToSuperUser } = await import('../../functions/src/accounts/super-user');
const sfn = await h.TestStepFunctions.start();
afterAll(() => sfn.close());

/**
 * Rules axe rates moderate that the issue names: the main landmark, content outside landmarks, heading levels in order.
 * They fail the test like any serious or critical violation.
 */
const NAMED_RULES = new Set(['landmark-one-main', 'region', 'heading-order', 'page-has-heading-one', 'landmark-unique', 'landmark-no-duplicate-main']);

/** axe on the page as it is now; returns "where: rule: nodes" for each serious or critical violation (and the named ones). */
async function violations(page: Page, where: string): Promise<string[]> {
  const result = await new AxeBuilder({ page }).analyze();
  return result.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical' || NAMED_RULES.has(v.id))
    .map((v) => `${where}: ${v.id} (${v.impact}): ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

/**
 * Tabs through the page (up to 80 stops) and names every focused element without a visible focus indicator: an
 * outline, or a ring (box-shadow) on it or on the card around it that shows focus within.
 */
async function missingFocusRings(page: Page, where: string): Promise<string[]> {
  await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
  const missing: string[] = [];
  const seen = new Set<string>();
  for (let i = 0; i < 80; i++) {
    await page.keyboard.press('Tab');
    const stop = await page.evaluate(() => {
      const el = document.activeElement as HTMLElement | null;
      if (!el || el === document.body) return null;
      const path = (e: Element) => {
        const parts: string[] = [];
        for (let n: Element | null = e; n && n !== document.body; n = n.parentElement) parts.unshift(`${n.tagName.toLowerCase()}:${Array.from(n.parentElement?.children ?? []).indexOf(n)}`);
        return parts.join('>');
      };
      const style = getComputedStyle(el);
      let ringed = style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) > 0;
      for (let n: Element | null = el; !ringed && n && n !== document.body; n = n.parentElement) {
        ringed = n.matches(':focus-within') && getComputedStyle(n).boxShadow !== 'none';
      }
      return { key: path(el), ringed, name: `${el.tagName.toLowerCase()} "${(el.getAttribute('aria-label') || el.textContent || '').trim().slice(0, 40)}"` };
    });
    if (!stop || seen.has(stop.key)) break; // back at the start: every stop was seen
    seen.add(stop.key);
    if (!stop.ringed) missing.push(`${where}: no visible focus on ${stop.name}`);
  }
  return missing;
}

/** The page's content has arrived: its h1, and no loading spinner left in the main region. */
async function settled(page: Page) {
  await page.getByRole('heading', { level: 1 }).first().waitFor();
  await expect.poll(() => page.locator('main [aria-busy="true"], main [data-loading="true"]').count(), { timeout: 15_000 }).toBe(0);
  await page.waitForLoadState('networkidle').catch(() => undefined);
}

/** A refunded package (every angle failed) of the signed-in dealer: its detail has Start again and Delete. */
async function refundedPackage(email: string, name: string) {
  const sub = (await h.adapters.accounts.findSubByEmail(email))!;
  const w = await h.scriptedWorkflow(sfn, { outcomes: { '*': ['permanent'] } });
  const id = await h.createUploadedDraft(sub, [{ bytes: await h.carPhoto(), angle: 'front_left_corner' }], name);
  await startCarPackage(w.packageDeps, sub, id);
  await w.settle();
  return id;
}

const ADMIN_TABS = ['Payments', 'Stripe Events', 'Coupons', 'Bonus Credits', 'Packages', 'Inbox', 'Dealers', 'Trial Links', 'Operations'];
const SUPPORT_SECTIONS = ['Getting Started', 'Photo Guide', 'FAQ', 'Contact Us', 'Terms & Conditions', 'Privacy Policy'];

describe('signed-in pages are axe clean', () => {
  for (const viewport of [{ width: 1280, height: 800 }, { width: 375, height: 740 }]) {
    const w = viewport.width;
    it(`every dashboard and admin page, tab and dialog of a super user (${w} px)`, async () => {
      const { page, email } = await signedInDealer(session.browser, session.url, { name: `axe-${w}`, dealerName: 'Axe Motors', viewport });
      await promoteToSuperUser(new DynamoDbAccountStore(), email);
      const name = `Axe check ${w} Cupra Born`;
      await refundedPackage(email, name);
      const found: string[] = [];
      const check = async (where: string) => found.push(...(await violations(page, `${where} ${w}px`)));
      const checkFocus = async (where: string) => found.push(...(await missingFocusRings(page, `${where} ${w}px`)));

      await page.goto(`${session.url}/dashboard`);
      await settled(page);
      await page.getByTestId('total-credits').waitFor();
      await check('/dashboard');
      await checkFocus('/dashboard');
      await page.getByRole('button', { name: 'Buy Credits' }).click();
      await page.getByRole('dialog', { name: 'Purchase Credits' }).getByRole('radio').first().waitFor();
      await check('purchase dialog');
      await page.keyboard.press('Escape');
      await page.getByRole('dialog').waitFor({ state: 'detached' });
      if (w < 768) {
        await page.getByRole('button', { name: 'Toggle sidebar' }).click();
        await page.getByRole('dialog', { name: 'Dashboard navigation' }).getByRole('link', { name: 'Admin' }).waitFor();
        await check('navigation drawer');
        await page.keyboard.press('Escape');
        await page.getByRole('dialog').waitFor({ state: 'detached' });
      }

      await page.goto(`${session.url}/dashboard/car-packages`);
      await settled(page);
      await page.getByTestId('package-card').filter({ hasText: name }).waitFor();
      await check('car packages gallery');
      await page.getByTestId('package-card').filter({ hasText: name }).getByRole('button').first().click();
      await page.getByTestId('package-detail').getByRole('heading', { name }).waitFor();
      await expect.poll(() => page.locator('[data-testid=angle-card][data-status=failed]').count()).toBe(8);
      await check('car package detail');
      await checkFocus('car package detail');
      await page.getByRole('button', { name: 'Delete' }).click();
      await page.getByRole('dialog').getByRole('heading', { name: 'Delete this car package?' }).waitFor();
      await check('delete dialog');
      await page.keyboard.press('Escape');
      await page.getByRole('dialog').waitFor({ state: 'detached' });
      await page.getByRole('tab', { name: 'Create New Package' }).click();
      await page.getByRole('tabpanel').getByRole('heading').first().waitFor();
      await check('create new package');
      await checkFocus('create new package');

      for (const path of ['/dashboard/images', '/dashboard/image-processor', '/dashboard/settings']) {
        await page.goto(`${session.url}${path}`);
        await settled(page);
        await check(path);
        await checkFocus(path);
      }
      // Toasts, a success and an error one, held open by the pointer resting on them (sonner pauses on hover).
      await page.getByRole('button', { name: 'Update Profile' }).click();
      const toasts = page.locator('[data-sonner-toast]');
      await toasts.filter({ hasText: MESSAGES.profileUpdated.title }).hover();
      await page.getByLabel('Logo file').setInputFiles({ name: 'logo.txt', mimeType: 'text/plain', buffer: Buffer.from('not an image') });
      await toasts.filter({ hasText: MESSAGES.logoUnreadable }).hover();
      await page.screenshot({ path: `test-results/a11y-toasts-${w}.png` });
      await check('toasts');

      await page.goto(`${session.url}/dashboard/support`);
      await settled(page);
      for (const section of SUPPORT_SECTIONS) {
        await page.getByRole('navigation', { name: 'Support sections' }).getByRole('button', { name: section }).click();
        await expect.poll(() => page.getByRole('button', { name: section }).getAttribute('aria-current')).toBe('true');
        await check(`support: ${section}`);
        await checkFocus(`support: ${section}`);
      }

      await page.goto(`${session.url}/dashboard/admin`);
      await settled(page);
      for (const tab of ADMIN_TABS) {
        await page.getByRole('tablist', { name: 'Admin sections' }).getByRole('tab', { name: tab }).click();
        await expect.poll(() => page.getByRole('tab', { name: tab }).getAttribute('data-state')).toBe('active');
        await expect.poll(() => page.getByRole('tabpanel').getByRole('status').filter({ hasText: /Loading/ }).count(), { timeout: 15_000 }).toBe(0);
        await check(`admin: ${tab}`);
        await checkFocus(`admin: ${tab}`);
      }

      expect(found).toEqual([]);
    }, 300_000);
  }

  it('the pages a standard dealer is refused (Access Restricted) and the dealer dashboard (375 px)', async () => {
    const viewport = { width: 375, height: 740 };
    const { page } = await signedInDealer(session.browser, session.url, { name: 'axe-standard', viewport });
    const found: string[] = [];
    for (const path of ['/dashboard', '/dashboard/image-processor', '/dashboard/admin']) {
      await page.goto(`${session.url}${path}`);
      await settled(page);
      found.push(...(await violations(page, path)));
    }
    expect(found).toEqual([]);
  }, 120_000);
});
