import type { Page } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import { MESSAGES, RETRY_MESSAGES } from '@shared/messages';
import { openPage, useBrowserSession } from '../support/browser';
import { useLocalHost } from '../support/local-host';
import { signedInDealer } from '../support/sign-in';
import { screenshot } from '../support/screenshot';

/**
 * Issue 26, point 4, the behaviours a keyboard user relies on: the skip link, focus back on the opener whenever a
 * dialog closes, where the purchase dialog and the mobile drawer start, and the trial dialog starting empty again.
 */
const session = useBrowserSession();
useLocalHost();
const h = await import('../support/car-package-harness');
const { startCarPackage } = await import('../../functions/src/car-packages/start-package');
const sfn = await h.TestStepFunctions.start();
afterAll(() => sfn.close());

/** What has focus: its role, accessible-ish name and whether it sits in the main region. */
const focused = (page: Page) =>
  page.evaluate(() => {
    const el = document.activeElement as HTMLElement | null;
    return {
      tag: el?.tagName.toLowerCase() ?? '',
      id: el?.id ?? '',
      role: el?.getAttribute('role') ?? '',
      text: (el?.getAttribute('aria-label') || el?.textContent || '').trim(),
      inMain: Boolean(el?.closest('main')),
      outline: el ? getComputedStyle(el).outlineStyle : 'none',
    };
  });

/** Presses a key on the element with focus and waits for the dialog to be gone. */
async function closeWith(page: Page, how: 'Escape' | { button: string }) {
  const dialog = page.getByRole('dialog');
  if (how === 'Escape') await page.keyboard.press('Escape');
  else await dialog.getByRole('button', { name: how.button, exact: true }).first().click();
  await dialog.waitFor({ state: 'detached' });
  // Radix gives focus back in a task after the dialog unmounts: callers poll for where it went.
}

/** Focuses a button by keyboard (focus(), then Enter), as a keyboard user opens it. */
async function openByKeyboard(page: Page, button: ReturnType<Page['getByRole']>) {
  await button.focus();
  await page.keyboard.press('Enter');
  await page.getByRole('dialog').waitFor();
}

describe('keyboard use of the dashboard', () => {
  for (const viewport of [{ width: 1280, height: 800 }, { width: 375, height: 740 }]) {
    const w = viewport.width;
    it(`the first Tab stop is a visible skip link that moves focus into the main region (${w} px)`, async () => {
      const { page } = await signedInDealer(session.browser, session.url, { name: `skip-${w}`, viewport });
      await page.getByTestId('total-credits').waitFor();
      await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
      await page.keyboard.press('Tab');
      const skip = await focused(page);
      expect(skip.text).toBe('Skip to content');
      expect(skip.outline).not.toBe('none');
      const box = (await page.getByRole('link', { name: 'Skip to content' }).boundingBox())!;
      expect(box.width).toBeGreaterThan(40); // shown on focus, not a 1 px sr-only box
      await screenshot(page, { path: `test-results/a11y-skip-link-${w}.png` });
      await page.keyboard.press('Enter');
      expect(await focused(page)).toMatchObject({ tag: 'main', id: 'main' });
      // The next Tab starts inside the page, past the sidebar.
      await page.keyboard.press('Tab');
      expect((await focused(page)).inMain).toBe(true);
    }, 90_000);
  }

  it('the purchase dialog opens on its first choice; Escape and the X give focus back to Buy Credits', async () => {
    const { page } = await signedInDealer(session.browser, session.url, { name: 'purchase-focus' });
    const buy = page.getByRole('button', { name: 'Buy Credits' });
    await openByKeyboard(page, buy);
    const dialog = page.getByRole('dialog', { name: 'Purchase Credits' });
    await dialog.getByRole('radio').first().waitFor();
    const firstChoice = (await dialog.getByRole('radio').first().textContent())!.trim();
    await expect.poll(async () => (await focused(page)).role).toBe('radio');
    await expect.poll(async () => (await focused(page)).text).toBe(firstChoice);
    await screenshot(page, { path: 'test-results/a11y-purchase-first-choice-1280.png' });
    await closeWith(page, 'Escape');
    await expect.poll(async () => (await focused(page)).text).toBe('Buy Credits');

    // Opened again (the packages are cached now, so the list is there at once): the first choice again, then the X.
    await openByKeyboard(page, buy);
    await expect.poll(async () => (await focused(page)).text).toBe(firstChoice);
    await closeWith(page, { button: 'Close' });
    await expect.poll(async () => (await focused(page)).text).toBe('Buy Credits');
  }, 90_000);

  it('under 768 px the drawer opens on its first item (not Logout) and focus returns to its toggle', async () => {
    const { page } = await signedInDealer(session.browser, session.url, { name: 'drawer-focus', viewport: { width: 375, height: 740 } });
    const toggle = page.getByRole('button', { name: 'Toggle sidebar' });
    await openByKeyboard(page, toggle);
    const sheet = page.getByRole('dialog', { name: 'Dashboard navigation' });
    await sheet.getByRole('link', { name: 'Dashboard' }).waitFor();
    await expect.poll(async () => (await focused(page)).text).toBe('Dashboard');
    expect((await focused(page)).tag).toBe('a');
    await screenshot(page, { path: 'test-results/a11y-drawer-375.png' });
    await closeWith(page, 'Escape');
    await expect.poll(async () => (await focused(page)).text).toBe('Toggle sidebar');
  }, 90_000);

  it('Delete, Start again and Delete my account give focus back to the button that opened them', async () => {
    const { page, email } = await signedInDealer(session.browser, session.url, { name: 'confirm-focus' });
    const sub = (await h.adapters.accounts.findSubByEmail(email))!;
    const wf = await h.scriptedWorkflow(sfn, { outcomes: { '*': ['permanent'] } });
    const name = 'Focus check 2020 VW ID.3';
    const id = await h.createUploadedDraft(sub, [{ bytes: await h.carPhoto(), angle: 'front_left_corner' }], name);
    await startCarPackage(wf.packageDeps, sub, id);
    await wf.settle();

    await page.goto(`${session.url}/dashboard/car-packages`);
    await page.getByTestId('package-card').filter({ hasText: name }).getByRole('button').first().click();
    const detail = page.getByTestId('package-detail');
    await detail.getByRole('heading', { name }).waitFor();
    for (const [label, close] of [
      ['Delete', { button: 'Cancel' }],
      ['Delete', 'Escape'],
      [RETRY_MESSAGES.startAgainButton, { button: 'Cancel' }],
      [RETRY_MESSAGES.startAgainButton, { button: 'Close' }],
    ] as const) {
      await openByKeyboard(page, detail.getByRole('button', { name: label }));
      await closeWith(page, close);
      await expect.poll(async () => (await focused(page)).text, { message: `${label} closed with ${JSON.stringify(close)}` }).toBe(label);
    }

    await page.goto(`${session.url}/dashboard/settings`);
    const erase = page.getByRole('button', { name: 'Delete my account' });
    await openByKeyboard(page, erase);
    await closeWith(page, { button: 'Cancel' });
    await expect.poll(async () => (await focused(page)).text).toBe('Delete my account');
  }, 240_000);

  it('an error answer without a code shows the generic text, never the raw body or a field name', async () => {
    const { page } = await signedInDealer(session.browser, session.url, { name: 'raw-error', page: '/dashboard/settings' });
    await expect.poll(() => page.getByLabel('Dealership Name').inputValue()).not.toBe('');
    // What a gateway or proxy might answer: JSON of its own, with no { message, code }.
    await page.route('**/api/profile', (route) =>
      route.request().method() === 'PATCH'
        ? route.fulfill({ status: 502, contentType: 'application/json', body: '{"errorType":"Runtime.Unhandled","field":"dealer_name"}' })
        : route.fallback(),
    );
    await page.getByRole('button', { name: 'Update Profile' }).click();
    const toast = page.locator('[data-sonner-toast]').filter({ hasText: MESSAGES.settingsUpdateFailedTitle });
    await toast.getByText(MESSAGES.internalError).waitFor();
    expect(await toast.textContent()).not.toMatch(/dealer_name|errorType|[{}]/);
  }, 90_000);
});

describe('the public dialogs', () => {
  it('the trial dialog: Cancel, the X and Escape clear the fields and the error; focus returns to the opener', async () => {
    const { page, context } = await openPage(session.browser);
    await page.goto(session.url, { waitUntil: 'networkidle' });
    const opener = page.getByRole('banner').getByRole('button', { name: 'Test for FREE!' });
    for (const close of [{ button: 'Cancel' }, { button: 'Close' }, 'Escape'] as const) {
      await openByKeyboard(page, opener);
      const dialog = page.getByRole('dialog');
      await dialog.getByLabel('Email').fill('not-an-address');
      await dialog.getByLabel('Dealership name (optional)').fill('Harbor Motors');
      await dialog.getByRole('button', { name: 'Start Free Trial' }).click();
      await dialog.getByRole('alert').getByText(MESSAGES.invalidEmail).waitFor();
      await closeWith(page, close);
      await expect.poll(async () => (await focused(page)).text, { message: `closed with ${JSON.stringify(close)}` }).toBe('Test for FREE!');

      await openByKeyboard(page, opener);
      expect(await dialog.getByLabel('Email').inputValue()).toBe('');
      expect(await dialog.getByLabel('Dealership name (optional)').inputValue()).toBe('');
      expect(await dialog.getByRole('alert').count()).toBe(0);
      await closeWith(page, 'Escape');
    }
    await context.close();
  }, 90_000);

  it('the login dialog: focus returns to Login; the sent view hedges (no account, or a link in the last minute)', async () => {
    const { page, context } = await openPage(session.browser);
    await page.goto(session.url, { waitUntil: 'networkidle' });
    const login = page.getByRole('banner').getByRole('button', { name: 'Login' });
    await openByKeyboard(page, login);
    await closeWith(page, 'Escape');
    await expect.poll(async () => (await focused(page)).text).toBe('Login');

    await openByKeyboard(page, login);
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Email').fill(`nobody-${Date.now()}@example.com`);
    await dialog.getByRole('button', { name: 'Send Magic Link' }).click();
    await dialog.getByRole('heading', { name: 'Check your email' }).waitFor({ timeout: 20_000 });
    await dialog.getByText(MESSAGES.magicLinkSentView).waitFor();
    expect(await dialog.textContent()).not.toContain('We sent a magic link');
    await closeWith(page, { button: 'Close' });
    await expect.poll(async () => (await focused(page)).text).toBe('Login');
    await context.close();
  }, 90_000);
});
