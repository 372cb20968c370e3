import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { readdir, readFile, stat, writeFile } from 'node:fs/promises';
import { promisify } from 'node:util';
import { brotliCompress, constants as zlib, gzip } from 'node:zlib';
import { join, resolve } from 'node:path';

const ROOT = resolve(import.meta.dirname, '../..');
export const SPA_DIST = join(ROOT, 'frontend/dist');
const STAMP = join(SPA_DIST, '.build-stamp');
const INPUTS = ['frontend/src', 'frontend/public', 'frontend/index.html', 'frontend/landing.html', 'frontend/share.html', 'frontend/vite.config.ts', 'shared', 'package-lock.json'];
/** Text files worth serving compressed. */
const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json|txt|webmanifest)$/;

async function fingerprint(): Promise<string> {
  const hash = createHash('sha256');
  hash.update(`build v2 production\n`);
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
  // Always the production bundle, even when started from a test run (NODE_ENV=test would give development React). In a
  // process of its own: the build's pre-rendering loads React in production mode, and the host's handlers (the shared
  // car page renders React on the server) must not find that copy in this process's module cache beside their own.
  await new Promise<void>((resolvePromise, reject) => {
    const child = spawn(process.execPath, [join(ROOT, 'node_modules/vite/bin/vite.js'), 'build', '--config', join(ROOT, 'frontend/vite.config.ts'), '--mode', 'production', '--logLevel', 'warn'], {
      cwd: ROOT,
      env: { ...process.env, NODE_ENV: 'production' },
      stdio: ['ignore', 'inherit', 'inherit'],
    });
    child.once('error', reject);
    child.once('exit', (code) => (code === 0 ? resolvePromise() : reject(new Error(`Building the web app failed (vite build exited with ${code})`))));
  });
  await precompress(SPA_DIST);
  await writeFile(STAMP, want);
  return 'built';
}

/**
 * Brotli (quality 11) and gzip copies of every text file, served as they are by the local host: what CloudFront
 * sends compressed, at a level the host would not afford per request.
 */
async function precompress(dir: string): Promise<void> {
  const br = promisify(brotliCompress);
  const gz = promisify(gzip);
  for (const entry of await readdir(dir, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile() || !COMPRESSIBLE.test(entry.name)) continue;
    const file = join(entry.parentPath, entry.name);
    const bytes = await readFile(file);
    await writeFile(`${file}.br`, await br(bytes, { params: { [zlib.BROTLI_PARAM_QUALITY]: 11, [zlib.BROTLI_PARAM_SIZE_HINT]: bytes.length } }));
    await writeFile(`${file}.gz`, await gz(bytes, { level: 9 }));
  }
}
