import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import type { Reporter, TestModule, TestSpecification, Vitest } from 'vitest/node';
import { recordSelectedFiles } from './run-needs';

/** A single test file may take this long; over it, the run fails (the suite's time budget, see docs/benchmarks/test-suite.md). */
export const FILE_LIMIT_SECONDS = 90;
/** The run's duration report (git-ignored): per file and per test, the input of `npm run test:durations`. */
export const REPORT_FILE = 'test-results/test-durations.json';

/** Groups of files by what they spend their time on (the "Test suite" tables in docs/benchmarks/test-suite.md). */
const GROUPS: Array<[string, RegExp]> = [
  ['browser (headless Chromium against the host)', /^tests\/browser\//],
  ['integration and proof (API against the host)', /^tests\/(integration|proof|car-packages|smoke)\//],
  ['renderer, cut-out, vision, content credentials (real images)', /^tests\/(renderer|cutout|vision|content-credentials)\/|^functions\/src\/(renderer|vision|content-credentials|walk-around-video)\//],
  ['infrastructure (CDK synth, bundles)', /^(tests\/infra|infra\/cdk)\//],
];

export interface FileDuration {
  file: string;
  /** From the file's queueing in a worker to its end: what the file costs the run. */
  wallMs: number;
  /** When the file was queued, from the start of the run: with wallMs, which files ran side by side. */
  startMs?: number;
  /** CPU time of the file's own process (not the hosts, Chromium or DynamoDB Local it drives). */
  cpuMs?: number;
  tests: Array<{ name: string; ms: number; state: string; assertions: number }>;
}

/**
 * Prints the closing lines CI tooling reads ("tests: N passed, N failed, N skipped"), the run's wall time, the
 * slowest files and the time per group, writes the per-file and per-test durations to test-results/, and fails the
 * run when one file takes longer than FILE_LIMIT_SECONDS.
 */
export default class SummaryReporter implements Reporter {
  private root = process.cwd();
  private runStarted = performance.now();
  private readonly queuedAt = new Map<string, number>();
  private readonly wallMs = new Map<string, number>();

  onInit(vitest: Vitest) {
    this.root = vitest.config.root;
    this.runStarted = performance.now();
  }

  /** Runs before the global setup: it starts only the hosts and browser the selected files use (run-needs.ts). */
  onTestRunStart(specifications: ReadonlyArray<TestSpecification>) {
    recordSelectedFiles(specifications.map((spec) => spec.moduleId));
  }

  onTestModuleQueued(mod: TestModule) {
    this.queuedAt.set(mod.moduleId, performance.now());
  }

  onTestModuleEnd(mod: TestModule) {
    const queued = this.queuedAt.get(mod.moduleId);
    if (queued !== undefined) this.wallMs.set(mod.moduleId, performance.now() - queued);
  }

  onTestRunEnd(testModules: ReadonlyArray<TestModule>, unhandledErrors: ReadonlyArray<unknown>) {
    const runMs = performance.now() - this.runStarted;
    let passed = 0;
    let failed = unhandledErrors.length;
    let skipped = 0;
    let assertions = 0;
    const timings = readTimings(process.env.TEST_TIMINGS_FILE);
    const cpuOf = new Map(timings.filter((t) => t.kind === 'file cpu').map((t) => [t.file, Math.round(t.ms)]));
    const files: FileDuration[] = [];
    /** Named in the closing lines: CI tooling may keep only the tail of the output. */
    const failures: string[] = [];
    const firstLine = (errors: ReadonlyArray<{ message?: string }> | undefined) => (errors?.[0]?.message?.split('\n')[0] ?? '').slice(0, 200);
    for (const mod of testModules) {
      if (mod.state() === 'failed' && [...mod.children.allTests()].length === 0) {
        failed++;
        failures.push(`${relative(this.root, mod.moduleId)}: ${firstLine(mod.errors())}`);
      }
      const tests: FileDuration['tests'] = [];
      for (const test of mod.children.allTests()) {
        const state = test.result().state;
        if (state === 'passed') passed++;
        else if (state === 'failed') {
          failed++;
          failures.push(`${relative(this.root, mod.moduleId)} > ${test.fullName}: ${firstLine(test.result().errors)}`);
        } else skipped++;
        const counted = test.meta().assertions ?? 0;
        assertions += counted;
        tests.push({ name: test.fullName, ms: Math.round(test.diagnostic()?.duration ?? 0), state, assertions: counted });
      }
      const d = mod.diagnostic();
      const wallMs = this.wallMs.get(mod.moduleId) ?? d.prepareDuration + d.collectDuration + d.setupDuration + d.duration;
      const queued = this.queuedAt.get(mod.moduleId);
      const startMs = queued === undefined ? undefined : Math.round(queued - this.runStarted);
      const file = relative(this.root, mod.moduleId);
      files.push({ file, wallMs: Math.round(wallMs), startMs, cpuMs: cpuOf.get(file), tests });
    }
    files.sort((a, b) => b.wallMs - a.wallMs);

    const s = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
    const lines = [''];
    lines.push(`test run: ${s(runMs)} wall, ${files.length} files, ${s(files.reduce((t, f) => t + f.wallMs, 0))} of file time`);
    lines.push('slowest files:');
    for (const f of files.slice(0, 10)) lines.push(`  ${s(f.wallMs).padStart(8)}  ${f.file}`);
    const byGroup = new Map<string, number>();
    for (const f of files) {
      const group = GROUPS.find(([, re]) => re.test(f.file))?.[0] ?? 'unit (in process)';
      byGroup.set(group, (byGroup.get(group) ?? 0) + f.wallMs);
    }
    lines.push('file time by group:');
    for (const [group, ms] of [...byGroup].sort((a, b) => b[1] - a[1])) lines.push(`  ${s(ms).padStart(8)}  ${group}`);
    const cpu = files.filter((f) => f.cpuMs !== undefined);
    lines.push(`CPU of the files' own processes: ${s(cpu.reduce((t, f) => t + f.cpuMs!, 0))} over ${cpu.length} files; the heaviest:`);
    for (const f of [...cpu].sort((a, b) => b.cpuMs! - a.cpuMs!).slice(0, 10)) lines.push(`  ${s(f.cpuMs!).padStart(8)}  ${f.file}`);
    const hostStarts = timings.filter((t) => t.kind === 'host start');
    if (hostStarts.length) lines.push(`host start-ups: ${hostStarts.length}, ${s(hostStarts.reduce((t, h) => t + h.ms, 0))} in all`);

    const overLimit = files.filter((f) => f.wallMs > FILE_LIMIT_SECONDS * 1000);
    for (const f of overLimit) lines.push(`FAILED: ${f.file} took ${s(f.wallMs)}, over the ${FILE_LIMIT_SECONDS} s a test file may take (split it or make it faster)`);
    if (overLimit.length) process.exitCode = 1;

    for (const f of failures) lines.push(`FAILED TEST: ${f}`);
    lines.push(`assertions: ${assertions} executed`);
    lines.push(`tests: ${passed} passed, ${failed} failed, ${skipped} skipped`);
    process.stdout.write(`${lines.join('\n')}\n`);

    const report = join(this.root, REPORT_FILE);
    mkdirSync(join(report, '..'), { recursive: true });
    writeFileSync(report, JSON.stringify({ runMs: Math.round(runMs), assertions, hostStarts, files }, null, 1));
  }
}

function readTimings(file: string | undefined): Array<{ kind: string; ms: number; file?: string }> {
  if (!file || !existsSync(file)) return [];
  return readFileSync(file, 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line) as { kind: string; ms: number; file?: string });
}
