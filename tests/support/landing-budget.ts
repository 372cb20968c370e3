/**
 * The landing page's JavaScript budget (issue 40): what `/` loads before it is interactive, compressed as CloudFront
 * sends it. Shared by the budget test (tests/infra/landing-budget.test.ts, on the built frontend/dist, no browser) and
 * the web benchmark (tests/bench/web.ts, which also measures what Chromium really fetched and compares the two).
 *
 * Which files: landing.html's module entry and every file it imports statically, found twice over: from the HTML (Vite
 * writes a modulepreload link for each static import of the entry, at any depth) and by following the chunks' own
 * `import ... from "./x.js"` statements. Dynamic imports (the auth dialogs, Amplify, the toaster) load on first use and
 * are not counted.
 */
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

/** Budget of the landing page's JavaScript, brotli q11, in KB (1024 bytes). */
export const LANDING_BUDGET_KB = 100;

export const SPA_DIST = resolve(import.meta.dirname, '../../frontend/dist');

export interface ScriptSizes {
  /** Site path, e.g. /assets/react-CccVFQFD.js */
  file: string;
  raw: number;
  /** gzip -9 */
  gzip: number;
  /** brotli quality 11, as the build's precompressed copies and CloudFront's */
  brotli: number;
}

/** One file's sizes: raw, gzip -9 and brotli q11 (the web benchmark applies it to what the browser received). */
export function compressedSizes(file: string, body: Uint8Array): ScriptSizes {
  return {
    file,
    raw: body.length,
    gzip: gzipSync(body, { level: 9 }).length,
    brotli: brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: body.length } }).length,
  };
}

/** The scripts an HTML page loads at once: its module scripts and modulepreloads (site paths, in document order). */
export function htmlScripts(html: string): string[] {
  const scripts = [...html.matchAll(/<script\b[^>]*\btype="module"[^>]*\bsrc="([^"]+)"/g)].map((m) => m[1]!);
  const preloads = [...html.matchAll(/<link\b[^>]*\brel="modulepreload"[^>]*\bhref="([^"]+)"/g)].map((m) => m[1]!);
  return [...new Set([...scripts, ...preloads])];
}

/**
 * A chunk's static imports of other chunks, as site paths. Rolldown writes them `import{a as b}from"./x.js"` or
 * `import"./x.js"`; `import("./x.js")` (dynamic) has a parenthesis before the quote and is left out.
 */
export function staticImports(file: string, source: string): string[] {
  const dir = file.slice(0, file.lastIndexOf('/') + 1);
  return [...source.matchAll(/(?:^|[;\n}])\s*import\s*(?:[\w$*\s{},]*?\bfrom\s*)?["'](\.{1,2}\/[^"']+\.js)["']/g)].map((m) => new URL(m[1]!, `http://x${dir}`).pathname);
}

export interface LandingScripts {
  /** Every file counted, largest first. */
  scripts: ScriptSizes[];
  total: { raw: number; gzip: number; brotli: number };
  /** Files named by landing.html (entry and modulepreloads). */
  fromHtml: string[];
  /** Files reached from the entry through static imports. */
  fromImports: string[];
}

/** The landing page's JavaScript in a built frontend/dist: the union of what its HTML names and its entry imports. */
export function landingScripts(dist = SPA_DIST): LandingScripts {
  return pageScripts('landing.html', dist);
}

/** The JavaScript a built page (landing.html, share.html) loads before any dynamic import: what its HTML names and its entry imports. */
export function pageScripts(page: string, dist = SPA_DIST): LandingScripts {
  const read = (path: string) => readFileSync(join(dist, path));
  const html = read(page).toString('utf8');
  const fromHtml = htmlScripts(html);
  const entries = [...html.matchAll(/<script\b[^>]*\btype="module"[^>]*\bsrc="([^"]+)"/g)].map((m) => m[1]!);
  if (entries.length === 0) throw new Error(`${join(dist, page)} has no module script`);
  const fromImports = new Set<string>();
  const queue = [...entries];
  for (let file = queue.shift(); file !== undefined; file = queue.shift()) {
    if (fromImports.has(file)) continue;
    fromImports.add(file);
    queue.push(...staticImports(file, read(file).toString('utf8')));
  }
  const files = [...new Set([...fromHtml, ...fromImports])];
  const scripts = files.map((file) => compressedSizes(file, read(file))).sort((a, b) => b.raw - a.raw);
  const sum = (k: 'raw' | 'gzip' | 'brotli') => scripts.reduce((s, x) => s + x[k], 0);
  return { scripts, total: { raw: sum('raw'), gzip: sum('gzip'), brotli: sum('brotli') }, fromHtml, fromImports: [...fromImports] };
}

export const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
