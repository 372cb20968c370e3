import { describe, expect, it } from 'vitest';
import { WALKTHROUGH } from '@shared/api-walkthrough';
import { useBrowserSession } from '../support/browser';
import { seriousViolations, visitPublicPage } from '../support/public-page';
import { screenshot } from '../support/screenshot';

/** The API documentation page, /docs/api, at phone and desktop widths (split from public-pages: the 90-s file limit). */
const session = useBrowserSession();

const visit = (path: string, viewport?: { width: number; height: number }) => visitPublicPage(session, path, viewport);

describe('/docs/api at 375 and 1280 px', () => {
  for (const width of [375, 1280]) {
    it(`no serious or critical axe violation; every code block is reached by the keyboard, named and copied; each route lists its own answers (${width} px)`, async () => {
      const { page, context, errors } = await visit('/docs/api', { width, height: 800 });
      await page.getByRole('heading', { name: 'Reference' }).waitFor();
      await page.getByTestId('route-answers').first().waitFor();
      expect(await seriousViolations(page)).toEqual([]);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);

      // Every code block scrolls inside itself, takes the focus (axe: scrollable-region-focusable) and has a name and
      // a Copy button of its own.
      const blocks = page.locator('main pre');
      expect(await blocks.count()).toBe(WALKTHROUGH.length);
      for (const [i, step] of WALKTHROUGH.entries()) {
        const block = blocks.nth(i);
        expect(await block.getAttribute('tabindex')).toBe('0');
        expect(await block.getAttribute('aria-label')).toBe(`${step.title}: command`);
        await page.getByRole('button', { name: `Copy: ${step.title}` }).waitFor();
      }
      // With the keyboard alone: Tab reaches the first block (after the links before it and its Copy button), the arrow
      // keys scroll it, Shift+Tab is back on its Copy button, and Enter copies the command.
      await page.locator('main').getByRole('link').last().waitFor();
      await page.locator('main h1').click();
      let tabs = 0;
      while (!(await blocks.first().evaluate((el) => el === document.activeElement)) && tabs++ < 20) await page.keyboard.press('Tab');
      expect(tabs).toBeLessThan(20);
      if (width === 375) {
        await page.keyboard.press('ArrowRight');
        await page.keyboard.press('ArrowRight');
        await expect.poll(() => blocks.first().evaluate((el) => el.scrollLeft)).toBeGreaterThan(0);
      }
      await screenshot(page, { path: `test-results/api-docs-code-focus-${width}.png` });
      await page.keyboard.press('Shift+Tab');
      expect(await page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe(`Copy: ${WALKTHROUGH[0]!.title}`);
      await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: session.url });
      await page.keyboard.press('Enter');
      await page.getByText('Copied', { exact: true }).waitFor();
      expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(WALKTHROUGH[0]!.code);

      // Each route's own status codes: the balance cannot answer 402, 404 or 409; the start can answer 402 and 503.
      // (each route's block is labelled by its operationId)
      const answers = (operationId: string) => page.locator(`section[aria-labelledby="${operationId}"]`).getByTestId('route-answers').locator('dt').allTextContents();
      expect(await answers('getCreditBalance')).toEqual(['200', '401', '429']);
      expect(await answers('createCarPackage')).toEqual(['200', '201', '400', '401', '409', '413', '415', '429']);
      expect(await answers('getCarPackage')).toEqual(['200', '400', '401', '404', '429']);
      expect(await answers('startCarPackage')).toEqual(['200', '400', '401', '402', '404', '409', '413', '415', '429', '503']);
      expect(await answers('createCarPackageZip')).toEqual(['200', '400', '401', '404', '409', '429']);
      // The descriptions read as text: code spans as code, no backticks.
      expect(await page.getByTestId('route-answers').first().innerText()).not.toContain('`');
      await screenshot(page, { path: `test-results/api-docs-${width}.png`, fullPage: true });
      expect(errors).toEqual([]);
      await context.close();
    }, 60_000);
  }
});
