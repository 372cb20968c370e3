import AxeBuilder from '@axe-core/playwright';
import { createHash } from 'node:crypto';
import axe, { type AxeResults, type ElementContext, type RunOptions } from 'axe-core';
import type { Frame, Page } from 'playwright-core';
import { memoOutput } from '../../functions/src/lib/inference-memo';

/** axe as the page holds it once injected. */
type PageWithAxe = Window & { axe?: typeof axe };

const AXE_VERSION: string = axe.version;

/**
 * Everything axe's answer depends on, read in the page as one string: the DOM as serialised, what the serialisation
 * leaves out (form values, focus, hover, scroll positions, the top layer), the layout (every element's box, so images
 * and fonts that arrived count), the viewport, the emulated media and the style sheets' rules. Undefined when the page
 * holds a shadow root or a frame (their contents are not in the string): axe then runs as always.
 */
const pageState = () => {
  const all = Array.from(document.querySelectorAll('*'));
  if (window.frames.length > 0 || all.some((el) => el.shadowRoot)) return undefined;
  const path = (el: Element | null) => (el ? all.indexOf(el) : -1);
  const box = (el: Element) => {
    const r = el.getBoundingClientRect();
    return `${r.x.toFixed(1)},${r.y.toFixed(1)},${r.width.toFixed(1)},${r.height.toFixed(1)}`;
  };
  const rules = (sheet: CSSStyleSheet) => {
    try {
      return Array.from(sheet.cssRules, (r) => r.cssText).join('\n');
    } catch {
      return `unreadable ${sheet.href}`; // another origin's sheet: its address only
    }
  };
  const media = ['(prefers-color-scheme: dark)', '(prefers-reduced-motion: reduce)', '(prefers-contrast: more)', '(forced-colors: active)', 'print'];
  const fields = all.filter((el): el is HTMLInputElement => el instanceof HTMLInputElement || el instanceof HTMLTextAreaElement || el instanceof HTMLSelectElement);
  return JSON.stringify({
    html: document.documentElement.outerHTML,
    fields: fields.map((el) => [path(el), el.value, el.checked, el.indeterminate]),
    focus: path(document.activeElement),
    hover: Array.from(document.querySelectorAll(':hover'), path),
    modal: Array.from(document.querySelectorAll(':modal, :popover-open'), path),
    scroll: [window.scrollX, window.scrollY, ...all.filter((el) => el.scrollTop || el.scrollLeft).map((el) => [path(el), el.scrollTop, el.scrollLeft])],
    boxes: all.map(box).join(';'),
    viewport: [window.innerWidth, window.innerHeight, window.devicePixelRatio, window.outerWidth, window.outerHeight],
    media: media.map((q) => matchMedia(q).matches),
    sheets: [...Array.from(document.styleSheets), ...document.adoptedStyleSheets].map((s) => `${s.href}\n${s.disabled}\n${rules(s)}`),
    fonts: [document.fonts.status, document.fonts.size],
    animations: document.getAnimations().map((a) => [a.playState, a.currentTime]),
    images: Array.from(document.images, (img) => [img.complete, img.naturalWidth, img.naturalHeight]),
  });
};

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
 * - Within a test run (INFERENCE_MEMO_DIR, set by the run's global setup only), the result for a page state some
 *   file of the run has already asked about is read from the run's memo folder: several files check the same public
 *   pages and empty states at the same widths. The key is a SHA-256 of axe's version, the builder's context and options
 *   and everything in the page the result depends on (pageState); a page with a frame or a shadow root always runs.
 * tests/browser/axe-check.test.ts shows both: the same violations as the default builder, and the refused frame;
 * tests/support/axe-memo.test.ts that the memo's key follows the page.
 */
/** axe-core's source and AxeBuilder's configuration of it in legacy mode. */
const AXE_SOURCE: string = axe.source;
const AXE_CONFIGURE = `;axe.configure({ allowedOrigins: ["<same_origin>"], branding: { application: 'playwright' } })`;

/** Puts axe (this version, configured) into the frame unless it is there already. */
async function injectAxe(frame: Frame) {
  if (await frame.evaluate((version) => (window as PageWithAxe).axe?.version === version, AXE_VERSION)) return;
  await frame.evaluate(AXE_SOURCE);
  await frame.evaluate(AXE_CONFIGURE);
}

/** Only the violations are reported node by node (see AxeCheck). */
const AXE_OPTIONS: RunOptions = { resultTypes: ['violations'] };

export class AxeCheck extends AxeBuilder {
  readonly #page: Page;
  readonly #context: string[] = [];
  readonly #includes: Parameters<AxeBuilder['include']>[0][] = [];
  readonly #excludes: Parameters<AxeBuilder['exclude']>[0][] = [];
  readonly #memoDir: string | undefined;

  /** `memoDir`: the run's memo folder (tests of the memo give their own). */
  constructor(page: Page, memoDir = process.env.INFERENCE_MEMO_DIR) {
    super({ page });
    this.#page = page;
    this.#memoDir = memoDir;
    this.setLegacyMode(true).options(AXE_OPTIONS);
  }

  override include(selector: Parameters<AxeBuilder['include']>[0]): this {
    this.#context.push(`include ${JSON.stringify(selector)}`);
    this.#includes.push(selector);
    return super.include(selector);
  }

  override exclude(selector: Parameters<AxeBuilder['exclude']>[0]): this {
    this.#context.push(`exclude ${JSON.stringify(selector)}`);
    this.#excludes.push(selector);
    return super.exclude(selector);
  }

  /**
   * The run's memo key of this check on the page as it is now, or undefined when it cannot be memoised (outside a
   * test run, or the page holds a frame or a shadow root).
   */
  async memoKey(): Promise<string | undefined> {
    if (!this.#memoDir || this.#page.frames().length > 1) return undefined;
    const state = await this.#page.evaluate(pageState);
    if (state === undefined) return undefined;
    return createHash('sha256').update(JSON.stringify([AXE_VERSION, AXE_OPTIONS, this.#context])).update(state).digest('hex');
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
    const key = await this.memoKey();
    if (!key) return this.#run();
    const env = { INFERENCE_MEMO_DIR: this.#memoDir, INFERENCE_MEMO_LOG: process.env.INFERENCE_MEMO_LOG };
    const kept = await memoOutput('axe', key, async () => Buffer.from(JSON.stringify(await this.#run())), env);
    // The page's own address and the time of asking, as a fresh run reports them.
    return { ...(JSON.parse(kept.toString()) as AxeResults), url: this.#page.url(), timestamp: new Date().toISOString() };
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
