import { buffer } from 'node:stream/consumers';
import { afterAll, beforeAll } from 'vitest';
import { startTestHost } from './test-host';
import { chromium, type Browser, type BrowserContext, type BrowserContextOptions, type Download, type Page } from 'playwright-core';

/**
 * Debian's Chromium headless shell (package chromium-headless-shell): the old headless mode, which Playwright itself
 * runs headless tests in. The same Blink and V8 as /usr/bin/chromium, without the full browser's window and GPU
 * process: about 30% less CPU for the same browser tests (docs/benchmarks/test-suite.md, "Test suite"). Playwright's own
 * browsers cannot be downloaded here. CHROMIUM_PATH=/usr/bin/chromium runs the tests in the full browser.
 */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium-headless-shell';
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

const PROCESS_BROWSER = Symbol.for('studio-lot.process-browser');
type WithBrowser = typeof globalThis & { [PROCESS_BROWSER]?: Promise<Browser> };

/**
 * This test process's Chromium (the headless shell), launched by its first browser file and kept for the files the
 * process runs after it (the shared-host files share processes). Playwright drives it over a pipe from this process;
 * a Chromium shared by the whole run sat behind Playwright's browser server in vitest's main process, which relayed
 * every protocol message of every file (docs/benchmarks/test-suite.md, "Test suite: each test process drives its own Chromium (issue 36)"). The Chromium ends with
 * its process.
 */
async function processBrowser(): Promise<Browser> {
  const held = globalThis as WithBrowser;
  const browser = await held[PROCESS_BROWSER];
  if (browser?.isConnected()) return browser;
  held[PROCESS_BROWSER] = chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS, headless: true });
  return held[PROCESS_BROWSER];
}

/**
 * The running local host and this process's Chromium for a browser test file: launched before its tests (or the one
 * an earlier file of the process launched), and every context the file opened closed after them.
 * Read `session.url` and `session.browser` inside tests.
 */
export function useBrowserSession(host: Parameters<typeof startTestHost>[0] = {}): { readonly url: string; readonly browser: Browser } {
  let url = '';
  let browser: Browser | undefined;
  beforeAll(async () => {
    ({ url } = await startTestHost(host));
    browser = await processBrowser();
  });
  afterAll(async () => {
    await Promise.all(browser?.contexts().map((context) => context.close()) ?? []);
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
 * The bytes of a finished download, streamed from Playwright (the same call whether the browser is this process's or
 * reached over Playwright's protocol, where the browser's own file path is not available).
 */
export async function downloadedBytes(download: Download): Promise<Buffer> {
  return buffer(await download.createReadStream());
}
