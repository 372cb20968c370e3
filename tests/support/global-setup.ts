import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import type { LocalHost } from '../../infra/local/host';

declare module 'vitest' {
  export interface ProvidedContext {
    localHost: { url: string; env: Record<string, string> };
  }
}

/** Keys of the functions' environment that tests need to use the project's adapters against the running host. */
const SHARED_ENV = [
  'APP_HOME', 'AWS_REGION', 'AWS_ACCESS_KEY_ID', 'AWS_SECRET_ACCESS_KEY', 'TABLE_NAME', 'UPLOADS_BUCKET', 'RENDERS_BUCKET',
  'SUPPORT_EMAIL', 'MAIL_FROM', 'MAIL_TRANSPORT', 'OUTBOX_DIR', 'WEBSOCKET_MANAGEMENT_ENDPOINT', 'DYNAMODB_ENDPOINT',
  'S3_ENDPOINT', 'S3_PUBLIC_ENDPOINT', 'PUBLIC_URL', 'STRIPE_SECRET_KEY', 'STRIPE_WEBHOOK_SECRET', 'STRIPE_API_BASE',
  'C2PA_KEY_DIR',
];

let host: LocalHost | undefined;
let dataDir: string | undefined;

/** One local host (all engines, the built SPA) for the whole test run, on a free port with its own data folder. */
export async function setup(project: TestProject) {
  process.env.POWERTOOLS_LOG_LEVEL ??= 'WARN';
  // Every sign-in of the whole run comes from 127.0.0.1: the per-client cap is tested on its own (magic-link tests).
  process.env.MAGIC_LINK_PER_CLIENT_PER_HOUR ??= '100000';
  process.env.TRIAL_PER_CLIENT_PER_HOUR ??= '100000';
  process.env.TRIAL_GRANTS_PER_NETWORK_PER_DAY ??= '100000';
  // Webhook retries 0.3 s, 0.9 s, 2.7 s... apart instead of 1, 3, 9 minutes (the retry tests wait for them).
  process.env.WEBHOOK_RETRY_BASE_MS ??= '300';
  dataDir = await mkdtemp(join(tmpdir(), 'studio-lot-test-'));
  const { startLocalHost } = await import('../../infra/local/host');
  host = await startLocalHost({ overrides: { PORT: 0, DATA_DIR: dataDir }, log: () => undefined });
  const env = Object.fromEntries(SHARED_ENV.filter((k) => process.env[k] !== undefined).map((k) => [k, process.env[k]!]));
  project.provide('localHost', { url: host.url, env: { ...env, POWERTOOLS_LOG_LEVEL: 'WARN' } });
}

export async function teardown() {
  await host?.stop();
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
}
