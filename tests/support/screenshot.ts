import type { Locator, Page } from 'playwright-core';

type ScreenshotOptions = NonNullable<Parameters<Page['screenshot']>[0]> & { path: string };

/**
 * Whether browser tests save their screenshots (the PNGs under test-results/ that a person looks at, at phone and
 * desktop widths): on with TEST_SCREENSHOTS=1 (`npm run test:shots -- <files>`), off otherwise. No test reads them
 * back, so a run that nobody looks at (CI) skips drawing and encoding them: a full-page screenshot costs Chromium
 * 0.3-0.7 core-seconds (docs/benchmarks/test-suite.md, "Test suite").
 */
export const SCREENSHOTS = process.env.TEST_SCREENSHOTS === '1';

/** Saves a screenshot of the page or element to `options.path` when screenshots are on; nothing otherwise. */
export async function screenshot(target: Page | Locator, options: ScreenshotOptions): Promise<void> {
  if (!SCREENSHOTS) return;
  await target.screenshot(options);
}
