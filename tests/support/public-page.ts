/** Opening a public page signed out and asking axe about it: what the public-page browser tests share. */
import { AxeCheck } from './axe';
import type { Browser, Page } from 'playwright-core';
import { openPage } from './browser';

/** The page at `path` in a fresh context, once its first heading is there. */
export async function visitPublicPage(session: { readonly url: string; readonly browser: Browser }, path: string, viewport = { width: 1280, height: 800 }) {
  const opened = await openPage(session.browser, { viewport });
  await opened.page.goto(`${session.url}${path}`, { waitUntil: 'networkidle' });
  await opened.page.getByRole('heading', { level: 1 }).waitFor();
  return opened;
}

/** axe's serious and critical violations, one line each (rule and where). */
export async function seriousViolations(page: Page): Promise<string[]> {
  const result = await new AxeCheck(page).analyze();
  return result.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}
