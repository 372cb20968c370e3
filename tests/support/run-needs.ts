import { readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';

/**
 * What a test run needs started before its files run: the shared scripted host, the studio host, the photo matrix.
 * Decided from the selected files and the test helpers they import (followed through relative imports), so
 * `vitest run` of a unit file, or of model files, starts no host and no browser (about 30 core-seconds and 30 s
 * saved), while a full run starts them all. A file reaches the hosts only through tests/support/local-host.ts
 * (`inject('localHost' | 'studioHost')`). Chromium is not the run's: each test process launches its own
 * (tests/support/browser.ts).
 */
export interface RunNeeds {
  scriptedHost: boolean;
  studioHost: boolean;
  photoMatrix: boolean;
}

const EVERYTHING: RunNeeds = { scriptedHost: true, studioHost: true, photoMatrix: true };
const SELECTED = Symbol.for('studio-lot.selected-test-files');
type WithSelection = typeof globalThis & { [SELECTED]?: string[] };

/** Called by the summary reporter when the run starts (before the global setup), with the files it will run. */
export function recordSelectedFiles(files: string[]) {
  (globalThis as WithSelection)[SELECTED] = files;
}

/** What the selected files need; everything when the selection is unknown (another reporter, an older Vitest). */
export function runNeeds(): RunNeeds {
  const files = (globalThis as WithSelection)[SELECTED];
  if (!files) return EVERYTHING;
  const needs: RunNeeds = { scriptedHost: false, studioHost: false, photoMatrix: false };
  const seen = new Set<string>();
  const visit = (file: string) => {
    if (seen.has(file)) return;
    seen.add(file);
    let source: string;
    try {
      // Without comments: a helper that mentions the studio host in its documentation does not use it.
      source = readFileSync(file, 'utf8').replace(/\/\*[\s\S]*?\*\//g, '').replace(/^\s*\/\/.*$/gm, '');
    } catch {
      return;
    }
    if (/inject\('localHost'|\buseLocalHost\(/.test(source)) needs.scriptedHost = true;
    if (/renderer: 'studio'/.test(source)) needs.studioHost = true;
    if (/\bphotoMatrix\(/.test(source)) needs.photoMatrix = true;
    for (const [, spec] of source.matchAll(/(?:from\s+|import\(|import\s+)\s*'(\.{1,2}\/[^']+)'/g)) {
      const base = resolve(dirname(file), spec!);
      for (const candidate of [base, `${base}.ts`, `${base}.tsx`, `${base}/index.ts`]) {
        if (/\.tsx?$/.test(candidate)) visit(candidate);
      }
    }
  };
  for (const file of files) visit(file);
  return needs;
}
