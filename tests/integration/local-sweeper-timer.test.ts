import { describe, expect, it } from 'vitest';
import { scheduledEvent, startSweeperTimer } from '../../infra/local/sweeper-timer';
import type { LambdaHandler } from '../../infra/local/handler-loader';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** The local stand-in for the sweeper's EventBridge schedule (infra/local/sweeper-timer.ts), with a handler of the test's own. */
describe('the local host sweeper timer', () => {
  it('runs once at once and then every interval with a scheduled event, never two runs at once, and stops', async () => {
    const events: unknown[] = [];
    let active = 0;
    let maxActive = 0;
    const handler: LambdaHandler = async (event) => {
      events.push(event);
      active++;
      maxActive = Math.max(maxActive, active);
      await sleep(120); // longer than the interval: ticks during a run must be skipped
      active--;
      return {};
    };
    const timer = startSweeperTimer({ intervalMs: 50, region: 'eu-west-1', log: () => undefined, load: async () => handler });
    await sleep(10);
    expect(events).toHaveLength(1); // the run right after start-up, before the first interval
    await sleep(600);
    await timer.stop();
    const runs = events.length;
    expect(runs).toBeGreaterThanOrEqual(3);
    expect(maxActive).toBe(1);
    expect(events[0]).toMatchObject({ source: 'aws.events', 'detail-type': 'Scheduled Event', region: 'eu-west-1', detail: {} });
    await sleep(200);
    expect(events).toHaveLength(runs); // nothing after stop()
    expect(await timer.runNow()).toBe('skipped');
  });

  it('a failing sweep is logged and the next one still runs', async () => {
    const lines: string[] = [];
    let calls = 0;
    const failing: LambdaHandler = async () => {
      calls++;
      throw Object.assign(new Error('table is gone'), { name: 'ResourceNotFoundException' });
    };
    const timer = startSweeperTimer({ intervalMs: 40, region: 'us-east-1', log: (l) => lines.push(l), load: async () => failing });
    await sleep(200);
    await timer.stop();
    expect(calls).toBeGreaterThanOrEqual(2);
    expect(lines[0]).toBe('Package sweeper failed: ResourceNotFoundException: table is gone');
    expect(lines).toHaveLength(calls);
  });

  it('scheduled events look like EventBridge\'s', () => {
    const event = scheduledEvent('us-east-1');
    expect(event).toMatchObject({ version: '0', source: 'aws.events', 'detail-type': 'Scheduled Event', account: '000000000000', detail: {} });
    expect(event.time).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/);
    expect(event.resources[0]).toMatch(/^arn:aws:events:us-east-1:000000000000:rule\//);
  });
});
