import AxeBuilder from '@axe-core/playwright';
import axe, { type AxeResults, type ElementContext, type RunOptions } from 'axe-core';
import type { Frame, Page } from 'playwright-core';

/** axe as the page holds it once injected. */
type PageWithAxe = Window & { axe?: typeof axe & { injectedBy?: string } };

const AXE_VERSION: string = axe.version;

/** axe-core's source and AxeBuilder's configuration of it in legacy mode. */
const AXE_SOURCE: string = axe.source;
const AXE_CONFIGURE = `;axe.configure({ allowedOrigins: ["<same_origin>"], branding: { application: 'playwright' } }); axe.injectedBy = 'AxeCheck ${AXE_VERSION}'`;

/**
 * Puts axe (this version, configured) into the frame unless AxeCheck put it there already. An axe another builder put
 * there is replaced: the default builder's runPartial leaves the frame's axe unable to answer a later axe.run.
 */
async function injectAxe(frame: Frame) {
  if (await frame.evaluate((mark) => (window as PageWithAxe).axe?.injectedBy === mark, `AxeCheck ${AXE_VERSION}`)) return;
  await frame.evaluate(AXE_SOURCE);
  await frame.evaluate(AXE_CONFIGURE);
}

/** Only the violations are reported node by node (see AxeCheck). */
const AXE_OPTIONS: RunOptions = { resultTypes: ['violations'] };

/**
 * axe as the browser tests run it: the same rules and the same violations as `new AxeBuilder({ page })`, at less
 * than half the CPU (docs/benchmarks/test-suite.md, "Tenth slice"; the landing page: Chromium 1.2 instead of 2.7 core-s, the
 * test's process 0.2 instead of 1.1).
 * - `axe.run` in the page itself (legacy mode) instead of `runPartial` in each frame and `finishRun` in a new blank
 *   page that injects axe a second time. Legacy mode tests same-origin frames only, so `analyze()` refuses a page that
 *   holds a frame of another origin (the product's pages hold none: the local card form and the shared car's embed
 *   are the host's own) rather than skip it.
 * - Only the violations are reported node by node (`resultTypes`): axe still evaluates every rule on every node, but
 *   does not build a selector and HTML snippet for each node that passes. No test reads the passes.
 * - axe is put into a frame once: a later run on the same page (another state of a single-page app) reuses it.
 * tests/browser/axe-check.test.ts shows both: the same violations as the default builder, and the refused frame.
 */
export class AxeCheck extends AxeBuilder {
  readonly #page: Page;
  readonly #includes: Parameters<AxeBuilder['include']>[0][] = [];
  readonly #excludes: Parameters<AxeBuilder['exclude']>[0][] = [];

  constructor(page: Page) {
    super({ page });
    this.#page = page;
    this.setLegacyMode(true).options(AXE_OPTIONS);
  }

  override include(selector: Parameters<AxeBuilder['include']>[0]): this {
    this.#includes.push(selector);
    return super.include(selector);
  }

  override exclude(selector: Parameters<AxeBuilder['exclude']>[0]): this {
    this.#excludes.push(selector);
    return super.exclude(selector);
  }

  /**
   * AxeBuilder's legacy run (`axe.run` in the page, axe put into every frame first), with axe put into a frame only
   * when that frame does not hold this version already: AxeBuilder evaluates axe's 0.6 MB source twice per frame on
   * every run, about 0.1 core-s of Chromium each time.
   */
  async #run(): Promise<AxeResults> {
    const [main, ...children] = this.#page.frames();
    await injectAxe(main!);
    // As AxeBuilder does: a child frame that cannot take axe (gone, or not answering) is left out, not an error.
    for (const frame of children) await injectAxe(frame).catch(() => undefined);
    const context = { include: this.#includes, exclude: this.#excludes };
    const { results, error } = await this.#page.evaluate(
      ({ context, options }) =>
        (window as PageWithAxe).axe!.run(context as ElementContext, options).then(
          (results) => ({ results, error: null }),
          (err: Error) => ({ results: null, error: err.message }),
        ),
      { context, options: AXE_OPTIONS },
    );
    if (error !== null) throw new Error(error);
    return results as AxeResults;
  }

  override async analyze(): ReturnType<AxeBuilder['analyze']> {
    const origin = new URL(this.#page.url()).origin;
    const foreign = this.#page
      .frames()
      .map((f) => f.url())
      .filter((u) => /^https?:/.test(u) && new URL(u).origin !== origin);
    if (foreign.length) throw new Error(`AxeCheck tests same-origin frames only; this page holds ${foreign.join(', ')} (use new AxeBuilder({ page }) for it)`);
    return this.#run();
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
