/**
 * One shared local host in a process of its own (forked by tests/support/global-setup.ts): the functions read one
 * process's environment, so the run's two hosts (the scripted renderer's and the studio compositor's) cannot share
 * the test runner's process. It starts the host on a free port in TEST_HOST_DATA_DIR, sends its URL and the
 * environment tests need to reach its engines and use its keys, and stops the host when the runner disconnects.
 */
import { startLocalHost } from '../../infra/local/host';

/** Keys of the functions' environment that tests need to use the project's adapters against the running host. */
const SHARED_ENV = [
  'APP_HOME', 'AWS_REGION', 'AWS_ACCESS_KEY_ID', 'AWS_SECRET_ACCESS_KEY', 'TABLE_NAME', 'UPLOADS_BUCKET', 'RENDERS_BUCKET',
  'SUPPORT_EMAIL', 'MAIL_FROM', 'MAIL_TRANSPORT', 'OUTBOX_DIR', 'WEBSOCKET_MANAGEMENT_ENDPOINT', 'DYNAMODB_ENDPOINT',
  'S3_ENDPOINT', 'S3_PUBLIC_ENDPOINT', 'PUBLIC_URL', 'STRIPE_SECRET_KEY', 'STRIPE_WEBHOOK_SECRET', 'STRIPE_API_BASE',
  'C2PA_KEY_DIR',
];

export interface HostReady {
  url: string;
  env: Record<string, string>;
}

const before = { ...process.env };
const host = await startLocalHost({ overrides: { PORT: 0, DATA_DIR: process.env.TEST_HOST_DATA_DIR! }, log: () => undefined });
// The keys above, and whatever else the host set up for its functions (key folders, endpoints): a test that runs a
// use case in its own process against this host needs the same environment the host's functions have.
const keys = new Set([...SHARED_ENV, ...Object.keys(process.env).filter((k) => process.env[k] !== before[k])]);
const env = Object.fromEntries([...keys].filter((k) => process.env[k] !== undefined).map((k) => [k, process.env[k]!]));
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
