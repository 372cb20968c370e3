import sharp from 'sharp';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { MESSAGES } from '@shared/messages';
import { PLATE_MESSAGES, PLATE_TREATMENT_LABELS } from '@shared/plates';
import { useBrowserSession } from '../support/browser';
import { mailbox, signedInDealer } from '../support/sign-in';
import { screenshot } from '../support/screenshot';

const session = useBrowserSession();

const nav = (page: Page) => page.getByRole('navigation', { name: 'Dashboard navigation' });
const sidebarState = (page: Page) => page.getByTestId('sidebar').getAttribute('data-state');

describe('dashboard shell', () => {
  it('sidebar: standard items, Ctrl+B collapses to icons, the cookie keeps it collapsed after a reload', async () => {
    const { page, context } = await signedInDealer(session.browser, session.url, { name: 'shell', dealerName: 'Harbor Motors' });
    const links = await nav(page).getByRole('link').allTextContents();
    expect(links).toEqual(['Dashboard', 'Car Packages', 'Settings', 'Support']);
    expect(await nav(page).getByRole('link', { name: 'Car Packages' }).getAttribute('href')).toBe('/dashboard/car-packages');
    expect(await nav(page).getByRole('link', { name: 'Dashboard' }).getAttribute('aria-current')).toBe('page');
    await screenshot(page, { path: 'test-results/dashboard-1280.png' });
    const expandedWidth = (await nav(page).boundingBox())!.width;
    expect(expandedWidth).toBe(256); // 16rem

    await page.keyboard.press('Control+b');
    await expect.poll(() => sidebarState(page)).toBe('collapsed');
    await expect.poll(async () => (await nav(page).boundingBox())!.width).toBe(48); // 3rem
    const cookie = (await context.cookies()).find((c) => c.name === 'sidebar_state');
    expect(cookie?.value).toBe('false');
    const days = (cookie!.expires - Date.now() / 1000) / 86_400;
    expect(days).toBeGreaterThan(6.9);
    expect(days).toBeLessThanOrEqual(7);
    await screenshot(page, { path: 'test-results/dashboard-collapsed-1280.png' });

    await page.reload();
    await page.getByRole('heading', { level: 1, name: 'Dashboard' }).waitFor();
    expect(await sidebarState(page)).toBe('collapsed');
    // Icons still name their page for screen readers, keep their size and sit in the middle of the 3rem column.
    for (const name of ['Dashboard', 'Settings']) {
      const box = (await nav(page).getByRole('link', { name }).boundingBox())!;
      expect(box.height).toBe(40);
      const icon = (await nav(page).getByRole('link', { name }).locator('svg').boundingBox())!;
      expect(Math.abs(icon.x + icon.width / 2 - 24)).toBeLessThanOrEqual(1);
    }

    await page.keyboard.press('Control+b');
    await expect.poll(() => sidebarState(page)).toBe('expanded');
    await nav(page).getByRole('link', { name: 'Support' }).click();
    await page.getByRole('heading', { level: 1, name: 'Support Center' }).waitFor();
  }, 90_000);

  it('under 768 px: a header toggle opens the sidebar as a sheet', async () => {
    const { page } = await signedInDealer(session.browser, session.url, { name: 'mobile', dealerName: 'Harbor Motors', viewport: { width: 375, height: 740 } });
    expect(await nav(page).count()).toBe(0);
    await screenshot(page, { path: 'test-results/dashboard-375.png' });
    // The welcome toast arrives with the page; on a phone it must sit below the header, never over its menu button.
    const toast = page.locator('[data-sonner-toast]').first();
    await toast.waitFor();
    const toggle = page.getByRole('button', { name: 'Toggle sidebar' });
    const headerBottom = (await page.locator('header').first().boundingBox())!.y + (await page.locator('header').first().boundingBox())!.height;
    // (polled: the toast slides in from above the viewport)
    await expect.poll(async () => (await toast.boundingBox())!.y, { timeout: 3000 }).toBeGreaterThanOrEqual(headerBottom);
    await toggle.hover(); // a resting finger or pointer keeps the toast open: the menu must still work under it
    await toggle.click();
    const sheet = page.getByRole('dialog', { name: 'Dashboard navigation' });
    await sheet.waitFor();
    expect(Math.round((await sheet.boundingBox())!.width)).toBe(288); // 18rem
    await sheet.getByText('Harbor Motors').waitFor();
    await screenshot(page, { path: 'test-results/dashboard-sheet-375.png' });
    await sheet.getByRole('link', { name: 'Settings' }).click();
    await page.getByRole('heading', { level: 1, name: 'Settings' }).waitFor();
    await sheet.waitFor({ state: 'hidden' });
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await screenshot(page, { path: 'test-results/settings-375.png' });
  }, 90_000);
});

describe('settings', () => {
  it('shows the e-mail read-only, checks the logo URL, saves name and logo, and they survive a reload', async () => {
    const { page, email } = await signedInDealer(session.browser, session.url, { name: 'settings', dealerName: 'Old Name Autos', page: '/dashboard/settings' });
    await page.getByText('Standard User').waitFor();
    const emailField = page.getByLabel('Email');
    expect(await emailField.inputValue()).toBe(email);
    expect(await emailField.isEditable()).toBe(false);
    await page.getByText(MESSAGES.emailCannotChange).waitFor();
    await page.getByRole('heading', { name: 'Account Actions' }).waitFor();
    expect(await page.getByText('Advanced features').count()).toBe(0);

    const name = page.getByLabel('Dealership Name');
    await expect.poll(() => name.inputValue()).toBe('Old Name Autos');
    await name.fill('Bayview Car Center');
    await page.getByLabel('Logo URL').fill('http://example.com/logo.png');
    const patches: string[] = [];
    page.on('request', (r) => r.method() === 'PATCH' && patches.push(r.url()));
    await page.getByRole('button', { name: 'Update Profile' }).click();
    await page.getByText(MESSAGES.logoUrlInvalid).waitFor();
    expect(patches).toEqual([]);

    await page.getByLabel('Logo URL').fill('https://cdn.example.com/bayview/logo.png');
    await page.getByRole('button', { name: 'Update Profile' }).click();
    await page.getByText(MESSAGES.profileUpdated.title).waitFor();
    expect(patches).toHaveLength(1);
    await page.getByTestId('sidebar-dealer-name').getByText('Bayview Car Center').waitFor();
    await screenshot(page, { path: 'test-results/settings-1280.png' });

    await page.reload();
    await expect.poll(() => page.getByLabel('Dealership Name').inputValue()).toBe('Bayview Car Center');
    expect(await page.getByLabel('Logo URL').inputValue()).toBe('https://cdn.example.com/bayview/logo.png');

    // Log Out from Account Actions.
    await page.getByRole('button', { name: 'Log Out' }).click();
    await page.getByText(MESSAGES.signedOut.title).waitFor();
    await page.waitForURL(`${session.url}/`);
  }, 90_000);
});

describe('number plates', () => {
  it('the default chosen in Settings is saved at once, survives a reload and is the package form\'s first choice, which the dealer can change', async () => {
    const { page } = await signedInDealer(session.browser, session.url, { name: 'plates', viewport: { width: 375, height: 740 }, page: '/dashboard/settings' });
    const select = page.getByRole('combobox', { name: 'Number plate' });
    await expect.poll(() => select.textContent()).toBe(PLATE_TREATMENT_LABELS.keep);
    await select.click();
    // The logo plate waits for an uploaded logo, and says so.
    expect(await page.getByRole('option', { name: PLATE_MESSAGES.logoUnavailable }).getAttribute('aria-disabled')).toBe('true');
    await page.getByRole('option', { name: PLATE_TREATMENT_LABELS.blur }).click();
    await page.getByText(PLATE_MESSAGES.saved).waitFor();
    await screenshot(page, { path: 'test-results/settings-plates-375.png' });
    await page.reload();
    await expect.poll(() => page.getByRole('combobox', { name: 'Number plate' }).textContent(), { timeout: 15_000 }).toBe(PLATE_TREATMENT_LABELS.blur);

    await page.goto(`${session.url}/dashboard/car-packages?tab=upload`);
    const formSelect = page.getByRole('combobox', { name: 'Number plate' });
    // The form shows the product's default until /api/me answers (over a second on a loaded machine), then the dealer's.
    await expect.poll(() => formSelect.textContent(), { timeout: 15_000 }).toBe(PLATE_TREATMENT_LABELS.blur);
    await page.getByText(PLATE_MESSAGES.formHint).waitFor();
    await formSelect.click();
    await page.getByRole('option', { name: PLATE_TREATMENT_LABELS.keep }).click();
    await expect.poll(() => formSelect.textContent()).toBe(PLATE_TREATMENT_LABELS.keep);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await formSelect.scrollIntoViewIfNeeded();
    await screenshot(page, { path: 'test-results/car-packages-plate-375.png' });
  }, 90_000);
});

describe('motion', () => {
  it('loading placeholders pulse only where the system allows motion: with "reduce motion" on they stand still', async () => {
    const { page } = await signedInDealer(session.browser, session.url, { name: 'motion' });
    // My Images' list is held back, so its loading placeholders stay on screen while they are looked at.
    let release!: () => void;
    const held = new Promise<void>((r) => (release = r));
    await page.route('**/api/images*', async (route) => {
      await held;
      await route.continue();
    });
    await page.goto(`${session.url}/dashboard/images`);
    const placeholder = page.locator('.aspect-\\[3\\/2\\][aria-hidden="true"]').first();
    await placeholder.waitFor();
    const animation = () => placeholder.evaluate((el) => getComputedStyle(el).animationName);
    // The test pages ask for reduced motion (tests/support/browser.ts), as a dealer's system setting does.
    expect(await animation()).toBe('none');
    await page.emulateMedia({ reducedMotion: 'no-preference' });
    await expect.poll(animation).toBe('pulse');
    release();
    await page.getByRole('heading', { level: 1 }).first().waitFor();
  }, 90_000);
});

describe('support center', () => {
  it('#contact opens Contact Us; a ticket with an attachment is confirmed and mailed to support', async () => {
    const { page, email } = await signedInDealer(session.browser, session.url, { name: 'support', dealerName: 'Gulf Coast Autos' });
    await page.goto(`${session.url}/dashboard/support#contact`);
    await page.getByRole('heading', { level: 1, name: 'Support Center' }).waitFor();
    const tabs = await page.getByRole('navigation', { name: 'Support sections' }).getByRole('button').allTextContents();
    expect(tabs).toEqual(['Getting Started', 'Photo Guide', 'FAQ', 'Contact Us', 'Terms & Conditions', 'Privacy Policy']);
    expect(await page.getByRole('button', { name: 'Contact Us' }).getAttribute('aria-current')).toBe('true');
    expect(await page.getByLabel('Email').inputValue()).toBe(email);

    // Help text true to the product's rules.
    await page.getByRole('button', { name: 'FAQ' }).click();
    await page.getByText('How many images do I get?').click();
    await page.getByText(/the angles your photos show, up to the 8 standard angles, for 1 credit, whatever the number of photos \(1 to 15\) you upload: you get every angle your photos show/).waitFor();
    await page.getByText(/one image per uploaded photo, at 1 credit each/).waitFor();
    await page.getByRole('button', { name: 'Contact Us' }).click();

    // Nothing is sent with blank fields.
    await page.getByRole('button', { name: 'Send Message' }).click();
    await page.getByText('Subject is required').waitFor();

    const marker = `Download button greyed out ${Date.now()}`;
    await page.getByLabel('Name').fill('Rosa Delgado');
    await page.getByLabel('Category').selectOption('bug');
    await page.getByLabel('Subject').fill(marker);
    await page.getByLabel('Message').fill('The Download button of the Rear View angle stays grey. Screenshot attached.');
    const png = await sharp({ create: { width: 320, height: 200, channels: 3, background: '#1d4ed8' } }).png().toBuffer();
    await page.getByTestId('attachment-input').setInputFiles({ name: 'screenshot.png', mimeType: 'image/png', buffer: png });
    await page.getByTestId('attachment-name').getByText('screenshot.png').waitFor();
    await screenshot(page, { path: 'test-results/support-1280.png' });
    await page.getByRole('button', { name: 'Send Message' }).click();
    await page.getByRole('heading', { name: 'Message Sent!' }).waitFor({ timeout: 15_000 });
    await page.getByText(/within 24 hours on business days/).first().waitFor();

    await expect
      .poll(async () => (await mailbox(session.url)).find((m) => m.subject.includes(marker) || m.text.includes(marker)), { timeout: 10_000 })
      .toBeTruthy();
    const mail = (await mailbox(session.url)).find((m) => m.subject.includes(marker) || m.text.includes(marker))!;
    expect(mail.to).not.toBe(email);
    expect(mail.text).toContain('screenshot.png');
  }, 90_000);

  it('refuses an attachment of another type before sending anything', async () => {
    const { page } = await signedInDealer(session.browser, session.url, { name: 'support-type', viewport: { width: 375, height: 740 } });
    await page.goto(`${session.url}/dashboard/support#contact`);
    await page.getByTestId('attachment-input').setInputFiles({ name: 'tool.exe', mimeType: 'application/x-msdownload', buffer: Buffer.from('MZ') });
    await page.getByText(/tool\.exe: This file type is not accepted\. Please send JPG, PNG, WebP, PDF, TXT, DOC or DOCX\./).waitFor();
    expect(await page.getByTestId('attachment-name').count()).toBe(0);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await screenshot(page, { path: 'test-results/support-375.png' });
  }, 90_000);
});
