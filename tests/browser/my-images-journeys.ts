/**
 * My Images as a person sees it (the admin Dealers tab: admin-dealers.test.ts). The dealer signs in through the real
 * UI; their car packages are rendered by the real workflow definition with the scripted renderer (in the test's
 * process, against the shared host's table and buckets), so the page shows real studio images a moment later.
 * Imported after useLocalHost, whose environment these modules read.
 */
import { AxeCheck } from '../support/axe';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES, MY_IMAGES_MESSAGES } from '@shared/messages';
import { MY_IMAGES_PAGE_SIZE } from '@shared/schemas/images';
import { signedInDealer } from '../support/sign-in';
import * as h from '../support/car-package-harness';
import { startCarPackage } from '../../functions/src/car-packages/start-package';
import { screenshot } from '../support/screenshot';

const noSidewaysScroll = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth);

/** `count` finished packages of the dealer signed in with `email`, 8 studio images each. */
async function finishedPackages(sfn: Awaited<ReturnType<typeof h.TestStepFunctions.start>>, email: string, names: string[]) {
  const sub = (await h.adapters.accounts.findSubByEmail(email))!;
  expect(sub).toBeTruthy();
  const w = await h.scriptedWorkflow(sfn, {});
  const photo = await h.carPhoto();
  // The drafts and their uploads side by side (they wait on the host); started one after another, in order.
  const ids = await Promise.all(names.map((name) => h.createUploadedDraft(sub, h.ALL_ANGLE_TAGS.map((angle) => ({ bytes: photo, angle })), name)));
  for (const id of ids) await startCarPackage(w.packageDeps, sub, id);
  await w.settle();
}

/**
 * The My Images tests at `viewport` (and, with `failedLoad`, the failed load), against the file's host and browser.
 * Two files run them, one width each: both widths in one file took 92 s on a busy run, over the 90-s guard.
 */
export function describeMyImages(session: { readonly url: string; readonly browser: Browser }, viewport: { width: number; height: number }, { failedLoad }: { failedLoad: boolean }) {
let sfn: Awaited<ReturnType<typeof h.TestStepFunctions.start>>;
beforeAll(async () => {
  sfn = await h.TestStepFunctions.start();
});
afterAll(() => sfn.close());

describe('My Images', () => {
  {
    const w = viewport.width;

    it(`a new dealer sees No Images Yet with the way to a first car package (${w} px)`, async () => {
      const { page, context, errors } = await signedInDealer(session.browser, session.url, { name: `images-empty-${w}`, viewport, page: '/dashboard/images' });
      await page.getByRole('heading', { level: 1, name: MY_IMAGES_MESSAGES.title }).waitFor();
      const empty = page.getByTestId('images-empty');
      await empty.getByRole('heading', { name: MY_IMAGES_MESSAGES.emptyTitle }).waitFor();
      expect(await noSidewaysScroll(page)).toBeLessThanOrEqual(w);
      await screenshot(page, { path: `test-results/my-images-empty-${w}.png`, fullPage: true });
      await empty.getByRole('link', { name: MY_IMAGES_MESSAGES.createPackage }).click();
      await page.waitForURL(/\/dashboard\/car-packages\?tab=upload$/);
      expect(errors).toEqual([]);
      await context.close();
    }, 90_000);

    it(`a dealer's finished packages appear newest first; the viewer, View Original and Download work (${w} px)`, async () => {
      const { page, context, email, errors } = await signedInDealer(session.browser, session.url, { name: `images-${w}`, viewport, page: '/dashboard/images' });
      // At 1280 px enough images for a second page (24 per page): 4 packages, 32 images.
      const names = w === 1280 ? ['Older 2018 Audi A4', 'Mid 2019 BMW X3', 'Later 2020 Kia EV6', 'Newest 2021 Cupra Born'] : ['Newest 2021 Cupra Born'];
      await page.getByTestId('images-empty').waitFor();
      await finishedPackages(sfn, email, names);
      // The page picks them up without a reload (each completed angle is pushed live).
      const cards = page.getByTestId('image-card');
      await expect.poll(() => cards.count(), { timeout: 20_000 }).toBe(Math.min(names.length * 8, MY_IMAGES_PAGE_SIZE));
      // Newest first: the first card is of the last package rendered.
      const firstId = await cards.first().getAttribute('data-image-id');
      expect(firstId).toBeTruthy();
      await expect.poll(() => cards.first().locator('img').evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0), { timeout: 15_000 }).toBe(true);
      const today = new Date().toLocaleDateString('en-US', { year: 'numeric', month: 'short', day: 'numeric' });
      expect(await cards.first().locator('time').textContent()).toBe(today);
      if (names.length * 8 > MY_IMAGES_PAGE_SIZE) {
        await page.getByRole('button', { name: MY_IMAGES_MESSAGES.loadMore }).click();
        await expect.poll(() => cards.count()).toBe(names.length * 8);
        await expect.poll(() => page.getByRole('button', { name: MY_IMAGES_MESSAGES.loadMore }).count()).toBe(0);
        await page.evaluate(() => window.scrollTo(0, 0));
      }
      expect(await noSidewaysScroll(page)).toBeLessThanOrEqual(w);
      await screenshot(page, { path: `test-results/my-images-grid-${w}.png` });

      // The viewer: the studio image, titled with its label, with Download Image.
      const card = cards.first();
      const label = (await card.locator('p').first().textContent())!;
      await card.getByRole('button', { name: `View ${label} Enhanced` }).click();
      const viewer = page.getByRole('dialog', { name: `${label} Enhanced` });
      await expect.poll(() => viewer.locator('img').evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0), { timeout: 15_000 }).toBe(true);
      await screenshot(page, { path: `test-results/my-images-viewer-${w}.png` });
      const [download] = await Promise.all([page.waitForEvent('download'), viewer.getByRole('button', { name: 'Download Image' }).click()]);
      // Spec section 7: saved under the last segment of the image's path.
      expect(download.suggestedFilename()).toMatch(/^newest-2021-cupra-born-[a-z-]+\.jpg$/);
      await page.getByText(MESSAGES.downloaded).first().waitFor();
      // axe reads colours as painted: wait until the toast has faded in (sonner animates its opacity), or a
      // half-transparent frame is measured instead of what the dealer reads.
      const toast = page.locator('[data-sonner-toast]').filter({ hasText: MESSAGES.downloaded }).first();
      await expect.poll(() => toast.evaluate((el) => getComputedStyle(el).opacity)).toBe('1');
      // The open viewer is axe clean (issue 26); closing it gives focus back to the image that opened it.
      const axe = await new AxeCheck(page).analyze();
      expect(axe.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => v.id)).toEqual([]);
      await page.keyboard.press('Escape');
      await viewer.waitFor({ state: 'detached' });
      await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe(`View ${label} Enhanced`);

      // View Original: the dealer's photo in the viewer.
      await card.getByRole('button', { name: MY_IMAGES_MESSAGES.viewOriginal }).click();
      const original = page.getByRole('dialog', { name: MY_IMAGES_MESSAGES.originalTitle });
      await expect.poll(() => original.locator('img').evaluate((img: HTMLImageElement) => img.naturalWidth), { timeout: 15_000 }).toBe(480);
      await page.keyboard.press('Escape');
      await original.waitFor({ state: 'detached' });
      await expect.poll(() => page.evaluate(() => document.activeElement?.textContent?.trim())).toBe(MY_IMAGES_MESSAGES.viewOriginal);

      // Download from the card.
      const [fromCard] = await Promise.all([page.waitForEvent('download'), card.getByRole('button', { name: MY_IMAGES_MESSAGES.download, exact: true }).click()]);
      expect(fromCard.suggestedFilename()).toBe(download.suggestedFilename());
      expect(errors).toEqual([]);
      await context.close();
    }, 180_000);
  }

  if (failedLoad) it('a failed load says Failed to load images', async () => {
    const { page, context } = await signedInDealer(session.browser, session.url, { name: 'images-failed' });
    await page.route('**/api/images*', (route) => route.fulfill({ status: 403, contentType: 'application/json', body: JSON.stringify({ message: 'refused', code: 'forbidden' }) }));
    await page.goto(`${session.url}/dashboard/images`);
    await page.locator('[data-sonner-toast]').getByText(MESSAGES.imagesLoadFailed).waitFor();
    await page.getByRole('alert').getByText(MESSAGES.imagesLoadFailed).waitFor();
    await screenshot(page, { path: 'test-results/my-images-failed-1280.png' });
    await context.close();
  }, 90_000);
});
}
