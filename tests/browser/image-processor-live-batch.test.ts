import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { BATCH_MESSAGES, MESSAGES } from '@shared/messages';
import { useBrowserSession } from '../support/browser';
import { useLocalHost } from '../support/local-host';
import { signedInDealer } from '../support/sign-in';
import { screenshot } from '../support/screenshot';

/**
 * The Image Processor's batch as a super user sees it, at 1280 and 375 px: each file's states, the success panel and
 * every photo completed live (the no-live, refused-photo and standard-dealer cases: image-processor-refusals.test.ts;
 * shared: image-processor-harness.ts).
 */
useLocalHost();
const session = useBrowserSession();
const { PHOTOS, noSidewaysScroll, makeSuperUser } = await import('./image-processor-harness');

/** Records every state and progress text each file card shows, in order, from before the click on. */
async function recordFileStates(page: Page) {
  await page.evaluate(() => {
    const w = window as unknown as { __fileStates: Record<string, string[]> };
    w.__fileStates = {};
    const note = () =>
      document.querySelectorAll<HTMLElement>('[data-testid="batch-file"]').forEach((card, i) => {
        const seen = (w.__fileStates[i] ??= []);
        const text = `${card.dataset.status}|${card.querySelector('[data-testid="batch-file-status"]')?.textContent ?? ''}`;
        if (seen[seen.length - 1] !== text) seen.push(text);
      });
    note();
    new MutationObserver(note).observe(document.body, { subtree: true, attributes: true, childList: true, characterData: true });
  });
}
const fileStates = (page: Page) => page.evaluate(() => (window as unknown as { __fileStates: Record<string, string[]> }).__fileStates);

describe('Image Processor (batch processor)', () => {
  for (const viewport of [{ width: 1280, height: 900 }, { width: 375, height: 740 }]) {
    const w = viewport.width;
    it(`a super user uploads 3 real photos, sees each file's states, the success panel and every photo completed live (${w} px)`, async () => {
      const { page, email } = await signedInDealer(session.browser, session.url, { name: `batch-${w}`, dealerName: 'Lot Batch Motors', viewport });
      expect(await makeSuperUser(email)).toMatchObject({ role: 'super' });
      await page.goto(`${session.url}/dashboard/image-processor`);
      await page.getByRole('heading', { level: 1, name: BATCH_MESSAGES.pageTitle }).waitFor();
      await page.getByTestId('batch-credit-box').getByText(BATCH_MESSAGES.creditsAvailable(5)).waitFor();

      await page.getByTestId('batch-photo-input').setInputFiles(PHOTOS);
      await expect.poll(() => page.getByTestId('batch-file').count()).toBe(3);
      await page.getByTestId('batch-credit-box').getByText(BATCH_MESSAGES.creditsNeeded(3)).waitFor();
      await page.getByRole('button', { name: BATCH_MESSAGES.clearAll }).waitFor();
      expect(await noSidewaysScroll(page)).toBeLessThanOrEqual(w);
      await screenshot(page, { path: `test-results/image-processor-selected-${w}.png`, fullPage: true });

      // My Images open in a second tab before the batch starts: each finished photo must join it live, no reload.
      const images = w === 1280 ? await page.context().newPage() : null;
      if (images) {
        await images.goto(`${session.url}/dashboard/images`);
        await images.getByTestId('images-empty').waitFor();
      }

      await recordFileStates(page);
      const uploads: string[] = [];
      page.on('request', (r) => r.method() === 'POST' && r.url().includes('/s3/') && uploads.push(r.url()));
      await page.getByRole('button', { name: BATCH_MESSAGES.uploadAndProcess(3) }).click();
      await page.getByText(MESSAGES.imagesUploaded.title).waitFor({ timeout: 90_000 });
      await page.getByTestId('batch-success').waitFor();
      expect(uploads).toHaveLength(3);
      // The drop zone is gone once done; the success panel links to My Images.
      expect(await page.getByTestId('batch-drop-zone').count()).toBe(0);
      expect(await page.getByRole('link', { name: BATCH_MESSAGES.viewMyImages }).getAttribute('href')).toBe('/dashboard/images');
      await page.getByRole('button', { name: BATCH_MESSAGES.uploadMore }).waitFor();
      await screenshot(page, { path: `test-results/image-processor-started-${w}.png`, fullPage: true });

      // Every file went pending -> uploading 25% -> uploaded 50% -> 75% -> processing 100%, in that order.
      const states = await fileStates(page);
      const seenOf = (i: number) => states[i]!.map((s) => s.replace(/^(\w+)\|.*?(\d+%)?$/, (_m, st: string, pct?: string) => `${st}${pct ? ` ${pct}` : ''}`));
      for (const i of [0, 1, 2]) {
        const seen = seenOf(i);
        expect(seen[0], `file ${i}: ${seen.join(' → ')}`).toBe('pending');
        const order = ['uploading 25%', 'uploaded 50%', 'uploaded 75%', 'processing 100%'].map((s) => seen.indexOf(s));
        expect(order.every((n) => n >= 0), `file ${i}: ${seen.join(' → ')}`).toBe(true);
        expect([...order].sort((a, b) => a - b)).toEqual(order);
      }

      // Each photo's outcome arrives live on its card (the host renders them with the local renderer).
      await expect.poll(() => page.locator('[data-testid="batch-file"][data-outcome="completed"]').count(), { timeout: 300_000, interval: 1000 }).toBe(3);
      await page.getByTestId('batch-credit-box').getByText(BATCH_MESSAGES.creditsAvailable(2)).waitFor({ timeout: 15_000 });
      await page.getByTestId('batch-credit-box').getByText(BATCH_MESSAGES.creditsUsed(3)).waitFor();
      // The batch ends in a done state: the panel says so with the counts, no card is left processing.
      await page.getByTestId('batch-success').getByRole('heading', { name: BATCH_MESSAGES.doneTitle }).waitFor();
      await page.getByTestId('batch-success').getByText(BATCH_MESSAGES.doneText(3, 0)).waitFor();
      expect(await page.getByTestId('batch-file-status').filter({ hasText: 'Processing' }).count()).toBe(0);
      if (images) {
        await expect.poll(() => images.getByTestId('image-card').count(), { timeout: 15_000 }).toBe(3);
        const allShown = (all: HTMLImageElement[]) => all.every((img) => img.complete && img.naturalWidth > 0);
        await expect.poll(() => images.getByTestId('image-card').locator('img').evaluateAll(allShown), { timeout: 15_000 }).toBe(true);
        await screenshot(images, { path: 'test-results/image-processor-my-images-1280.png' });
      }
      expect(await noSidewaysScroll(page)).toBeLessThanOrEqual(w);
      await screenshot(page, { path: `test-results/image-processor-completed-${w}.png`, fullPage: true });
      await page.context().close();
    }, 480_000);
  }
});
