/**
 * AxeCheck's run memo (tests/support/axe.ts) answers only for the page state it was asked about: one attribute or the
 * viewport's width changed makes a new key, and a hit gives the violations a fresh axe run gives.
 */
import AxeBuilder from '@axe-core/playwright';
import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { AxeCheck } from './axe';
import { openPage, useBrowserSession } from './browser';

const session = useBrowserSession();
const memoDir = await mkdtemp(join(tmpdir(), 'axe-memo-'));
afterAll(() => rm(memoDir, { recursive: true, force: true }));

const fixture = `<!doctype html><html lang="en"><head><title>axe memo</title></head><body><main><h1>Fixture</h1>
<button type="button" aria-label="Close"><svg aria-hidden="true" width="10" height="10"></svg></button>
<p style="color:#222;background:#fff">Easy to read</p></main></body></html>`;

const ids = (result: Awaited<ReturnType<AxeBuilder['analyze']>>) =>
  result.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).sort().join(', ')}`).sort();

describe('AxeCheck run memo', () => {
  it('keys the page state: an attribute or the width changed asks axe again, a hit is what a fresh run finds', async () => {
    const { page, context } = await openPage(session.browser);
    await page.setContent(fixture);
    const clean = await new AxeCheck(page, memoDir).memoKey();
    expect(clean).toMatch(/^[0-9a-f]{64}$/);
    expect(ids(await new AxeCheck(page, memoDir).analyze())).toEqual([]);

    // One attribute gone (the layout stays the same): a new key, and the violation it makes is found (not the clean
    // page's kept answer).
    await page.locator('button').evaluate((button) => button.removeAttribute('aria-label'));
    const noName = await new AxeCheck(page, memoDir).memoKey();
    expect(noName).not.toBe(clean);
    expect(ids(await new AxeCheck(page, memoDir).analyze())).toEqual(['button-name: button']);

    // The same DOM at another width: a new key.
    await page.setViewportSize({ width: 375, height: 800 });
    const narrow = await new AxeCheck(page, memoDir).memoKey();
    expect(narrow).not.toBe(noName);

    // Asked again on the same state: the kept answer, the same violations as axe run afresh.
    expect(existsSync(join(memoDir, `axe-${narrow}`))).toBe(false);
    await new AxeCheck(page, memoDir).analyze();
    expect(existsSync(join(memoDir, `axe-${narrow}`))).toBe(true);
    const hit = await new AxeCheck(page, memoDir).analyze();
    const fresh = await new AxeBuilder({ page }).setLegacyMode(true).options({ resultTypes: ['violations'] }).analyze();
    expect(hit.violations).toEqual(JSON.parse(await readFile(join(memoDir, `axe-${narrow}`), 'utf8')).violations);
    expect(ids(hit)).toEqual(ids(fresh));
    expect(ids(hit)).toEqual(['button-name: button']);
    expect(hit.url).toBe(page.url());
    await context.close();
  });
});
