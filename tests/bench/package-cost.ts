/**
 * bench:package's cost row: the compositor's work for one 8-angle package, each task run alone in this process as its
 * own Lambda would run it (a render task has never seen the photo: it decodes it and reads prepare's kept cut-out; the
 * "without" rows are a task given none, as for a package from before, which checks and cuts the photo out again), timed in
 * CPU and wall seconds, with the process's peak memory; then priced at Lambda arm64 rates with Step Functions, S3 and
 * DynamoDB at their list prices. The prices are constants (us-east-1 list prices, written down here; nothing in this
 * bench talks to AWS).
 */
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ANGLES, type Angle } from '@shared/angles';
import { LocalContentSigner } from '../../functions/src/content-credentials/local-signer';
import { createRenderer } from '../../functions/src/renderer/create-renderer';
import { forgetCutOuts } from '../../functions/src/renderer/local/local-renderer';
import type { SourcePhoto } from '../../functions/src/renderer/port';
import { PREPARE_MEMORY_MB, RENDER_MEMORY_MB } from '../../infra/workflow-tasks';

/** us-east-1 list prices (USD). */
export const PRICES = {
  lambdaArmPerGbSecond: 0.0000133334,
  lambdaPerRequest: 0.2 / 1e6,
  stepFunctionsPerTransition: 0.025 / 1000,
  s3PerPut: 0.005 / 1000,
  s3PerGet: 0.0004 / 1000,
  dynamoPerWriteUnit: 0.625 / 1e6,
  dynamoPerReadUnit: 0.125 / 1e6,
} as const;

/** Lambda gives a function CPU in proportion to its memory: one vCPU at 1,769 MB. */
const VCPU_AT = (mb: number) => mb / 1769;

export interface TaskTime {
  wallMs: number;
  cpuS: number;
}
export interface CostMeasure {
  init: TaskTime;
  prepare: TaskTime[];
  /** One row per angle per rep: the render task given prepare's kept cut-out (what the workflow does). */
  render: TaskTime[];
  /** The same tasks given no kept cut-out (a package from before): they check and cut out the photo again. */
  renderWithoutCutout: TaskTime[];
  peakRssMb: number;
  imagesPerPackage: number;
}

const cpuNow = () => {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1e6;
};
async function timed<T>(work: () => Promise<T>): Promise<{ result: T; time: TaskTime }> {
  const [t, c] = [performance.now(), cpuNow()];
  const result = await work();
  return { result, time: { wallMs: performance.now() - t, cpuS: cpuNow() - c } };
}

/** Runs prepare once and each of the 8 angles' render tasks once per rep, on photos no task has seen. */
export async function measureCompositorTasks(photos: { file: string; angle: Angle }[], reps: number): Promise<CostMeasure> {
  const renderer = createRenderer({ renderer: 'local', signer: new LocalContentSigner(mkdtempSync(join(tmpdir(), 'bench-cost-keys-'))) });
  let nonce = 0;
  const fresh = (): SourcePhoto[] =>
    photos.map((p, i) => ({ id: `photo-${i + 1}`, angle: p.angle, bytes: Buffer.concat([readFileSync(p.file), Buffer.from(`\nbench-cost ${process.pid} ${++nonce}`)]) }));
  // A cold start's model loading (onnxruntime session, detector, WASM): once per Lambda instance, not per package.
  const init = (await timed(() => renderer.prepare(fresh().slice(0, 1)))).time;
  const prepare: TaskTime[] = [];
  const render: TaskTime[] = [];
  const renderWithoutCutout: TaskTime[] = [];
  let images = 0;
  for (let rep = 0; rep < reps; rep++) {
    const sources = fresh();
    const { result: infos, time } = await timed(() => renderer.prepare(sources));
    prepare.push(time);
    // What the render workflow gives each render task: the photos with the cut-outs prepare kept.
    const kept = sources.map((p) => ({ ...p, cutout: infos.find((i) => i.id === p.id)?.cutout }));
    images = 0;
    for (const angle of ANGLES) {
      // Each task in a fresh container: nothing of the photos in this process yet.
      forgetCutOuts();
      render.push((await timed(() => renderer.render({ photos: kept, angle, background: 'studio' }))).time);
      forgetCutOuts();
      renderWithoutCutout.push((await timed(() => renderer.render({ photos: sources, angle, background: 'studio' }))).time);
      images++;
    }
  }
  return { init, prepare, render, renderWithoutCutout, peakRssMb: process.resourceUsage().maxRSS / 1024, imagesPerPackage: images };
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

/**
 * A task's billed (and waited-for) seconds in Lambda. `cpu`: the task is CPU-bound (no waits but a few file reads), so
 * at a vCPU share of 1 to 2 it takes at most its CPU seconds (more than 1 only helps its threaded parts), a share under
 * 1 stretches it; at 2 vCPUs or more (prepare) it takes what it takes here, alone on this machine's 2 cores (its wall
 * time; assuming a Graviton core about as fast as one here). `wall`: its wall time here, which on a loaded shared
 * machine counts other processes' time too (pessimistic).
 */
export const lambdaSeconds = (t: TaskTime, mb: number, basis: 'cpu' | 'wall') =>
  basis === 'wall' || VCPU_AT(mb) >= 2 ? t.wallMs / 1000 : t.cpuS / Math.min(1, VCPU_AT(mb));

/** The cost table (markdown) of one 8-angle package from the measured tasks. */
export function costReport(m: CostMeasure, photos: number, basis: 'cpu' | 'wall' = 'cpu'): { markdown: string; total: number } {
  const gb = RENDER_MEMORY_MB / 1024;
  const prepareS = median(m.prepare.map((t) => lambdaSeconds(t, PREPARE_MEMORY_MB, basis)));
  const renderS = median(m.render.map((t) => lambdaSeconds(t, RENDER_MEMORY_MB, basis)));
  const angles = m.imagesPerPackage;
  // The small task (finalize) at 512 MB: a few DynamoDB calls, about 0.1 s. (Each render task marks its angle processing.)
  const small = { count: 1, seconds: 0.1, gb: 0.5 };
  const lambdaGbS = (PREPARE_MEMORY_MB / 1024) * prepareS + gb * angles * renderS + small.count * small.seconds * small.gb;
  const requests = 1 + angles + small.count;
  // State transitions (Standard): prepare, the Map, 1 per angle (render, which marks it processing), finalize; no retries.
  const transitions = 1 + 1 + angles + 1;
  // S3: the dealer's photo uploads and prepare's kept cut-outs (one per photo), then per angle its photo and its
  // cut-out read and two images written (full JPEG, web WebP).
  const puts = 2 * photos + 2 * angles;
  const gets = photos + 2 * angles;
  // DynamoDB (items under 1 KB): package created and started, per angle its attempt (processing) and completion,
  // finalize with its ledger write; reads: the package read by prepare, each render and finalize.
  const writes = 4 + 2 * angles + 3;
  const reads = 2 + angles + 2;
  const parts = [
    { part: `Lambda compute (${basis === 'cpu' ? 'billed time = measured CPU seconds, wall time at 2 vCPUs' : 'billed time = wall time here, under load'}): prepare ${prepareS.toFixed(2)} s at ${PREPARE_MEMORY_MB} MB${basis === 'cpu' ? ' (2 vCPUs: its wall time here)' : ''} + ${angles} renders x ${renderS.toFixed(2)} s at ${RENDER_MEMORY_MB} MB, small tasks ${small.count} x ${small.seconds} s at 512 MB`, amount: `${lambdaGbS.toFixed(1)} GB-s`, usd: lambdaGbS * PRICES.lambdaArmPerGbSecond },
    { part: 'Lambda requests', amount: `${requests}`, usd: requests * PRICES.lambdaPerRequest },
    { part: 'Step Functions (Standard) state transitions', amount: `${transitions}`, usd: transitions * PRICES.stepFunctionsPerTransition },
    { part: 'S3 PUT (photos, kept cut-outs, images) / GET (photos and cut-outs read)', amount: `${puts} / ${gets}`, usd: puts * PRICES.s3PerPut + gets * PRICES.s3PerGet },
    { part: 'DynamoDB on-demand write / read units', amount: `${writes} / ${reads}`, usd: writes * PRICES.dynamoPerWriteUnit + reads * PRICES.dynamoPerReadUnit },
  ];
  const total = parts.reduce((a, p) => a + p.usd, 0);
  const usd = (x: number) => `$${x.toFixed(6)}`;
  const markdown = [
    '| part of one 8-angle package | amount | USD |',
    '|---|---:|---:|',
    ...parts.map((p) => `| ${p.part} | ${p.amount} | ${usd(p.usd)} |`),
    `| **total** | | **${usd(total)}** |`,
  ].join('\n');
  return { markdown, total };
}

export const taskLine = (label: string, ts: TaskTime[]) =>
  `${label}: wall ${median(ts.map((t) => t.wallMs / 1000)).toFixed(2)} s, CPU ${median(ts.map((t) => t.cpuS)).toFixed(2)} s (medians of ${ts.length})`;
