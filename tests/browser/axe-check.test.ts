/**
 * AxeCheck (tests/support/axe.ts), the cheaper way the browser tests run axe, finds what the default
 * `new AxeBuilder({ page })` finds: the same violations on the same nodes, inside a same-origin frame too; and it
 * refuses a page with a frame of another origin, which its way of running axe would not look into.
 */
import AxeBuilder from '@axe-core/playwright';
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { AxeCheck, seriousAxeViolations } from '../support/axe';
import { openPage, useBrowserSession } from '../support/browser';

const session = useBrowserSession();

/** A page with known faults (an image without alt text, grey text on grey, a button without a name) and a frame. */
const page = (frameSrc: string) => `<!doctype html><html lang="en"><head><title>axe check</title></head><body>
<main><h1>Fixture</h1>
<img src="data:image/gif;base64,R0lGODlhAQABAAAAACw=" width="10" height="10">
<p style="color:#999;background:#aaa">Hard to read</p>
<p>Fine text</p>
<iframe src="${frameSrc}" title="inner"></iframe>
</main></body></html>`;
const frame = `<!doctype html><html lang="en"><head><title>inner</title></head><body><main><button></button><p>inside</p></main></body></html>`;

/** Serves the fixture at `origin` (both origins reach the run's host; the routes answer before it). */
async function fixture(p: Page, pageOrigin: string, frameOrigin: string) {
  await p.route(`${pageOrigin}/__axe-check/page`, (route) => route.fulfill({ contentType: 'text/html', body: page(`${frameOrigin}/__axe-check/frame`) }));
  await p.route(`${frameOrigin}/__axe-check/frame`, (route) => route.fulfill({ contentType: 'text/html', body: frame }));
  await p.goto(`${pageOrigin}/__axe-check/page`);
  await expect.poll(() => p.frames().length).toBe(2);
  await p.frames()[1]!.locator('button').waitFor({ state: 'attached' });
}

const summary = (violations: Awaited<ReturnType<AxeBuilder['analyze']>>['violations']) =>
  violations.map((v) => `${v.id} (${v.impact}): ${v.nodes.map((n) => n.target.join(' > ')).sort().join(', ')}`).sort();

/**
 * The default builder's violations, once it has looked inside the frame: it gives its script one second per frame and
 * skips a frame that misses it, which a loaded machine does (the frame's faults then vanish from the reference).
 */
async function defaultBuilderSummary(p: Page) {
  let lines: string[] = [];
  for (let attempt = 0; attempt < 5; attempt++) {
    lines = summary((await new AxeBuilder({ page: p }).analyze()).violations);
    if (lines.some((line) => line.includes('iframe > button'))) break;
  }
  return lines;
}

describe('AxeCheck', () => {
  it('finds the same violations as the default builder, in the page and in a same-origin frame', async () => {
    const { page: p, context } = await openPage(session.browser);
    const origin = new URL(session.url).origin;
    await fixture(p, origin, origin);
    const expected = await defaultBuilderSummary(p);
    const found = summary((await new AxeCheck(p).analyze()).violations);
    expect(found).toEqual(expected);
    // The fixture's faults are found, the one inside the frame included.
    expect(found.map((line) => line.split(' ')[0])).toEqual(expect.arrayContaining(['button-name', 'color-contrast', 'image-alt']));
    expect(found.find((line) => line.startsWith('button-name'))).toContain('iframe > button');
    expect(await seriousAxeViolations(p, 'main')).toEqual(expect.arrayContaining([expect.stringMatching(/^image-alt: /), expect.stringMatching(/^button-name: iframe button/)]));
    await context.close();
  });

  it('refuses a page with a frame of another origin instead of leaving it unchecked', async () => {
    const { page: p, context } = await openPage(session.browser);
    const url = new URL(session.url);
    const other = `http://${url.hostname === '127.0.0.1' ? 'localhost' : '127.0.0.1'}:${url.port}`;
    await fixture(p, url.origin, other);
    await expect(new AxeCheck(p).analyze()).rejects.toThrow(/same-origin frames only; this page holds http:\/\/(127\.0\.0\.1|localhost):\d+\/__axe-check\/frame/);
    // The default builder does look into it.
    const all = await defaultBuilderSummary(p);
    expect(all.find((line) => line.startsWith('button-name'))).toContain('iframe > button');
    await context.close();
  });
});
