/**
 * The sweeper's walk over active markers, shared by car packages and batches: both mark a running workflow with an
 * active item and must close their work when its Step Functions execution was lost. No AWS SDK here.
 */
import type { ExecutionState } from './ports';

export interface SweepOptions {
  /** Work younger than this is left alone (its execution may be starting). */
  graceMs: number;
  /** The workflow's own time limit plus a margin. */
  maxRunMs: number;
}

/** What the sweeper reads of an active marker. */
export interface ActiveExecution {
  execution_name: string;
  started_at: string;
}

export interface SweptWorkflow {
  describe(name: string): Promise<{ state: ExecutionState }>;
  stop(name: string, cause: string): Promise<void>;
}

/**
 * Every active marker past the grace period whose execution is no longer running (failed, timed out, lost with a
 * killed local host) is handed to `close`; one still running past the longest possible run is stopped first.
 * `close` gets the time of the sweep (ms). Answers how many markers were checked and the ids of those closed.
 */
export async function sweepLostExecutions<M extends ActiveExecution>(
  deps: { now?: () => Date; workflow: SweptWorkflow },
  sweep: {
    listActive: () => Promise<M[]>;
    idOf: (marker: M) => string;
    options: SweepOptions;
    close: (marker: M, state: ExecutionState, nowMs: number) => Promise<void>;
  },
): Promise<{ checked: number; closed: string[] }> {
  const now = (deps.now?.() ?? new Date()).getTime();
  const closed: string[] = [];
  const active = await sweep.listActive();
  for (const marker of active) {
    const age = now - Date.parse(marker.started_at);
    if (age < sweep.options.graceMs) continue;
    const { state } = await deps.workflow.describe(marker.execution_name);
    if (state === 'RUNNING' || state === 'PENDING_REDRIVE') {
      if (age < sweep.options.maxRunMs) continue;
      await deps.workflow.stop(marker.execution_name, 'Stopped by the sweeper: longer than the longest possible run.');
    }
    await sweep.close(marker, state, now);
    closed.push(sweep.idOf(marker));
  }
  return { checked: active.length, closed };
}
