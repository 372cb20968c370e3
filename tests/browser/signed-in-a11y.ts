import { AxeCheck } from '../support/axe';
import type { Browser, Page } from 'playwright-core';
import { signedInDealer } from '../support/sign-in';
import { afterAll, expect } from 'vitest';
import { MESSAGES } from '@shared/messages';
import { screenshot } from '../support/screenshot';

/**
 * The checks of the signed-in pages' accessibility tests (dashboard-a11y-packages, dashboard-a11y-pages, support-a11y
 * and admin-tabs-a11y, each at 1280 px and, in its -375 file, at 375 px: one file per group of pages and width, so
 * that they run side by side and each stays well under the 90-s guard): axe's serious and critical violations plus the rules the issue names, and
 * a visible focus indicator on every Tab stop.
 */

/**
 * Rules axe rates moderate that the issue names: the main landmark, content outside landmarks, heading levels in order.
 * They fail the test like any serious or critical violation.
 */
export const NAMED_RULES = new Set(['landmark-one-main', 'region', 'heading-order', 'page-has-heading-one', 'landmark-unique', 'landmark-no-duplicate-main']);

/** axe on the page as it is now; returns "where: rule: nodes" for each serious or critical violation (and the named ones). */
export async function violations(page: Page, where: string): Promise<string[]> {
  const result = await new AxeCheck(page).analyze();
  return result.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical' || NAMED_RULES.has(v.id))
    .map((v) => `${where}: ${v.id} (${v.impact}): ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

/**
 * Tabs through the page (up to 80 stops) and names every focused element without a visible focus indicator: an
 * outline, or a ring (box-shadow) on it or on the card around it that shows focus within.
 */
export async function missingFocusRings(page: Page, where: string): Promise<string[]> {
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
export async function settled(page: Page) {
  await page.getByRole('heading', { level: 1 }).first().waitFor();
  await expect.poll(() => page.locator('main [aria-busy="true"], main [data-loading="true"]').count(), { timeout: 15_000 }).toBe(0);
  await page.waitForLoadState('networkidle').catch(() => undefined);
}

export const ADMIN_TABS = ['Payments', 'Stripe Events', 'Coupons', 'Bonus Credits', 'Packages', 'Inbox', 'Dealers', 'Trial Links', 'Operations'];
export const SUPPORT_SECTIONS = ['Getting Started', 'Photo Guide', 'FAQ', 'Contact Us', 'Terms & Conditions', 'Privacy Policy'];

/** A signed-in page's findings, each "where: what" with the viewport's width. */
export function findings(page: Page, width: number) {
  const found: string[] = [];
  return {
    found,
    check: async (where: string) => found.push(...(await violations(page, `${where} ${width}px`))),
    checkFocus: async (where: string) => found.push(...(await missingFocusRings(page, `${where} ${width}px`))),
  };
}

export const VIEWPORTS = [
  { width: 1280, height: 800 },
  { width: 375, height: 740 },
];

/**
 * A super user signed in through the mailed link at the given viewport, with a refunded car package named `name`
 * (every angle failed: its detail has Start again and Delete, the admin's Packages tab lists it). The package is
 * rendered by the real workflow definition with the scripted renderer, in this process, against the shared host's
 * table and buckets (useLocalHost() must have run before).
 */
export async function useSuperUserWithRefundedPackage(session: { readonly url: string; readonly browser: Browser }) {
  const h = await import('../support/car-package-harness');
  const { startCarPackage } = await import('../../functions/src/car-packages/start-package');
  const { DynamoDbAccountStore } = await import('../../functions/src/accounts/dynamodb-account-store');
  const { promoteToSuperUser } = await import('../../functions/src/accounts/super-user');
  const sfn = await h.TestStepFunctions.start();
  afterAll(() => sfn.close());
  return async (name: string, viewport: { width: number; height: number }, label: string) => {
    const signedIn = await signedInDealer(session.browser, session.url, { name: label, dealerName: 'Axe Motors', viewport });
    await promoteToSuperUser(new DynamoDbAccountStore(), signedIn.email);
    const sub = (await h.adapters.accounts.findSubByEmail(signedIn.email))!;
    const w = await h.scriptedWorkflow(sfn, { outcomes: { '*': ['permanent'] } });
    const id = await h.createUploadedDraft(sub, [{ bytes: await h.carPhoto(), angle: 'front_left_corner' }], name);
    await startCarPackage(w.packageDeps, sub, id);
    await w.settle();
    return signedIn;
  };
}

type Session = { readonly url: string; readonly browser: Browser };
type SuperUser = Awaited<ReturnType<typeof useSuperUserWithRefundedPackage>>;
type Viewport = { width: number; height: number };

/**
 * The dashboard, its dialogs (and the navigation drawer below 768 px) and the car package pages of a super user with a
 * refunded car package, at one width: axe clean, focus visible. The other dashboard pages: otherDashboardPagesAreAxeClean.
 */
export async function dashboardAndPackagesAreAxeClean(session: Session, superUser: SuperUser, viewport: Viewport) {
  const w = viewport.width;
  const name = `Axe check ${w} Cupra Born`;
  const { page } = await superUser(name, viewport, `axe-${w}`);
  const { found, check, checkFocus } = findings(page, w);

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
  // One front-corner photo: a package of that one angle (the angles its photos give), failed in rendering and refunded.
  await expect.poll(() => page.locator('[data-testid=angle-card][data-status=failed]').count()).toBe(1);
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

  expect(found).toEqual([]);
}

/** My Images, the Image Processor, Settings and its toasts of a super user, at one width: axe clean, focus visible. */
export async function otherDashboardPagesAreAxeClean(session: Session, superUser: SuperUser, viewport: Viewport) {
  const w = viewport.width;
  const { page } = await superUser(`Axe pages check ${w} Cupra Born`, viewport, `axe-pages-${w}`);
  const { found, check, checkFocus } = findings(page, w);

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
  await screenshot(page, { path: `test-results/a11y-toasts-${w}.png` });
  await check('toasts');

  expect(found).toEqual([]);
}

/** Every Support section of a super user with a refunded car package, at one width: axe clean, focus visible. */
export async function supportIsAxeClean(session: Session, superUser: SuperUser, viewport: Viewport) {
  const w = viewport.width;
  const { page } = await superUser(`Axe support check ${w} Cupra Born`, viewport, `axe-support-${w}`);
  const { found, check, checkFocus } = findings(page, w);

  await page.goto(`${session.url}/dashboard/support`);
  await settled(page);
  for (const section of SUPPORT_SECTIONS) {
    await page.getByRole('navigation', { name: 'Support sections' }).getByRole('button', { name: section }).click();
    await expect.poll(() => page.getByRole('button', { name: section }).getAttribute('aria-current')).toBe('true');
    await check(`support: ${section}`);
    await checkFocus(`support: ${section}`);
  }

  expect(found).toEqual([]);
}

/** Every admin tab of a super user with a refunded car package (the Packages tab lists it), at one width: axe clean, focus visible. */
export async function adminTabsAreAxeClean(session: Session, superUser: SuperUser, viewport: Viewport) {
  const w = viewport.width;
  const { page } = await superUser(`Axe admin check ${w} Cupra Born`, viewport, `axe-admin-${w}`);
  const { found, check, checkFocus } = findings(page, w);

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
}
