import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ADMIN_MESSAGES, BATCH_MESSAGES, PHOTO_REFUSALS } from '@shared/messages';
import { useBrowserSession } from '../support/browser';
import { useLocalHost } from '../support/local-host';
import { signedInDealer } from '../support/sign-in';
import { screenshot } from '../support/screenshot';

/**
 * The Image Processor when something is missing: no live event reaches the page, a photo shows no car, the dealer is
 * not a super user (the live batch at both widths: image-processor-live-batch.test.ts; shared:
 * image-processor-harness.ts).
 */
useLocalHost();
const session = useBrowserSession();
const { PHOTOS, noSidewaysScroll, makeSuperUser } = await import('./image-processor-harness');

describe('Image Processor (batch processor)', () => {
  it('every card ends completed or failed, with the done panel, even when no live event reaches the page', async () => {
    const { page, email } = await signedInDealer(session.browser, session.url, { name: 'batch-no-live', viewport: { width: 375, height: 740 } });
    await makeSuperUser(email);
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
    await screenshot(page, { path: 'test-results/image-processor-done-without-live-375.png', fullPage: true });
  }, 240_000);

  it('a photo without a usable car is marked on its own card; the usable ones are processed and only they are charged (375 px)', async () => {
    const { page, email } = await signedInDealer(session.browser, session.url, { name: 'batch-refused', viewport: { width: 375, height: 740 } });
    await makeSuperUser(email);
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
    await screenshot(page, { path: 'test-results/image-processor-refused-375.png', fullPage: true });

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
    await screenshot(page, { path: 'test-results/image-processor-refused-started-375.png', fullPage: true });
    await page.context().close();
  }, 180_000);

  it('a standard dealer sees Access Restricted (1280 and 375 px)', async () => {
    for (const viewport of [{ width: 1280, height: 800 }, { width: 375, height: 740 }]) {
      const { page } = await signedInDealer(session.browser, session.url, { name: `batch-standard-${viewport.width}`, viewport });
      await page.goto(`${session.url}/dashboard/image-processor`);
      await page.getByRole('heading', { name: ADMIN_MESSAGES.accessRestrictedTitle }).waitFor();
      await page.getByText(ADMIN_MESSAGES.accessRestricted).waitFor();
      expect(await page.getByTestId('batch-drop-zone').count()).toBe(0);
      await screenshot(page, { path: `test-results/image-processor-restricted-${viewport.width}.png`, fullPage: true });
      await page.context().close();
    }
  }, 120_000);
});
