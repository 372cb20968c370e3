import { readFileSync } from 'node:fs';
import { relative, resolve } from 'node:path';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

/** Each file's wall time in a full run, seconds (committed: a clean clone has no Vitest cache to order by). */
export const DURATIONS_FILE = resolve(import.meta.dirname, 'test-durations.json');
/** A file the table does not know yet (a new one) is taken as this long. */
const UNKNOWN_SECONDS = 5;

/**
 * Longest files first, so the workers finish together instead of one long file starting last and running alone.
 * The order comes from tests/support/test-durations.json (`npm run test:durations` refreshes it from the last run).
 */
export default class LongestFirstSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const seconds = readDurations();
    const root = this.ctx.config.root;
    const weight = (spec: TestSpecification) => seconds[relative(root, spec.moduleId)] ?? UNKNOWN_SECONDS;
    return [...files].sort((a, b) => weight(b) - weight(a));
  }
}

function readDurations(): Record<string, number> {
  try {
    return JSON.parse(readFileSync(DURATIONS_FILE, 'utf8')) as Record<string, number>;
  } catch {
    return {};
  }
}
