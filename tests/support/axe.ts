import AxeBuilder from '@axe-core/playwright';
import type { Page } from 'playwright-core';

/**
 * axe as the browser tests run it: the same rules and the same violations as `new AxeBuilder({ page })`, at less
 * than half the CPU (docs/benchmarks.md, "Tenth slice"; the landing page: Chromium 1.2 instead of 2.7 core-s, the
 * test's process 0.2 instead of 1.1).
 * - `axe.run` in the page itself (legacy mode) instead of `runPartial` in each frame and `finishRun` in a new blank
 *   page that injects axe a second time. Legacy mode tests same-origin frames only, so `analyze()` refuses a page that
 *   holds a frame of another origin (the product's pages hold none: the local card form and the shared car's embed
 *   are the host's own) rather than skip it.
 * - Only the violations are reported node by node (`resultTypes`): axe still evaluates every rule on every node, but
 *   does not build a selector and HTML snippet for each node that passes. No test reads the passes.
 * tests/browser/axe-check.test.ts shows both: the same violations as the default builder, and the refused frame.
 */
export class AxeCheck extends AxeBuilder {
  readonly #page: Page;

  constructor(page: Page) {
    super({ page });
    this.#page = page;
    this.setLegacyMode(true).options({ resultTypes: ['violations'] });
  }

  override async analyze(): ReturnType<AxeBuilder['analyze']> {
    const origin = new URL(this.#page.url()).origin;
    const foreign = this.#page
      .frames()
      .map((f) => f.url())
      .filter((u) => /^https?:/.test(u) && new URL(u).origin !== origin);
    if (foreign.length) throw new Error(`AxeCheck tests same-origin frames only; this page holds ${foreign.join(', ')} (use new AxeBuilder({ page }) for it)`);
    return super.analyze();
  }
}

/** The page's (or one region's) serious and critical accessibility violations, each as "rule: targets"; [] when clean. */
export async function seriousAxeViolations(page: Page, include?: string): Promise<string[]> {
  const builder = new AxeCheck(page);
  const result = await (include ? builder.include(include) : builder).analyze();
  return result.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

/** True when the page does not scroll sideways (nothing wider than the viewport). */
export const noSideScroll = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth);
