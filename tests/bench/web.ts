/**
 * Web benchmark (npm run bench:web): starts the local host on a free port with a temporary data folder, then
 * measures the public pages in headless Chromium:
 * - JavaScript loaded by the landing page: bytes as served (encoded body), and the same files gzip- and
 *   brotli-compressed, as CloudFront would serve them;
 * - largest contentful paint (PerformanceObserver), cold cache, at 1280 and 375 px;
 * - Lighthouse performance and accessibility scores (mobile preset with simulated throttling, and desktop).
 * Results go to docs/benchmarks/web.md, section "## Web" (other sections are left as they are).
 * `-- --only=landing-js` measures the landing page's JavaScript alone and rewrites just that part of the section.
 * The budget and the count on the built files are shared with tests/infra/landing-budget.test.ts
 * (tests/support/landing-budget.ts), which fails the test run when a build goes over it.
 */
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { launch as launchChrome } from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { startLocalHost } from '../../infra/local/host';
import { benchmarkFile } from './report';
import { CHROMIUM_ARGS, FULL_CHROMIUM_PATH, launchBrowser } from '../support/browser';
import { compressedSizes, kb, LANDING_BUDGET_KB, landingScripts as landingScriptsInDist, SPA_DIST } from '../support/landing-budget';

const ROOT = resolve(import.meta.dirname, '../..');
const DOC = benchmarkFile('Web');
const BUDGET_KB = LANDING_BUDGET_KB;
const PAGES = ['/', '/contact', '/terms', '/privacy'];

interface ScriptLoad {
  file: string;
  served: number;
  encoding: string;
  raw: number;
  gzip: number;
  brotli: number;
}

async function landingScripts(url: string): Promise<ScriptLoad[]> {
  const browser = await launchBrowser();
  try {
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    const page = await context.newPage();
    const responses: Promise<ScriptLoad>[] = [];
    page.on('response', (response) => {
      if (response.request().resourceType() !== 'script') return;
      responses.push(
        (async () => {
          const body = await response.body();
          const sizes = await response.request().sizes();
          return {
            ...compressedSizes(new URL(response.url()).pathname, body),
            served: sizes.responseBodySize,
            encoding: (await response.headerValue('content-encoding')) ?? 'identity',
          };
        })(),
      );
    });
    await page.goto(url, { waitUntil: 'networkidle' });
    await page.waitForTimeout(1000);
    return (await Promise.all(responses)).sort((a, b) => b.raw - a.raw);
  } finally {
    await browser.close();
  }
}

async function largestContentfulPaint(url: string, width: number): Promise<{ ms: number; element: string }> {
  const browser = await launchBrowser();
  try {
    const context = await browser.newContext({ viewport: { width, height: 800 } });
    const page = await context.newPage();
    await page.goto(url, { waitUntil: 'networkidle' });
    return await page.evaluate(
      () =>
        new Promise<{ ms: number; element: string }>((done) => {
          new PerformanceObserver((list) => {
            const entries = list.getEntries() as (PerformanceEntry & { element?: Element | null })[];
            const last = entries[entries.length - 1];
            const el = last?.element;
            done({
              ms: Math.round(last?.startTime ?? -1),
              element: el ? `${el.tagName.toLowerCase()}${el.id ? `#${el.id}` : ''}` : 'unknown',
            });
          }).observe({ type: 'largest-contentful-paint', buffered: true });
        }),
    );
  } finally {
    await browser.close();
  }
}

const LIGHTHOUSE_RUNS = 3;

interface LighthouseRow {
  page: string;
  preset: string;
  performance: number;
  accessibility: number;
  lcp: string;
  tbt: string;
  cls: string;
}

async function runLighthouse(url: string, preset: 'mobile' | 'desktop'): Promise<LighthouseRow> {
  const chrome = await launchChrome({ chromePath: FULL_CHROMIUM_PATH, chromeFlags: CHROMIUM_ARGS });
  try {
    const config =
      preset === 'desktop'
        ? (await import('lighthouse/core/config/desktop-config.js')).default
        : undefined;
    const result = await lighthouse(
      url,
      { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: ['performance', 'accessibility'] },
      config,
    );
    if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
    const { categories, audits } = result.lhr;
    return {
      page: new URL(url).pathname,
      preset,
      performance: Math.round((categories.performance?.score ?? 0) * 100),
      accessibility: Math.round((categories.accessibility?.score ?? 0) * 100),
      lcp: audits['largest-contentful-paint']?.displayValue ?? '?',
      tbt: audits['total-blocking-time']?.displayValue ?? '?',
      cls: audits['cumulative-layout-shift']?.displayValue ?? '?',
    };
  } finally {
    await chrome.kill();
  }
}

async function writeSection(markdown: string, heading = '## Web'): Promise<void> {
  const existing = await readFile(DOC, 'utf8').catch(() => '# Benchmarks\n');
  const start = existing.search(new RegExp(`^${heading.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\s*$`, 'm'));
  let next: string;
  if (start === -1) next = `${existing.trimEnd()}\n\n${markdown}`;
  else {
    const rest = existing.slice(start + 1);
    const end = rest.search(/^## /m);
    next = existing.slice(0, start) + markdown + (end === -1 ? '' : `\n${rest.slice(end)}`);
  }
  await writeFile(DOC, `${next.trimEnd()}\n`);
}

const LANDING_JS_HEADING = '### JavaScript loaded by the landing page';

/** Replaces the landing page's JavaScript part of the "## Web" section (`--only=landing-js`), the rest left as it is. */
async function writeLandingJsPart(markdown: string): Promise<void> {
  const existing = await readFile(DOC, 'utf8');
  const web = existing.search(/^## Web\s*$/m);
  const start = existing.indexOf(`\n${LANDING_JS_HEADING}`, web) + 1;
  if (web === -1 || start === 0) throw new Error(`${DOC} has no "${LANDING_JS_HEADING}" part in its "## Web" section: run the whole benchmark`);
  // The part ends where the next heading (### or ##) starts, after its own heading line.
  const rest = existing.slice(start + LANDING_JS_HEADING.length);
  const end = rest.search(/^##+ /m);
  await writeFile(DOC, existing.slice(0, start) + markdown + (end === -1 ? '' : `\n${rest.slice(end)}`));
}

/**
 * The landing page's JavaScript: what Chromium fetched for `/` (served, gzip, brotli), against the budget, beside the
 * count on the built files that tests/infra/landing-budget.test.ts holds to the same budget.
 */
async function landingJsPart(url: string, loadAtStart = loadavg(), alone = false): Promise<string> {
  // The landing page is pre-rendered at build time: its HTML alone paints the hero, before any script runs.
  const prerendered = /<h1[^>]*id="hero-title"/.test(await (await fetch(url)).text());
  const scripts = await landingScripts(url);
  const total = (k: keyof Pick<ScriptLoad, 'served' | 'raw' | 'gzip' | 'brotli'>) => scripts.reduce((s, x) => s + x[k], 0);
  const encodings = [...new Set(scripts.map((s) => s.encoding))].join(', ');
  const forbidden = scripts.filter((s) => /amplify|auth-dialogs|tokenProvider|overview-page|car-packages|image-processor|settings-page|support-page|zod-config/i.test(s.file));
  console.log(`Landing JS: ${scripts.length} files, served ${kb(total('served'))} (${encodings}), gzip ${kb(total('gzip'))}, brotli ${kb(total('brotli'))}`);
  // The budget test counts the entry and its static imports in frontend/dist; a file the browser fetched that the
  // count misses would let the test pass a page over budget.
  const built = landingScriptsInDist(SPA_DIST);
  const uncounted = scripts.map((s) => s.file).filter((f) => !built.scripts.some((b) => b.file === f));
  if (uncounted.length > 0) console.warn(`Fetched by the browser but not counted by the budget test: ${uncounted.join(', ')}`);
  const gzipOk = total('gzip') <= BUDGET_KB * 1024;
  const brotliOk = total('brotli') <= BUDGET_KB * 1024;
  return [
    `${LANDING_JS_HEADING} (budget ${BUDGET_KB} KB)`,
    '',
    ...(alone ? [`Measured ${new Date().toISOString().slice(0, 10)} by \`npm run bench:web -- --only=landing-js\` (this part alone), headless Chromium ${FULL_CHROMIUM_PATH}, cold cache.`, ''] : []),
    `- As served by the local host: **${kb(total('served'))}** (content-encoding: ${encodings}); uncompressed ${kb(total('raw'))}.`,
    `- Same files gzip -9: **${kb(total('gzip'))}** (${gzipOk ? 'within' : 'OVER'} budget); brotli q11 (what CloudFront sends to browsers that accept br): **${kb(total('brotli'))}** (${brotliOk ? 'within' : 'OVER'} budget).`,
    `- Counted on the built files by tests/infra/landing-budget.test.ts (landing.html's entry and its static imports, brotli q11; the test fails over ${BUDGET_KB} KB): **${kb(built.total.brotli)}** in ${built.scripts.length} files${uncounted.length === 0 ? ', the same files the browser fetched' : `; fetched but NOT counted: ${uncounted.join(', ')}`}.`,
    `- Dashboard, dialog, zod and Amplify chunks loaded by the landing page: ${forbidden.length === 0 ? 'none' : forbidden.map((f) => f.file).join(', ')}.`,
    `- Landing HTML pre-rendered (hero heading in the served HTML, painted before any script runs): ${prerendered ? 'yes' : 'NO'}.`,
    `- Load average (1, 5, 15 min) when the run started: ${loadAtStart.map((l) => l.toFixed(2)).join(', ')} on ${cpus().length} cores.`,
    '',
    '| file | raw | gzip | brotli |',
    '|---|---:|---:|---:|',
    ...scripts.map((s) => `| ${s.file.replace('/assets/', '')} | ${kb(s.raw)} | ${kb(s.gzip)} | ${kb(s.brotli)} |`),
    '',
  ].join('\n');
}

/** Lighthouse runs of one page and preset: the median run, with the range of their performance scores. */
async function lighthouseMedian(url: string, preset: 'mobile' | 'desktop'): Promise<LighthouseRow & { range: string }> {
  const runs: LighthouseRow[] = [];
  for (let i = 0; i < LIGHTHOUSE_RUNS; i++) runs.push(await runLighthouse(url, preset));
  runs.sort((a, b) => a.performance - b.performance);
  const median = runs[Math.floor(runs.length / 2)]!;
  return { ...median, range: `${runs[0]!.performance}-${runs[runs.length - 1]!.performance}` };
}

/**
 * The shared car page (/c/<token>, issue 29), as a buyer opens a dealer's link: a dealer signs up, makes a package of
 * one car photo (the local renderer, as `npm start` does), turns Share on; the page is measured as the landing page is.
 */
async function sharedCarSection(hostUrl: string): Promise<string> {
  const { PackageApi, isFinal, signInNewDealer } = await import('../integration/package-api-client');
  const { createPackage } = await import('../support/car-package-http');
  const dealer = new PackageApi(hostUrl, await signInNewDealer(hostUrl, 'bench-share'));
  // The page as a dealer who filled in Settings has it: the contact shown (issue 41, item 6).
  await dealer.call('PATCH', '/api/profile', { dealer_name: 'Bench Motors', contact_phone: '+1 (555) 010-2030', contact_email: 'sales@bench-motors.example', contact_address: '12 Harbour Road\nPortland, ME 04101' });
  const photo = await readFile(join(ROOT, 'tests/fixtures/cars/bmw-2002-silver-front34-grass.jpg'));
  const made = await createPackage(dealer, [{ file_name: 'front.jpg', bytes: photo }], '1974 BMW 2002', { stock_number: 'BM-1974', fill_missing_sides: true });
  if (!made.id || made.uploads[0] !== 'ok') throw new Error(`the bench package was not created: ${JSON.stringify(made.created.body)}`);
  const started = await dealer.call('POST', `/api/car-packages/${made.id}/start`);
  if (started.status !== 200) throw new Error(`the bench package did not start: ${JSON.stringify(started.body)}`);
  const ended = await dealer.waitFor(made.id, isFinal, 600_000, 500);
  // The walk-around video follows the package by a second or two (two angles or more): the page is measured with it.
  const angles = ended.images.filter((i) => i.angle_status === 'completed').length;
  const done = angles < 2 ? ended : await dealer.waitFor(made.id, (p) => p.video !== null, 60_000, 500);
  const share = await dealer.call<{ page_path: string | null }>('PUT', `/api/car-packages/${made.id}/share`);
  if (!share.body.page_path) throw new Error(`Share did not turn on: ${JSON.stringify(share.body)}`);
  const pageUrl = `${hostUrl}${share.body.page_path}`;
  const finished = done.images.filter((i) => i.angle_status === 'completed').length;
  const html = await (await fetch(pageUrl, { headers: { accept: 'text/html' } })).text();
  const ogImage = /<meta property="og:image" content="([^"]+)"/.test(html);
  const video = /<video[^>]*preload="none"/.test(html);
  const load = loadavg();
  const lcp = [
    { width: 1280, ...(await largestContentfulPaint(pageUrl, 1280)) },
    { width: 375, ...(await largestContentfulPaint(pageUrl, 375)) },
  ];
  console.log('Shared car LCP', lcp);
  const rows: Array<LighthouseRow & { range: string }> = [];
  for (const preset of ['mobile', 'desktop'] as const) {
    const row = await lighthouseMedian(pageUrl, preset);
    rows.push({ ...row, page: '/c/<token>' });
    console.log('Lighthouse shared car', row);
  }
  return [
    '## Web: shared car page',
    '',
    `Measured ${new Date().toISOString().slice(0, 10)} by \`npm run bench:web\` (tests/bench/web.ts; \`-- --only=shared-car\` runs this part alone): local host, headless Chromium ${FULL_CHROMIUM_PATH}, cold cache.`,
    '',
    `The page of a shared car package (/c/<token>) with ${finished} finished angle${finished === 1 ? '' : 's'} (one photo of a car, the other side filled by its mirror image, rendered by the local renderer), rendered by the server per request from the build's share.html (stylesheet inline) and hydrated by its own entry. Open Graph image in the HTML: ${ogImage ? 'yes' : 'NO'}. The dealer's contact (phone, e-mail, address) and the stock number shown; walk-around video on the page (preload none): ${video ? 'yes' : 'no'}.`,
    `Load average (1, 5, 15 min) when this part started: ${load.map((l) => l.toFixed(2)).join(', ')} on ${cpus().length} cores (other work shared the machine).`,
    '',
    '| viewport | LCP (no throttling) | element |',
    '|---|---:|---|',
    ...lcp.map((l) => `| ${l.width} px | ${l.ms} ms | ${l.element} |`),
    '',
    `Lighthouse, median of ${LIGHTHOUSE_RUNS} runs (mobile = simulated slow 4G, 4x CPU slowdown):`,
    '',
    '| page | preset | performance | range | accessibility | LCP | TBT | CLS |',
    '|---|---|---:|---:|---:|---:|---:|---:|',
    ...rows.map((r) => `| ${r.page} | ${r.preset} | ${r.performance} | ${r.range} | ${r.accessibility} | ${r.lcp} | ${r.tbt} | ${r.cls} |`),
    '',
  ].join('\n');
}

async function main() {
  const loadAtStart = loadavg();
  const dataDir = await mkdtemp(join(tmpdir(), 'bench-web-'));
  const host = await startLocalHost({ overrides: { PORT: 0, DATA_DIR: dataDir }, log: () => undefined });
  try {
    if (process.argv.includes('--only=shared-car')) {
      await writeSection(await sharedCarSection(host.url), '## Web: shared car page');
      console.log(`Written to ${DOC}`);
      return;
    }
    if (process.argv.includes('--only=landing-js')) {
      await writeLandingJsPart(await landingJsPart(`${host.url}/`, loadAtStart, true));
      console.log(`Written to ${DOC}`);
      return;
    }
    const url = `${host.url}/`;
    console.log(`Local host at ${host.url}`);

    const landingJs = await landingJsPart(url, loadAtStart);

    const lcp = [
      { width: 1280, ...(await largestContentfulPaint(url, 1280)) },
      { width: 375, ...(await largestContentfulPaint(url, 375)) },
    ];
    console.log('LCP', lcp);

    // One Lighthouse run swings by several points on a shared 2-core machine: report the median of RUNS.
    const lighthouseRows: Array<LighthouseRow & { range: string }> = [];
    for (const page of PAGES) {
      for (const preset of page === '/' ? (['mobile', 'desktop'] as const) : (['mobile'] as const)) {
        const runs: LighthouseRow[] = [];
        for (let i = 0; i < LIGHTHOUSE_RUNS; i++) runs.push(await runLighthouse(`${host.url}${page}`, preset));
        runs.sort((a, b) => a.performance - b.performance);
        const median = runs[Math.floor(runs.length / 2)]!;
        const row = { ...median, range: `${runs[0]!.performance}-${runs[runs.length - 1]!.performance}` };
        console.log('Lighthouse', row);
        lighthouseRows.push(row);
      }
    }

    const md = [
      '## Web',
      '',
      `Measured ${new Date().toISOString().slice(0, 10)} by \`npm run bench:web\` (tests/bench/web.ts): local host, headless Chromium ${FULL_CHROMIUM_PATH}, cold cache.`,
      '',
      '`/` is served landing.html: the landing page pre-rendered at build time and hydrated by its own entry (React, no router, TanStack Query, zod or runtime-config check; dialogs, zod, Amplify and toasts load on first use). /contact, /terms and /privacy are served pre-rendered HTML that the SPA entry hydrates; every other path gets index.html (the SPA).',
      '',
      landingJs,
      '### Largest contentful paint (PerformanceObserver, no throttling)',
      '',
      '| viewport | LCP | element |',
      '|---|---:|---|',
      ...lcp.map((l) => `| ${l.width} px | ${l.ms} ms | ${l.element} |`),
      '',
      `### Lighthouse (performance and accessibility, median of ${LIGHTHOUSE_RUNS} runs)`,
      '',
      'Mobile = Lighthouse\'s default (simulated slow 4G, 4x CPU slowdown); the other columns are from the median run.',
      '',
      '| page | preset | performance | range | accessibility | LCP | TBT | CLS |',
      '|---|---|---:|---:|---:|---:|---:|---:|',
      ...lighthouseRows.map((r) => `| ${r.page} | ${r.preset} | ${r.performance} | ${r.range} | ${r.accessibility} | ${r.lcp} | ${r.tbt} | ${r.cls} |`),
      '',
    ].join('\n');
    await writeSection(md);
    await writeSection(await sharedCarSection(host.url), '## Web: shared car page');
    console.log(`Written to ${DOC}`);
  } finally {
    await host.stop();
    await rm(dataDir, { recursive: true, force: true });
  }
}

await main();
