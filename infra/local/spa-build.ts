import { createHash } from 'node:crypto';
import { readdir, readFile, stat, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';

const ROOT = resolve(import.meta.dirname, '../..');
export const SPA_DIST = join(ROOT, 'frontend/dist');
const STAMP = join(SPA_DIST, '.build-stamp');
const INPUTS = ['frontend/src', 'frontend/public', 'frontend/index.html', 'frontend/vite.config.ts', 'shared', 'package-lock.json'];

async function fingerprint(): Promise<string> {
  const hash = createHash('sha256');
  const walk = async (p: string): Promise<void> => {
    let s;
    try {
      s = await stat(p);
    } catch {
      return;
    }
    if (s.isDirectory()) {
      for (const name of (await readdir(p)).sort()) await walk(join(p, name));
    } else {
      hash.update(`${p}:${s.size}:${s.mtimeMs}\n`);
    }
  };
  for (const input of INPUTS) await walk(join(ROOT, input));
  return hash.digest('hex');
}

/** Builds the SPA with Vite when its sources changed since the last build (so a warm start skips it). */
export async function ensureSpaBuilt(log: (line: string) => void = console.log): Promise<'built' | 'fresh'> {
  const want = await fingerprint();
  const have = await readFile(STAMP, 'utf8').catch(() => '');
  if (have === want) return 'fresh';
  log('Building the web app (first start or sources changed)...');
  const { build } = await import('vite');
  await build({ configFile: join(ROOT, 'frontend/vite.config.ts'), logLevel: 'warn' });
  await writeFile(STAMP, want);
  return 'built';
}
