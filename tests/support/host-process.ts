/**
 * One shared local host in a process of its own (forked by tests/support/global-setup.ts): the functions read one
 * process's environment, so the run's two hosts (the scripted renderer's and the studio compositor's) cannot share
 * the test runner's process. It starts the host on a free port in TEST_HOST_DATA_DIR, sends its URL and the
 * environment tests need to reach its engines and use its keys, and stops the host when the runner disconnects.
 */
import { startLocalHost } from '../../infra/local/host';

export interface HostReady {
  url: string;
  env: Record<string, string>;
}

const before = { ...process.env };
// The table in memory: these hosts live as long as the run and never restart (crash-recovery tests start their own).
const host = await startLocalHost({ overrides: { PORT: 0, DATA_DIR: process.env.TEST_HOST_DATA_DIR!, LOCAL_DYNAMODB: 'memory' }, log: () => undefined });
// What the host set up for its functions (table, buckets, endpoints, key folders): a test that runs a use case in its
// own process against this host needs it; the rest of the environment the test processes inherit from the runner.
const env = Object.fromEntries(Object.keys(process.env).filter((k) => process.env[k] !== before[k]).map((k) => [k, process.env[k]!]));
process.send!({ url: host.url, env } satisfies HostReady);

let stopping = false;
const stop = async () => {
  if (stopping) return;
  stopping = true;
  await host.stop();
  process.exit(0);
};
process.on('disconnect', stop);
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
