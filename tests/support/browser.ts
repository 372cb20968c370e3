import { afterAll, beforeAll } from 'vitest';
import { startTestHost } from './test-host';
import { chromium, type Browser, type BrowserContext, type BrowserContextOptions, type Page } from 'playwright-core';

/** Debian's Chromium; Playwright's own browsers cannot be downloaded here. */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export function launchBrowser(): Promise<Browser> {
  return chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS, headless: true });
}

export interface OpenedPage {
  context: BrowserContext;
  page: Page;
  /** Console errors and uncaught exceptions seen by the page. */
  errors: string[];
}

/** A fresh context (own storage) and page; collects console errors so tests can assert a clean page. */
export async function openPage(browser: Browser, options: BrowserContextOptions = {}): Promise<OpenedPage> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, ...options });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error') errors.push(m.text());
  });
  page.on('pageerror', (e) => errors.push(e.message));
  return { context, page, errors };
}

/**
 * The running local host and one Chromium for a browser test file: launched before its tests, closed after.
 * Read `session.url` and `session.browser` inside tests.
 */
export function useBrowserSession(): { readonly url: string; readonly browser: Browser } {
  let url = '';
  let browser: Browser | undefined;
  beforeAll(async () => {
    ({ url } = await startTestHost());
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });
  return {
    get url() {
      return url;
    },
    get browser() {
      if (!browser) throw new Error('useBrowserSession: the browser is not launched yet (use it inside tests)');
      return browser;
    },
  };
}
