import { describe, expect, it } from 'vitest';
import { MESSAGES } from '@shared/messages';
import { openPage, useBrowserSession } from '../support/browser';
import { seriousViolations, visitPublicPage } from '../support/public-page';

/** Not found and the error fallback, and no public page wider than the screen at 375, 768 and 1280 px (the contact and legal pages: public-pages-contact-and-legal.test.ts). */
const session = useBrowserSession();

const visit = (path: string, viewport?: { width: number; height: number }) => visitPublicPage(session, path, viewport);

describe('not found and errors', () => {
  it('shows 404 for an unknown path, logs the path and links home', async () => {
    const { page, context, errors } = await visit('/no-such-page/at-all');
    expect(await page.getByRole('heading', { level: 1 }).innerText()).toBe('404');
    await page.getByText(MESSAGES.notFound).waitFor();
    expect(errors.some((e) => e.includes('/no-such-page/at-all'))).toBe(true);
    expect(await seriousViolations(page)).toEqual([]);
    await page.getByRole('link', { name: 'Return to Home' }).click();
    await page.getByRole('heading', { name: /Studio photos of your cars/ }).waitFor();
    await context.close();
  });

  it("shows the router's error fallback when a page cannot load", async () => {
    const opened = await openPage(session.browser);
    await opened.page.route(/\/assets\/terms-[^/]*\.js$/, (route) => route.abort());
    await opened.page.goto(`${session.url}/terms`);
    await opened.page.getByRole('heading', { name: MESSAGES.unexpectedError }).waitFor();
    await opened.context.close();
  });
});

describe('every public page at 375, 768 and 1280 px', () => {
  it('has no horizontal overflow', async () => {
    for (const width of [375, 768, 1280]) {
      for (const path of ['/', '/contact', '/terms', '/privacy', '/unknown']) {
        const { page, context } = await visit(path, { width, height: 800 });
        const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
        expect(overflow, `${path} at ${width}px`).toBeLessThanOrEqual(0);
        await context.close();
      }
    }
  }, 120_000);
});
