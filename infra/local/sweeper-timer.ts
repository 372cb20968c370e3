import { randomUUID } from 'node:crypto';
import { PACKAGE_SWEEPER_HANDLER } from '../workflow-tasks';
import { lambdaContext, loadHandler, type LambdaHandler } from './handler-loader';

/** What EventBridge sends a scheduled rule's target (the sweeper's trigger in AWS). */
export function scheduledEvent(region: string, ruleName = 'studio-lot-package-sweeper') {
  return {
    version: '0',
    id: randomUUID(),
    'detail-type': 'Scheduled Event',
    source: 'aws.events',
    account: '000000000000',
    time: new Date().toISOString().replace(/\.\d{3}Z$/, 'Z'),
    region,
    resources: [`arn:aws:events:${region}:000000000000:rule/${ruleName}`],
    detail: {},
  };
}

export interface SweeperTimer {
  /** Runs the sweeper now unless a run is already under way ('skipped'); never throws. */
  runNow(): Promise<'ran' | 'failed' | 'skipped'>;
  /** Stops the timer and waits (at most `graceMs`) for a run under way. */
  stop(graceMs?: number): Promise<void>;
}

export interface SweeperTimerOptions {
  intervalMs: number;
  region: string;
  log: (line: string) => void;
  /** The handler (default: functions/src/handlers/package-sweeper.ts through the handler loader). */
  load?: () => Promise<LambdaHandler>;
  /** The Lambda's time limit, for the context's getRemainingTimeInMillis. */
  timeoutMs?: number;
}


/**
 * The local stand-in for the EventBridge rule that runs the package sweeper: once at once (packages whose
 * execution died with the previous host are closed and refunded without waiting), then every interval. Runs never
 * overlap (a tick during a run is skipped, as a slow sweep must not race itself); an error is logged, never thrown.
 */
export function startSweeperTimer(options: SweeperTimerOptions): SweeperTimer {
  const load = options.load ?? (() => loadHandler(PACKAGE_SWEEPER_HANDLER));
  let running: Promise<'ran' | 'failed'> | undefined;
  let stopped = false;

  const runOnce = async (): Promise<'ran' | 'failed'> => {
    try {
      const handler = await load();
      await handler(scheduledEvent(options.region), lambdaContext(PACKAGE_SWEEPER_HANDLER, options.timeoutMs ?? 5 * 60_000));
      return 'ran';
    } catch (error) {
      options.log(`Package sweeper failed: ${error instanceof Error ? `${error.name}: ${error.message}` : String(error)}`);
      return 'failed';
    }
  };

  const runNow = async () => {
    if (stopped || running) return 'skipped' as const;
    running = runOnce();
    try {
      return await running;
    } finally {
      running = undefined;
    }
  };

  const timer = setInterval(() => void runNow(), options.intervalMs);
  timer.unref();
  void runNow();

  return {
    runNow,
    async stop(graceMs = 10_000) {
      stopped = true;
      clearInterval(timer);
      if (running) {
        let wait: NodeJS.Timeout | undefined;
        await Promise.race([running, new Promise((r) => (wait = setTimeout(r, graceMs)))]);
        clearTimeout(wait);
      }
    },
  };
}
