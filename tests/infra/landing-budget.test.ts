/**
 * The landing page's JavaScript budget (issue 40): `/` loads at most LANDING_BUDGET_KB of JavaScript as CloudFront
 * serves it (brotli q11), counted on the built files in frontend/dist (the run's global setup builds it when its
 * sources changed; CI runs `npm run build` before `npm test`). No browser: landing.html's entry and every file it
 * imports statically (tests/support/landing-budget.ts, which bench:web also reports and checks against what Chromium
 * fetched). Dynamic imports (dialogs, zod, Amplify, toasts) load on first use and are not counted.
 */
import { mkdtemp, mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { kb, LANDING_BUDGET_KB, landingScripts, SPA_DIST, staticImports } from '../support/landing-budget';

/** The files counted, largest first, as the failure message names them. */
const breakdown = (r: ReturnType<typeof landingScripts>) => r.scripts.map((s) => `${s.file} ${kb(s.brotli)}`).join(', ');

/** The built page's count, made once (brotli q11 of 300 KB takes about a second). */
let built: ReturnType<typeof landingScripts> | undefined;
const builtLanding = () => (built ??= landingScripts(SPA_DIST));

describe('landing page JavaScript budget', () => {
  it(`the built landing page loads at most ${LANDING_BUDGET_KB} KB of JavaScript, brotli q11`, () => {
    expect(existsSync(join(SPA_DIST, 'landing.html')), `${SPA_DIST} is not built: npm run build`).toBe(true);
    const landing = builtLanding();
    const message = `landing JS ${kb(landing.total.brotli)} brotli over the ${LANDING_BUDGET_KB} KB budget: ${breakdown(landing)}`;
    expect(landing.total.brotli, message).toBeLessThanOrEqual(LANDING_BUDGET_KB * 1024);
    // The HTML's preloads and the chunks' own imports name the same files: neither count misses one.
    expect([...landing.fromImports].sort()).toEqual([...landing.fromHtml].sort());
  });

  it('loads no router, zod, dialog, Amplify or dashboard code on the landing page', async () => {
    const landing = builtLanding();
    const names = landing.scripts.map((s) => s.file);
    expect(names.filter((f) => /amplify|auth-dialogs|tokenProvider|dashboard|car-packages|image-processor|settings|support-page|zod-config|api-client/i.test(f))).toEqual([]);
    for (const file of names) {
      const source = await readFile(join(SPA_DIST, file), 'utf8');
      // react-router's invariant (the landing page has no router: a layout component that uses the router's Link in
      // the shared site-kit chunk once pulled the whole router into it, issue 40) and zod's jitless switch.
      expect(source, file).not.toContain('may be used only in the context of a <Router>');
      expect(source, file).not.toMatch(/jitless/);
    }
  });

  it('counts the entry and its static imports, not its dynamic imports, and fails a page over budget', async () => {
    const dist = await mkdtemp(join(tmpdir(), 'landing-budget-'));
    try {
      await mkdir(join(dist, 'assets'));
      // Hex of random bytes: brotli keeps about half of it (4 bits a character).
      const filler = (chars: number) => `/*${randomBytes(chars / 2).toString('hex')}*/`;
      await writeFile(
        join(dist, 'landing.html'),
        '<html><head><script type="module" crossorigin src="/assets/entry.js"></script><link rel="modulepreload" crossorigin href="/assets/react.js"></head><body></body></html>',
      );
      await writeFile(join(dist, 'assets/entry.js'), `import{a as b}from"./react.js";import"./kit.js";const l=()=>import("./dialogs.js");${filler(2048)}`);
      await writeFile(join(dist, 'assets/react.js'), `export const a=1;${filler(30 * 1024)}`);
      await writeFile(join(dist, 'assets/kit.js'), `import*as r from"./react.js";export{r};${filler(40 * 1024)}`);
      await writeFile(join(dist, 'assets/dialogs.js'), `import"./kit.js";${filler(200 * 1024)}`);
      const landing = landingScripts(dist);
      expect(landing.scripts.map((s) => s.file).sort()).toEqual(['/assets/entry.js', '/assets/kit.js', '/assets/react.js']);
      expect(landing.fromHtml.sort()).toEqual(['/assets/entry.js', '/assets/react.js']);
      // About 1 + 15 + 20 KB.
      expect(landing.total.brotli).toBeGreaterThan(34 * 1024);
      expect(landing.total.brotli).toBeLessThan(40 * 1024);
      // The same check as the first test, on a page whose dialogs were made static: over budget, and it says so.
      await writeFile(join(dist, 'assets/entry.js'), `import{a as b}from"./react.js";import"./kit.js";import"./dialogs.js";${filler(2048)}`);
      const heavy = landingScripts(dist);
      expect(heavy.scripts).toHaveLength(4);
      expect(heavy.total.brotli).toBeGreaterThan(130 * 1024);
      expect(() => expect(heavy.total.brotli).toBeLessThanOrEqual(LANDING_BUDGET_KB * 1024)).toThrow();
    } finally {
      await rm(dist, { recursive: true, force: true });
    }
  });

  it('reads the import forms the bundler writes', () => {
    const source = 'const __vite__mapDeps=(i)=>i;import{r as e}from"./rolldown-runtime.js";import"./zod.js";import*as n from"../x/y.js";let t=()=>__vitePreload(()=>import("./lazy.js"),[]);';
    expect(staticImports('/assets/entry.js', source)).toEqual(['/assets/rolldown-runtime.js', '/assets/zod.js', '/x/y.js']);
  });
});
