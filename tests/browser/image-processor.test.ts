import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { ADMIN_MESSAGES, BATCH_MESSAGES, MESSAGES, PHOTO_REFUSALS } from '@shared/messages';
import { useBrowserSession } from '../support/browser';
import { useLocalHost } from '../support/local-host';
import { signedInDealer } from '../support/sign-in';

useLocalHost();
const session = useBrowserSession();
const { DynamoDbAccountStore } = await import('../../functions/src/accounts/dynamodb-account-store');
const { promoteToSuperUser } = await import('../../functions/src/accounts/super-user');

const CARS = join(import.meta.dirname, '../fixtures/cars');
const PHOTOS = ['bmw-2002-silver-front34-grass.jpg', 'cupra-born-grey-front34-street.jpg', 'hyundai-ioniq5-silver-front34-grass.jpg'].map((f) => join(CARS, f));

const noSidewaysScroll = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth);

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
      expect(await promoteToSuperUser(new DynamoDbAccountStore(), email)).toMatchObject({ role: 'super' });
      await page.goto(`${session.url}/dashboard/image-processor`);
      await page.getByRole('heading', { level: 1, name: BATCH_MESSAGES.pageTitle }).waitFor();
      await page.getByTestId('batch-credit-box').getByText(BATCH_MESSAGES.creditsAvailable(5)).waitFor();

      await page.getByTestId('batch-photo-input').setInputFiles(PHOTOS);
      await expect.poll(() => page.getByTestId('batch-file').count()).toBe(3);
      await page.getByTestId('batch-credit-box').getByText(BATCH_MESSAGES.creditsNeeded(3)).waitFor();
      await page.getByRole('button', { name: BATCH_MESSAGES.clearAll }).waitFor();
      expect(await noSidewaysScroll(page)).toBeLessThanOrEqual(w);
      await page.screenshot({ path: `test-results/image-processor-selected-${w}.png`, fullPage: true });

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
      await page.screenshot({ path: `test-results/image-processor-started-${w}.png`, fullPage: true });

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
        await images.screenshot({ path: 'test-results/image-processor-my-images-1280.png' });
      }
      expect(await noSidewaysScroll(page)).toBeLessThanOrEqual(w);
      await page.screenshot({ path: `test-results/image-processor-completed-${w}.png`, fullPage: true });
      await page.context().close();
    }, 480_000);
  }

  it('every card ends completed or failed, with the done panel, even when no live event reaches the page', async () => {
    const { page, email } = await signedInDealer(session.browser, session.url, { name: 'batch-no-live', viewport: { width: 375, height: 740 } });
    await promoteToSuperUser(new DynamoDbAccountStore(), email);
    // The live socket opens but the server never reaches it: a proxy that drops WebSocket frames, say.
    await page.routeWebSocket(/\/ws(\?|$)/, () => undefined);
    await page.goto(`${session.url}/dashboard/image-processor`);
    await page.getByTestId('batch-credit-box').getByText(BATCH_MESSAGES.creditsAvailable(5)).waitFor();
    const reads: string[] = [];
    page.on('request', (r) => r.method() === 'GET' && /\/api\/batches\/[^/]+$/.test(new URL(r.url()).pathname) && reads.push(r.url()));
    await page.getByTestId('batch-photo-input').setInputFiles(PHOTOS.slice(0, 1));
    await page.getByRole('button', { name: BATCH_MESSAGES.uploadAndProcess(1) }).click();
    await page.getByTestId('batch-success').waitFor({ timeout: 90_000 });
    await page.getByTestId('batch-success').getByRole('heading', { name: BATCH_MESSAGES.doneTitle }).waitFor({ timeout: 120_000 });
    expect(await page.locator('[data-testid="batch-file"][data-outcome="completed"]').count()).toBe(1);
    await page.getByTestId('batch-success').getByText(BATCH_MESSAGES.doneText(1, 0)).waitFor();
    expect(reads.length).toBeGreaterThan(0);
    await page.screenshot({ path: 'test-results/image-processor-done-without-live-375.png', fullPage: true });
  }, 240_000);

  it('a photo without a usable car is marked on its own card; the usable ones are processed and only they are charged (375 px)', async () => {
    const { page, email } = await signedInDealer(session.browser, session.url, { name: 'batch-refused', viewport: { width: 375, height: 740 } });
    await promoteToSuperUser(new DynamoDbAccountStore(), email);
    await page.goto(`${session.url}/dashboard/image-processor`);
    await page.getByTestId('batch-credit-box').getByText(BATCH_MESSAGES.creditsAvailable(5)).waitFor();
    const cat = join(import.meta.dirname, '../fixtures/vision/noncar-cat.jpg');
    await page.getByTestId('batch-photo-input').setInputFiles([PHOTOS[0]!, cat, PHOTOS[1]!]);
    // While the photos are checked, nothing can be started.
    const start = page.getByRole('button', { name: BATCH_MESSAGES.processUsable(2) });
    await start.waitFor({ timeout: 60_000 });
    const cards = page.getByTestId('batch-file');
    expect(await cards.evaluateAll((all) => all.map((c) => (c as HTMLElement).dataset.check))).toEqual(['usable', 'refused', 'usable']);
    // Only the cat's card says anything is wrong, in its own words.
    expect(await page.getByTestId('batch-file-error').allTextContents()).toEqual([PHOTO_REFUSALS.notACar]);
    expect(await cards.nth(1).getByTestId('batch-file-error').textContent()).toBe(PHOTO_REFUSALS.notACar);
    await page.getByTestId('batch-credit-box').getByText(BATCH_MESSAGES.creditsNeeded(2)).waitFor();
    expect(await noSidewaysScroll(page)).toBeLessThanOrEqual(375);
    await page.screenshot({ path: 'test-results/image-processor-refused-375.png', fullPage: true });

    const uploads: string[] = [];
    page.on('request', (r) => r.method() === 'POST' && r.url().includes('/s3/') && uploads.push(r.url()));
    await start.click();
    await page.getByTestId('batch-success').waitFor({ timeout: 90_000 });
    // Two photos sent and charged: the balance is 3 of 5.
    expect(uploads).toHaveLength(2);
    await page.getByTestId('batch-credit-box').getByText(BATCH_MESSAGES.creditsAvailable(3)).waitFor({ timeout: 15_000 });
    await page.getByTestId('batch-credit-box').getByText(BATCH_MESSAGES.creditsUsed(2)).waitFor();
    expect(await cards.evaluateAll((all) => all.map((c) => (c as HTMLElement).dataset.status))).toEqual(['processing', 'pending', 'processing']);
    expect(await page.getByTestId('batch-file-error').allTextContents()).toEqual([PHOTO_REFUSALS.notACar]);
    await page.screenshot({ path: 'test-results/image-processor-refused-started-375.png', fullPage: true });
    await page.context().close();
  }, 180_000);

  it('a standard dealer sees Access Restricted (1280 and 375 px)', async () => {
    for (const viewport of [{ width: 1280, height: 800 }, { width: 375, height: 740 }]) {
      const { page } = await signedInDealer(session.browser, session.url, { name: `batch-standard-${viewport.width}`, viewport });
      await page.goto(`${session.url}/dashboard/image-processor`);
      await page.getByRole('heading', { name: ADMIN_MESSAGES.accessRestrictedTitle }).waitFor();
      await page.getByText(ADMIN_MESSAGES.accessRestricted).waitFor();
      expect(await page.getByTestId('batch-drop-zone').count()).toBe(0);
      await page.screenshot({ path: `test-results/image-processor-restricted-${viewport.width}.png`, fullPage: true });
      await page.context().close();
    }
  }, 120_000);
});
