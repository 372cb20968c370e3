/**
 * The project files a source file reaches through its imports (relative and @shared/ specifiers, followed
 * transitively), with their text. Type-only imports bring no code and are left out; package imports are not followed.
 * Used to derive a handler's DynamoDB grants from its code (cdk/handler-sources.ts) and to key the local host's
 * cached state machine definitions on what they are synthesized from (local/render-workflow-local.ts).
 */
import { existsSync, readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';

const ROOT = resolve(import.meta.dirname, '..');

function resolveImport(from: string, spec: string): string | undefined {
  const base = spec.startsWith('@shared/') ? resolve(ROOT, 'shared', spec.slice('@shared/'.length)) : spec.startsWith('.') ? resolve(dirname(from), spec) : undefined;
  if (!base) return undefined;
  for (const candidate of [base, `${base}.ts`, `${base}/index.ts`]) if (candidate.endsWith('.ts') && existsSync(candidate)) return candidate;
  return undefined;
}

/**
 * Each project file's text and the project files it imports, by absolute path: read and scanned once per process.
 * A process reads the sources as they are when it starts and runs with them (a test run, where the infrastructure
 * files build several apps in one process and each app asks for the sources of about a hundred handlers that share
 * most of their files; `cdk synth`; the local host, which keys its workflow cache at start): the code a process
 * imports does not change under it either, and an edit takes effect in the next process.
 */
const scanned = new Map<string, { text: string; imports: string[] }>();

function scan(file: string): { text: string; imports: string[] } {
  let found = scanned.get(file);
  if (!found) {
    const text = readFileSync(file, 'utf8');
    const imports: string[] = [];
    for (const m of text.matchAll(/^\s*(?:import|export)\s+(?!type\b)[^'"]*?from\s+'([^']+)'|^\s*import\s+'([^']+)'|\bimport\(\s*'([^']+)'\s*\)/gm)) {
      const next = resolveImport(file, m[1] ?? m[2] ?? m[3]!);
      if (next) imports.push(next);
    }
    found = { text, imports };
    scanned.set(file, found);
  }
  return found;
}

/** `entry` and every project source it reaches, by absolute path. */
export function projectSourcesOf(entry: string): Map<string, string> {
  const seen = new Map<string, string>();
  const queue = [entry];
  while (queue.length) {
    const file = queue.pop()!;
    if (seen.has(file)) continue;
    const { text, imports } = scan(file);
    seen.set(file, text);
    queue.push(...imports);
  }
  return seen;
}
