import { buffer } from 'node:stream/consumers';
import { afterAll, beforeAll, inject } from 'vitest';
import { startTestHost } from './test-host';
import { chromium, type Browser, type BrowserContext, type BrowserContextOptions, type Download, type Page } from 'playwright-core';
import { CHROMIUM_ARGS } from './browser-server';

export { CHROMIUM_ARGS };

/**
 * The full browser a dealer runs, headless: what the web benchmarks measure (tests use the headless shell).
 * FULL_CHROMIUM_PATH names another (a machine without Debian's chromium package); the benchmarks print which they used.
 */
export const FULL_CHROMIUM_PATH = process.env.FULL_CHROMIUM_PATH ?? '/usr/bin/chromium';

/** A Chromium of its own (benchmarks: the full browser); test files share the run's one through useBrowserSession. */
export function launchBrowser(): Promise<Browser> {
  return chromium.launch({ executablePath: FULL_CHROMIUM_PATH, args: CHROMIUM_ARGS, headless: true });
}

export interface OpenedPage {
  context: BrowserContext;
  page: Page;
  /** Console errors and uncaught exceptions seen by the page. */
  errors: string[];
}

/**
 * A fresh context (own storage) and page; collects console errors so tests can assert a clean page. The page asks for
 * reduced motion (as the system setting does): spinners and loading placeholders stand still instead of drawing 60
 * frames a second while a test waits for a workflow (about 0.09 of a core per animated page, measured).
 * `reducedMotion: 'no-preference'` shows them moving.
 */
export async function openPage(browser: Browser, options: BrowserContextOptions = {}): Promise<OpenedPage> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, reducedMotion: 'reduce', ...options });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error') errors.push(m.text());
  });
  page.on('pageerror', (e) => errors.push(e.message));
  return { context, page, errors };
}

/**
 * The running local host and the run's Chromium for a browser test file: connected before its tests (the
 * global setup launched it once), disconnected after, which closes every context the file opened.
 * Read `session.url` and `session.browser` inside tests.
 */
export function useBrowserSession(host: Parameters<typeof startTestHost>[0] = {}): { readonly url: string; readonly browser: Browser } {
  let url = '';
  let browser: Browser | undefined;
  beforeAll(async () => {
    ({ url } = await startTestHost(host));
    browser = await chromium.connect(inject('browserEndpoint'));
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

/**
 * The bytes of a finished download. The run's Chromium is reached over Playwright's protocol, where the browser's own
 * file path is not available: the download is streamed here instead.
 */
export async function downloadedBytes(download: Download): Promise<Buffer> {
  return buffer(await download.createReadStream());
}
