import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { cpus, tmpdir, totalmem } from 'node:os';
import { join, resolve } from 'node:path';
import { freePort } from '../../infra/local/free-port';
import { writeBenchmarkSection } from './report';

/**
 * `npm run bench:startup`: time from `npm start` to the URL answering (the SPA's index and /api/health both
 * 200), cold (a new data folder: DynamoDB table and seed created, and the SPA built from scratch) and warm
 * (the same data folder again, SPA up to date). Median of 5 each.
 */
const RUNS = Number(process.env.BENCH_RUNS ?? 5);
const ROOT = resolve(import.meta.dirname, '../..');

async function startOnce(dataDir: string, opts: { rebuildSpa: boolean }): Promise<number> {
  if (opts.rebuildSpa) await rm(join(ROOT, 'frontend/dist/.build-stamp'), { force: true });
  const port = await freePort();
  const started = performance.now();
  const child = spawn('npm', ['start'], { cwd: ROOT, env: { ...process.env, PORT: String(port), DATA_DIR: dataDir }, stdio: 'ignore', detached: true });
  try {
    const url = `http://localhost:${port}`;
    for (;;) {
      if (child.exitCode !== null) throw new Error(`npm start exited with ${child.exitCode}`);
      try {
        const [index, health] = await Promise.all([fetch(url, { signal: AbortSignal.timeout(2000) }), fetch(`${url}/api/health`, { signal: AbortSignal.timeout(5000) })]);
        if (index.status === 200 && health.status === 200) return performance.now() - started;
      } catch {
        // not listening yet
      }
      if (performance.now() - started > 120_000) throw new Error('no answer within 120 s');
      await new Promise((r) => setTimeout(r, 50));
    }
  } finally {
    process.kill(-child.pid!, 'SIGINT');
    await new Promise((r) => child.once('exit', r));
  }
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const cold: number[] = [];
const warm: number[] = [];
for (let i = 0; i < RUNS; i++) {
  const dataDir = await mkdtemp(join(tmpdir(), 'bench-startup-'));
  cold.push(await startOnce(dataDir, { rebuildSpa: true }));
  warm.push(await startOnce(dataDir, { rebuildSpa: false }));
  await rm(dataDir, { recursive: true, force: true });
  console.log(`run ${i + 1}: cold ${(cold.at(-1)! / 1000).toFixed(1)} s, warm ${(warm.at(-1)! / 1000).toFixed(1)} s`);
}
const s = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
const machine = `${cpus().length} cores (${cpus()[0]?.model ?? 'unknown'}), ${Math.round(totalmem() / 2 ** 30)} GiB, Node ${process.version}`;
await writeBenchmarkSection(
  'Startup',
  [
    `\`npm run bench:startup\`, ${new Date().toISOString().slice(0, 10)}, ${machine}. Time from \`npm start\` to the URL answering`,
    '(index page and `/api/health` both 200). Cold: new data folder (table created and seeded) and the SPA built',
    'from scratch; warm: same data folder, SPA up to date. Median of ' + RUNS + ' runs.',
    '',
    '| start | median | min | max | target |',
    '|---|---|---|---|---|',
    `| cold | ${s(median(cold))} | ${s(Math.min(...cold))} | ${s(Math.max(...cold))} | < 15 s |`,
    `| warm | ${s(median(warm))} | ${s(Math.min(...warm))} | ${s(Math.max(...warm))} | < 8 s |`,
    '',
    `Warm/cold ratio: ${(median(warm) / median(cold)).toFixed(2)}.`,
  ].join('\n'),
);
console.log(`cold median ${s(median(cold))}, warm median ${s(median(warm))}`);
