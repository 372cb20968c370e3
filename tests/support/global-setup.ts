import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import type { TestProject } from 'vitest/node';
import type { BrowserServer } from 'playwright-core';
import type { LocalHost } from '../../infra/local/host';
import { timed } from './test-timings';

declare module 'vitest' {
  export interface ProvidedContext {
    localHost: { url: string; env: Record<string, string> };
    /** The run's one Chromium (tests/support/browser.ts connects to it): launched once, not once per file. */
    browserEndpoint: string;
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
let browser: BrowserServer | undefined;
let dataDir: string | undefined;

/**
 * One local host (all engines, the built SPA) for the whole test run, on a free port with its own data folder, and
 * one Chromium that every browser test file connects to (each file opens its own contexts in it).
 */
export async function setup(project: TestProject) {
  process.env.POWERTOOLS_LOG_LEVEL ??= 'WARN';
  // Every sign-in of the whole run comes from 127.0.0.1: the per-client cap is tested on its own (magic-link tests).
  process.env.MAGIC_LINK_PER_CLIENT_PER_HOUR ??= '100000';
  process.env.TRIAL_PER_CLIENT_PER_HOUR ??= '100000';
  process.env.TRIAL_GRANTS_PER_NETWORK_PER_DAY ??= '100000';
  // Webhook retries 0.3 s, 0.9 s, 2.7 s... apart instead of 1, 3, 9 minutes (the retry tests wait for them).
  process.env.WEBHOOK_RETRY_BASE_MS ??= '300';
  dataDir = await mkdtemp(join(tmpdir(), 'studio-lot-test-'));
  // Where helpers record the host start-ups they make (the summary reporter adds them up); workers inherit it.
  process.env.TEST_TIMINGS_FILE = join(project.vitest.config.root, 'test-results', 'timings.jsonl');
  await mkdir(dirname(process.env.TEST_TIMINGS_FILE), { recursive: true });
  await writeFile(process.env.TEST_TIMINGS_FILE, '');
  const { startLocalHost } = await import('../../infra/local/host');
  const { launchBrowserServer } = await import('./browser-server');
  [host, browser] = await Promise.all([
    timed('host start', () => startLocalHost({ overrides: { PORT: 0, DATA_DIR: dataDir! }, log: () => undefined })),
    launchBrowserServer(),
  ]);
  const env = Object.fromEntries(SHARED_ENV.filter((k) => process.env[k] !== undefined).map((k) => [k, process.env[k]!]));
  project.provide('localHost', { url: host.url, env: { ...env, POWERTOOLS_LOG_LEVEL: 'WARN' } });
  project.provide('browserEndpoint', browser.wsEndpoint());
}

export async function teardown() {
  await browser?.close();
  await host?.stop();
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
}
