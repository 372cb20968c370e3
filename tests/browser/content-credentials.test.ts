import { readFile, writeFile } from 'node:fs/promises';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { ANGLE_LABELS, type Angle } from '@shared/angles';
import { CONTENT_CREDENTIALS } from '@shared/content-credentials';
import { openPage, useBrowserSession, downloadedBytes } from '../support/browser';
import { clickGenerate } from '../support/package-form';
import { signedInDealer } from '../support/sign-in';
import { screenshot } from '../support/screenshot';

// The verify page's "The car itself: checked" line is the studio compositor's car check.
const session = useBrowserSession({ renderer: 'studio' });
const CARS = join(import.meta.dirname, '../fixtures/cars');
const PLAIN = join(CARS, 'bmw-x3-blue-front34-parked-4540px.jpg');
const TERMINAL = ['Completed', 'Partial complete', 'Error'];

/** No sideways scroll once the layout has settled (right after a viewport change the dialog is still laid out for the old width). */
async function noHorizontalScroll(page: Page, width: number) {
  await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth), { timeout: 5_000 }).toBeLessThanOrEqual(width);
}

/** A package of one photo made through the form; the first finished angle's image downloaded from the viewer. */
async function studioImageFromViewer(page: Page): Promise<string> {
  await page.goto(`${session.url}/dashboard/car-packages?tab=upload`);
  await page.getByLabel('Car Name / Description').fill('2021 Cupra Born credentials');
  await page.getByTestId('photo-input').setInputFiles([join(CARS, 'cupra-born-grey-front34-street.jpg')]);
  await expect.poll(() => page.getByTestId('photo-thumbnail').count()).toBe(1);
  await clickGenerate(page);
  const badge = page.getByTestId('package-detail').getByTestId('package-status').first();
  await expect.poll(() => badge.textContent(), { timeout: 180_000, interval: 500 }).toSatisfy((s: string | null) => TERMINAL.includes(s ?? ''));

  const card = page.locator('[data-testid=angle-card][data-status=completed]').first();
  const label = ANGLE_LABELS[(await card.getAttribute('data-angle')) as Angle];
  await card.getByRole('button', { name: `View ${label} Enhanced` }).click();
  const viewer = page.getByRole('dialog', { name: `${label} Enhanced` });
  await expect.poll(() => viewer.getByRole('img').evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0), { timeout: 15_000 }).toBe(true);

  // The mark, opened: what the image's own credentials say, in the dealer's words.
  const mark = viewer.getByRole('button', { name: CONTENT_CREDENTIALS.mark });
  expect(await mark.getAttribute('aria-expanded')).toBe('false');
  await mark.click();
  const report = viewer.getByTestId('credentials-report');
  await report.waitFor({ timeout: 30_000 });
  expect(await report.getAttribute('data-status')).toBe('signed_by_us');
  const text = (await report.textContent()) ?? '';
  expect(text).toContain(CONTENT_CREDENTIALS.status.signed_by_us);
  expect(text).toMatch(/What was changed.*Background replaced \(Studio\).*Light adjusted/);
  expect(text).toMatch(/What was not.*The car itself: checked against the original photo, similarity \d\.\d\d \(at least 0\.75 needed\)/);
  expect(text).toMatch(/When.*Made with.*Studio Lot local renderer · u2netp \(onnxruntime-node\)/);
  expect(text).toContain('Your original photo is kept, unchanged, with this package.');
  await report.scrollIntoViewIfNeeded();
  await screenshot(page, { path: 'test-results/content-credentials-viewer-1280.png', fullPage: false });
  await page.setViewportSize({ width: 375, height: 740 });
  await noHorizontalScroll(page, 375);
  await screenshot(page, { path: 'test-results/content-credentials-viewer-375.png', fullPage: false });
  await page.setViewportSize({ width: 1280, height: 800 });

  const [download] = await Promise.all([page.waitForEvent('download'), viewer.getByRole('button', { name: 'Download Image' }).click()]);
  const path = join(mkdtempSync(join(tmpdir(), 'c2pa-download-')), download.suggestedFilename());
  await writeFile(path, await downloadedBytes(download));
  return path;
}

async function dropOnVerify(page: Page, file: string) {
  await page.getByTestId('verify-input').setInputFiles(file);
  const report = page.getByTestId('credentials-report');
  await expect.poll(() => report.getAttribute('data-status'), { timeout: 30_000 }).not.toBeNull();
  await page.getByRole('heading', { name: file.split('/').at(-1)! }).waitFor();
  return report;
}

describe('content credentials', () => {
  it('a downloaded studio image dropped on the public /verify page at 1280 and 375 px shows its credentials; a plain photo shows none', async () => {
    const dealer = await signedInDealer(session.browser, session.url, { name: 'credentials' });
    const studioImage = await studioImageFromViewer(dealer.page);
    expect(dealer.errors).toEqual([]);
    await dealer.context.close();

    for (const width of [1280, 375]) {
      // Anyone: a fresh browser with no account.
      const { page, context, errors } = await openPage(session.browser, { viewport: { width, height: width === 375 ? 740 : 800 } });
      await page.goto(`${session.url}/verify`);
      await page.getByRole('heading', { name: 'Check content credentials' }).waitFor();

      const report = await dropOnVerify(page, studioImage);
      expect(await report.getAttribute('data-status')).toBe('signed_by_us');
      const text = (await report.textContent()) ?? '';
      expect(text).toContain(CONTENT_CREDENTIALS.status.signed_by_us);
      expect(text).toMatch(/Background replaced.*Light adjusted/);
      expect(text).toMatch(/The car itself: checked against the original photo/);
      expect(text).toContain('identified in the credentials by its fingerprint (SHA-256)');
      await noHorizontalScroll(page, width);
      await screenshot(page, { path: `test-results/verify-studio-${width}.png`, fullPage: true });

      const plain = await dropOnVerify(page, PLAIN);
      expect(await plain.getAttribute('data-status')).toBe('none');
      expect(await plain.textContent()).toBe(CONTENT_CREDENTIALS.status.none);
      await noHorizontalScroll(page, width);
      await screenshot(page, { path: `test-results/verify-plain-${width}.png`, fullPage: true });

      // The studio image with one byte of its pixels changed: altered after signing.
      const bytes = await readFile(studioImage);
      bytes[bytes.length - 500] = bytes[bytes.length - 500]! ^ 0x01;
      const altered = join(mkdtempSync(join(tmpdir(), 'c2pa-altered-')), 'edited-listing-photo.jpg');
      await writeFile(altered, bytes);
      const changed = await dropOnVerify(page, altered);
      expect(await changed.getAttribute('data-status')).toBe('altered');
      expect(await changed.textContent()).toContain(CONTENT_CREDENTIALS.status.altered);
      if (width === 1280) await screenshot(page, { path: 'test-results/verify-altered-1280.png', fullPage: true });
      expect(errors).toEqual([]);
      await context.close();
    }
  }, 300_000);
});
