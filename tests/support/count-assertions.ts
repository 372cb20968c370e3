import { relative } from 'node:path';
import { afterAll, afterEach, expect } from 'vitest';
import { recordTiming } from './test-timings';

/**
 * Each test's executed assertions (`expect` calls, counted by Vitest), carried to the reporters in the test's meta:
 * the summary reporter adds them up, so a change to the suite can show it kept every assertion.
 */
declare module 'vitest' {
  interface TaskMeta {
    assertions?: number;
  }
}

afterEach((context) => {
  context.task.meta.assertions = expect.getState().assertionCalls;
});

/**
 * The CPU time of the file's own process, from its start (module import included) to its end: what the file costs
 * the run besides the shared hosts, Chromium and DynamoDB Local it drives. The summary reporter prints the heaviest.
 */
const counted = globalThis as { cpuCountedMs?: number };
afterAll(() => {
  const { testPath } = expect.getState();
  const { user, system } = process.cpuUsage();
  const ms = (user + system) / 1000;
  // Files that share a process (isolate: false) are each charged what the process spent since the previous one.
  if (testPath) recordTiming('file cpu', ms - (counted.cpuCountedMs ?? 0), undefined, relative(process.cwd(), testPath));
  counted.cpuCountedMs = ms;
});
