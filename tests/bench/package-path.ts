/**
 * `npm run bench:package-path`: how long a dealer waits for a car package, the whole path as the form walks it, on a
 * local host this bench starts (its own data folder and port, `npm start -- --api-only`, the studio compositor):
 *
 *  1. the form's check of each photo as it is added (POST /api/car-photos/check, the photo shrunk to
 *     PHOTO_CHECK_MAX_SIDE as the browser does; all at once, as the form sends them), until every check answered;
 *  2. Generate: create, the uploads and each upload's check as it lands (POST .../photos/{id}/check);
 *  3. POST /start to the final status seen by polling (every 250 ms, as a dealer's page is told by its live updates).
 *
 * The first package runs on the host just started (the detector, the cut-out and the compositor load on their first
 * photo: a first package after a deploy or a quiet spell), then BENCH_RUNS (3) more on the warm host. Every photo has
 * bytes no process has seen (a nonce pixel), as a new dealer's would. The dealer's own time (typing the name, picking
 * the style) is not counted. The figures the product quotes (shared/brand.ts, PROCESSING_TIMES) come from this
 * section of docs/benchmarks/render-and-package.md, "Package: the dealer's whole path".
 */
import { readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { cpus, loadavg, tmpdir, totalmem } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { PHOTO_CHECK_MAX_SIDE, type CheckCarPhotoResponse } from '@shared/schemas/car-photo-check';
import { PackageApi, isFinal, signInNewDealer, spawnHost, summary, type SpawnedHost } from '../integration/package-api-client';
import { PACKAGE_PHOTOS } from './package-photos';
import { writeBenchmarkSection } from './report';

const PHOTOS = PACKAGE_PHOTOS;
const REPS = Number(process.env.BENCH_RUNS ?? 3);
const s = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const loads = () => loadavg().map((l) => l.toFixed(2)).join(', ');

interface PathRun {
  /** Every photo's form check answered (they are sent at once). */
  checksMs: number;
  /** Create, the uploads and each upload's check. */
  uploadMs: number;
  /** POST /start sent to the final status seen. */
  renderMs: number;
  wholeMs: number;
  detail: ReturnType<typeof summary>;
}

let nonce = 0;
/** One photo with bytes nobody has seen: its first pixel nudged (the detector and the check budget remember by digest). */
async function freshPhoto(file: string): Promise<{ full: Buffer; shrunk: Buffer; size: { width: number; height: number } }> {
  const n = ++nonce;
  const dot = { input: { create: { width: 1, height: 1, channels: 3 as const, background: { r: n % 256, g: (n >> 8) % 256, b: 7 } } }, left: 0, top: 0 };
  const full = await sharp(readFileSync(file)).rotate().composite([dot]).jpeg({ quality: 92 }).toBuffer();
  const meta = await sharp(full).metadata();
  const shrunk = await sharp(full).resize(PHOTO_CHECK_MAX_SIDE, PHOTO_CHECK_MAX_SIDE, { fit: 'inside', withoutEnlargement: true }).jpeg({ quality: 85 }).toBuffer();
  return { full, shrunk, size: { width: meta.width!, height: meta.height! } };
}

async function runPath(api: PackageApi): Promise<PathRun> {
  const photos = await Promise.all(PHOTOS.map(async (p) => ({ ...p, ...(await freshPhoto(p.file)) })));
  const t0 = Date.now();
  const checks = await Promise.all(photos.map((p) => api.call<CheckCarPhotoResponse>('POST', '/api/car-photos/check', { photo: p.shrunk.toString('base64'), original_size: p.size })));
  const bad = checks.find((c) => c.status !== 200 || !c.body.car);
  if (bad) throw new Error(`a form check answered ${bad.status}: ${JSON.stringify(bad.body)}`);
  const t1 = Date.now();
  const id = await api.createWithPhotos(photos.map((p) => ({ file: p.file, angle: p.angle, bytes: p.full })), { name: `bench path ${new Date().toISOString()}`, check: true, fillMissingSides: true });
  const t2 = Date.now();
  await api.start(id);
  const detail = await api.waitFor(id, isFinal, 10 * 60_000, 250);
  const t3 = Date.now();
  return { checksMs: t1 - t0, uploadMs: t2 - t1, renderMs: t3 - t2, wholeMs: t3 - t0, detail: summary(detail) };
}

const dataDir = await mkdtemp(join(tmpdir(), 'bench-package-path-'));
const startLoad = loads();
let host: SpawnedHost | undefined;
process.on('exit', () => {
  if (host && host.child.exitCode === null) process.kill(-host.child.pid!, 'SIGKILL');
});
try {
  // Every bench dealer signs up from this machine: the per-network trial and check allowances are raised, as the
  // whole-run tests raise them.
  host = await spawnHost({
    dataDir,
    env: { POWERTOOLS_LOG_LEVEL: 'WARN', OPENAI_API_KEY: '', RENDERER: 'local', TRIAL_GRANTS_PER_NETWORK_PER_DAY: '1000', VISION_CHECKS_FREE_PER_HOUR: '100000', VISION_CHECKS_FREE_NETWORK_PER_HOUR: '100000' },
  });
  console.log(`host up at ${host.url}`);
  const runs: PathRun[] = [];
  for (let i = 0; i <= REPS; i++) {
    // A new dealer each time (5 trial credits each): nothing of one run is remembered for the next.
    const api = new PackageApi(host.url, await signInNewDealer(host.url, 'bench-path'));
    const run = await runPath(api);
    runs.push(run);
    console.log(`${i === 0 ? 'first (cold host)' : `warm ${i}`}: checks ${s(run.checksMs)}, create+uploads+checks ${s(run.uploadMs)}, start to final ${s(run.renderMs)}, whole ${s(run.wholeMs)}; ${run.detail.status} ${run.detail.completed}/${run.detail.completed + run.detail.failed}`);
  }
  const [first, ...warm] = runs as [PathRun, ...PathRun[]];
  const m = (pick: (r: PathRun) => number) => s(median(warm.map(pick)));
  const list = (pick: (r: PathRun) => number) => warm.map((r) => (pick(r) / 1000).toFixed(1)).join(', ');
  const body = `
Measured ${new Date().toISOString().slice(0, 10)} by \`npm run bench:package-path\` (tests/bench/package-path.ts): the dealer's whole wait for a car package as the form walks it, on a local host started by the bench (\`npm start -- --api-only\`, studio compositor, local vision), through the HTTP API and presigned S3 uploads. ${cpus().length} cores (${cpus()[0]?.model ?? 'unknown'}), ${Math.round(totalmem() / 2 ** 30)} GiB, Node ${process.version}; load average (1, 5, 15 min) ${startLoad} at the start and ${loads()} at the end. ${PHOTOS.length} photos (${PHOTOS.map((p) => p.file.split('/').at(-1)).join(', ')}, each with bytes no process had seen), "Fill missing sides with mirror images" on: ${first.detail.completed} angles made. The dealer's own time (typing, picking a style) is not counted.

| the dealer's wait | first package on a host just started | later packages, median of ${warm.length} | runs |
|---|---:|---:|---|
| the form's checks, every photo sent as it is added (POST /api/car-photos/check, shrunk to ${PHOTO_CHECK_MAX_SIDE} px), until the last answered | ${s(first.checksMs)} | ${m((r) => r.checksMs)} | ${list((r) => r.checksMs)} |
| Generate: create, the uploads and each upload's check | ${s(first.uploadMs)} | ${m((r) => r.uploadMs)} | ${list((r) => r.uploadMs)} |
| POST /start to the final status seen (polling every 0.25 s) | ${s(first.renderMs)} | ${m((r) => r.renderMs)} | ${list((r) => r.renderMs)} |
| **whole path** | **${s(first.wholeMs)}** | **${m((r) => r.wholeMs)}** | ${list((r) => r.wholeMs)} |

The first package pays for loading the models on the host (the detector, the cut-out and the compositor's scenes); in AWS a Lambda starting cold pays the same once per instance (docs/benchmarks/render-and-package.md, "Cost per 8-angle package in AWS": the model loading). Where the work itself goes is in "Package" above. The product quotes these figures once (shared/brand.ts, \`PROCESSING_TIMES\`) on the landing page, its FAQ, the Support Center's help and the package page's estimate.
`;
  await writeBenchmarkSection("Package: the dealer's whole path", body);
  console.log(body);
} finally {
  if (host) await host.stop().catch(() => undefined);
  await rm(dataDir, { recursive: true, force: true });
}
