import { mkdir } from 'node:fs/promises';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { MESSAGES } from '@shared/messages';
import { useBrowserSession } from '../support/browser';
import { mailbox, signedInDealer } from '../support/sign-in';
import { screenshot } from '../support/screenshot';

const session = useBrowserSession();
const SHOTS = '.cache/screenshots';

/**
 * Settings: the logo for studio images is uploaded as a file (never fetched from the Logo URL), and a dealer deletes
 * the whole account through a confirm dialog, is signed out and gets a confirmation mail.
 */
describe('Settings: logo upload and account deletion', () => {
  for (const viewport of [
    { width: 1280, height: 900 },
    { width: 375, height: 812 },
  ]) {
    it(`uploads a logo and deletes the account at ${viewport.width} px`, async () => {
      await mkdir(SHOTS, { recursive: true });
      const { page, errors, email } = await signedInDealer(session.browser, session.url, { name: `privacy-${viewport.width}`, viewport, page: '/dashboard/settings' });
      await page.getByRole('heading', { name: 'Logo on your images' }).waitFor();
      await page.getByText('No logo').waitFor();

      const logo = await sharp({ create: { width: 300, height: 120, channels: 3, background: '#c00000' } }).png().toBuffer();
      await page.locator('input[type=file]').setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: logo });
      await page.getByText(MESSAGES.logoSaved.title).waitFor();
      const preview = page.getByRole('img', { name: 'Your logo' });
      await preview.waitFor();
      await expect.poll(() => preview.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
      await page.getByRole('button', { name: 'Replace logo' }).waitFor();
      await screenshot(page, { path: `${SHOTS}/settings-logo-${viewport.width}.png`, fullPage: true });

      await page.getByRole('button', { name: 'Delete my account' }).click();
      const dialog = page.getByRole('dialog', { name: 'Delete your account?' });
      await dialog.waitFor();
      await screenshot(page, { path: `${SHOTS}/settings-delete-dialog-${viewport.width}.png` });
      // Cancel keeps everything.
      await dialog.getByRole('button', { name: 'Cancel' }).click();
      await dialog.waitFor({ state: 'detached' });
      await page.getByRole('button', { name: 'Delete my account' }).click();
      await dialog.getByRole('button', { name: 'Delete my account' }).click();
      await page.waitForURL(`${session.url}/`);
      await page.getByText(MESSAGES.accountErased.title).waitFor();
      await expect.poll(async () => (await mailbox(session.url)).filter((m) => m.to === email && m.subject === 'Your Studio Lot account was deleted').length).toBe(1);
      // Signed out: the dashboard sends the visitor back.
      await page.goto(`${session.url}/dashboard/settings`);
      await page.waitForURL(`${session.url}/?return_to=%2Fdashboard%2Fsettings`);
      expect(errors.filter((e) => !/Failed to load resource/.test(e))).toEqual([]);
    }, 120_000);
  }
});
