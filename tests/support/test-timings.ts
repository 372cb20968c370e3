import { appendFileSync } from 'node:fs';

/**
 * Where the suite's time goes, beyond each file's own wall time: helpers that start a local host record how long it
 * took, and the summary reporter adds these up. The file is named by the run (TEST_TIMINGS_FILE, set by the global
 * setup before any test file starts); outside a run nothing is recorded.
 */
export type TimingKind = 'host start' | 'file cpu';

export function recordTiming(kind: TimingKind, ms: number, file = process.env.TEST_TIMINGS_FILE, testFile?: string): void {
  if (file) appendFileSync(file, `${JSON.stringify({ kind, ms, ...(testFile ? { file: testFile } : {}) })}\n`);
}

/** Time an async step and record it. */
export async function timed<T>(kind: TimingKind, step: () => Promise<T>): Promise<T> {
  const started = performance.now();
  try {
    return await step();
  } finally {
    recordTiming(kind, performance.now() - started);
  }
}
