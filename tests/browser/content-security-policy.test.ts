import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { useBrowserSession, openPage } from '../support/browser';
import { signedInDealer } from '../support/sign-in';

/**
 * The SPA runs under its Content-Security-Policy (infra/security-headers.ts, the same in both homes) with no
 * violation on any page, public or signed in: each page is loaded with a listener for `securitypolicyviolation`.
 */
const session = useBrowserSession();

const PUBLIC_PAGES = ['/', '/contact', '/terms', '/privacy', '/trial/not-a-real-token', '/no-such-page'];
const DASHBOARD_PAGES = ['/dashboard', '/dashboard/car-packages', '/dashboard/images', '/dashboard/image-processor', '/dashboard/settings', '/dashboard/support'];

async function listenForViolations(page: Page): Promise<() => Promise<string[]>> {
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { __cspViolations: string[] }).__cspViolations = seen;
    document.addEventListener('securitypolicyviolation', (e) => seen.push(`${e.violatedDirective} blocked ${e.blockedURI || '(inline)'} at ${e.sourceFile}:${e.lineNumber}`));
  });
  return () => page.evaluate(() => (window as unknown as { __cspViolations: string[] }).__cspViolations);
}

describe('Content-Security-Policy', () => {
  it('no page of the public site violates it, and the header is there', async () => {
    const { page, context } = await openPage(session.browser);
    const violations = await listenForViolations(page);
    for (const path of PUBLIC_PAGES) {
      const response = await page.goto(`${session.url}${path}`, { waitUntil: 'networkidle' });
      expect(response?.headers()['content-security-policy'], path).toContain("frame-ancestors 'none'");
      // Open a dialog where there is one (the landing page's sign-in), so its components run too.
      if (path === '/') {
        await page.getByRole('button', { name: /login/i }).first().click();
        await page.getByRole('dialog').waitFor();
        await page.keyboard.press('Escape');
      }
      expect(await violations(), path).toEqual([]);
    }
    await context.close();
  });

  it('no dashboard page violates it for a signed-in dealer (live status socket, toasts, images)', async () => {
    const dealer = await signedInDealer(session.browser, session.url, { name: 'csp' });
    const violations = await listenForViolations(dealer.page);
    for (const path of DASHBOARD_PAGES) {
      await dealer.page.goto(`${session.url}${path}`, { waitUntil: 'networkidle' });
      await dealer.page.getByRole('heading', { level: 1 }).first().waitFor();
      expect(await violations(), path).toEqual([]);
    }
    // The purchase dialog with the card form in its frame (the payment simulator locally, Stripe's frame in AWS).
    await dealer.page.goto(`${session.url}/dashboard`, { waitUntil: 'networkidle' });
    await dealer.page.getByRole('button', { name: 'Buy Credits' }).click();
    const dialog = dealer.page.getByRole('dialog', { name: 'Purchase Credits' });
    await dialog.getByRole('radio', { name: /Starter Pack/ }).click();
    await dialog.getByRole('button', { name: 'Continue' }).click();
    await dialog.getByRole('button', { name: 'Continue to payment' }).click();
    await dealer.page.frameLocator('iframe[title="Card details"]').getByLabel('Card number').waitFor();
    expect(await violations(), 'purchase dialog').toEqual([]);
    expect(dealer.errors.filter((e) => /Content Security Policy/i.test(e))).toEqual([]);
    await dealer.context.close();
  });
});
