import { fork, type ChildProcess } from 'node:child_process';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import type { TestProject } from 'vitest/node';
import type { HostReady } from './host-process';
import { runNeeds } from './run-needs';
import { timed } from './test-timings';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The run's shared host with the scripted renderer (RENDERER=scripted): for tests about the product around the image. */
    localHost: HostReady;
    /** The run's shared host with the studio compositor (the product's default renderer): for tests about the images. */
    studioHost: HostReady;
  }
}

interface HostChild {
  child: ChildProcess;
  exited: Promise<unknown>;
}

const hosts: HostChild[] = [];
let dataDir: string | undefined;

/** A local host (all engines, the built SPA) in a process of its own (tests/support/host-process.ts), with `env` added. */
async function forkHost(name: string, env: Record<string, string>): Promise<HostReady> {
  const child = fork(resolve(import.meta.dirname, 'host-process.ts'), [], {
    // TEST_HOST_CPU_PROF=<folder>: each shared host writes a CPU profile there when the run ends (node --cpu-prof).
    execArgv: ['--import', 'tsx', ...(process.env.TEST_HOST_CPU_PROF ? ['--cpu-prof', `--cpu-prof-dir=${process.env.TEST_HOST_CPU_PROF}`] : [])],
    env: { ...process.env, ...env, TEST_HOST_DATA_DIR: join(dataDir!, name) },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const exited = new Promise((r) => child.once('exit', r));
  hosts.push({ child, exited });
  return new Promise<HostReady>((ok, fail) => {
    child.once('message', (m) => ok(m as HostReady));
    child.once('exit', (code) => fail(new Error(`The ${name} host exited (${code}) before it was ready`)));
  });
}

/**
 * Two local hosts for the whole test run, each on a free port with its own data folder: one whose renders are the
 * scripted renderer's (most files: the API, the UI, money, the workflow around the image) and one with the studio
 * compositor (the journeys that look at the images). Chromium is not started here: each test process that runs a
 * browser file launches its own (tests/support/browser.ts).
 */
export async function setup(project: TestProject) {
  process.env.POWERTOOLS_LOG_LEVEL ??= 'WARN';
  // Every sign-in of the whole run comes from 127.0.0.1: the per-client cap is tested on its own (magic-link tests).
  process.env.MAGIC_LINK_PER_CLIENT_PER_HOUR ??= '100000';
  process.env.TRIAL_PER_CLIENT_PER_HOUR ??= '100000';
  process.env.TRIAL_GRANTS_PER_NETWORK_PER_DAY ??= '100000';
  // The car check's per-network allowance likewise (functions/src/vision/check-budget.test.ts tests it); the per-account
  // allowance stays the product's.
  process.env.VISION_CHECKS_FREE_NETWORK_PER_HOUR ??= '100000';
  // Webhook retries 0.3 s, 0.9 s, 2.7 s... apart instead of 1, 3, 9 minutes (the retry tests wait for them).
  process.env.WEBHOOK_RETRY_BASE_MS ??= '300';
  dataDir = await mkdtemp(join(tmpdir(), 'studio-lot-test-'));
  // The networks' outputs, computed once per distinct input for the whole run (functions/src/lib/inference-memo.ts):
  // an empty folder each run, shared by the test processes and the hosts (they inherit the variable).
  // INFERENCE_MEMO=off runs every network call.
  if (process.env.INFERENCE_MEMO === 'off') delete process.env.INFERENCE_MEMO_DIR;
  else await mkdir((process.env.INFERENCE_MEMO_DIR = join(dataDir, 'inference-memo')));
  // Where helpers record the host start-ups they make (the summary reporter adds them up); workers inherit it.
  process.env.TEST_TIMINGS_FILE = join(project.vitest.config.root, 'test-results', 'timings.jsonl');
  await mkdir(dirname(process.env.TEST_TIMINGS_FILE), { recursive: true });
  await writeFile(process.env.TEST_TIMINGS_FILE, '');
  const needs = runNeeds();
  const { ensureSpaBuilt } = await import('../../infra/local/spa-build');
  // The photo matrix (the files that use it) is built into its cache while the SPA is checked and the hosts start.
  const matrixBuilt = needs.photoMatrix ? import('./photo-matrix').then(({ photoMatrix }) => photoMatrix()) : undefined;
  // The SPA is built here, once: two hosts starting side by side on a clean clone would both build it, into one folder.
  if (needs.scriptedHost || needs.studioHost) await ensureSpaBuilt(() => undefined);
  const [scripted, studio] = await Promise.all([
    needs.scriptedHost ? timed('host start', () => forkHost('scripted', { RENDERER: 'scripted' })) : undefined,
    needs.studioHost ? timed('host start', () => forkHost('studio', { RENDERER: 'local' })) : undefined,
    matrixBuilt,
  ]);
  // Only what the selected files use is started (run-needs.ts); a file that injects what was not started is told why.
  if (scripted) project.provide('localHost', { url: scripted.url, env: { ...scripted.env, POWERTOOLS_LOG_LEVEL: 'WARN' } });
  if (studio) project.provide('studioHost', { url: studio.url, env: { ...studio.env, POWERTOOLS_LOG_LEVEL: 'WARN' } });
}

export async function teardown() {
  for (const { child } of hosts) if (child.connected) child.disconnect();
  await Promise.all(hosts.map((h) => h.exited));
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
}
