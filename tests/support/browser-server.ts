import { chromium, type BrowserServer } from 'playwright-core';

/**
 * Debian's Chromium headless shell (package chromium-headless-shell): the old headless mode, which Playwright itself
 * runs headless tests in. The same Blink and V8 as /usr/bin/chromium, without the full browser's window and GPU
 * process: about 30% less CPU for the same browser tests (docs/benchmarks.md, "Test suite"). Playwright's own
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

/** One Chromium that test files connect to over Playwright's protocol (the global setup starts it for the run). */
export function launchBrowserServer(): Promise<BrowserServer> {
  return chromium.launchServer({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS, headless: true });
}
