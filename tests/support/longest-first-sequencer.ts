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
  /** Projects whose files are queued first in their group, back to back (keepingTogether). */
  protected together: ReadonlySet<string> = new Set();

  /**
   * This order, with the files of `projects` first and one after another. Vitest's pool keeps a process of a project
   * with `isolate: false` for the next file only when the next file in the queue is of the same project: a file of
   * another project between two of them ends the process, and the next one starts a new process (its imports, and what
   * its files build once per process, again).
   */
  static keepingTogether(...projects: string[]): typeof LongestFirstSequencer {
    return class extends LongestFirstSequencer {
      protected override together: ReadonlySet<string> = new Set(projects);
    };
  }

  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const seconds = readDurations();
    const root = this.ctx.config.root;
    const weight = (spec: TestSpecification) => seconds[relative(root, spec.moduleId)] ?? UNKNOWN_SECONDS;
    const first = (spec: TestSpecification) => (this.together.has(spec.project.name) ? 1 : 0);
    return [...files].sort((a, b) => first(b) - first(a) || weight(b) - weight(a));
  }
}

function readDurations(): Record<string, number> {
  try {
    return JSON.parse(readFileSync(DURATIONS_FILE, 'utf8')) as Record<string, number>;
  } catch {
    return {};
  }
}
