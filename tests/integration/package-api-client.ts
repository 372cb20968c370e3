/**
 * A dealer's view of a local host, through its public surfaces only: the local Cognito endpoint (magic-link sign-in
 * with the real triggers), the HTTP API, and presigned POST uploads to S3. Used by the car package crash test and
 * by bench:package (tests/bench/package.ts).
 */
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { basename, resolve } from 'node:path';
import {
  CognitoIdentityProviderClient,
  InitiateAuthCommand,
  RespondToAuthChallengeCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import type { Angle } from '@shared/angles';
import type { CarPackageDetail, CreateCarPackageResponse, StartCarPackageResponse } from '@shared/schemas/car-packages';
import type { CreditBalance, CreditTransaction } from '@shared/schemas/credit-balance';
import { LOCAL_USER_POOL } from '../../infra/local/local-user-pool';
import { freePort } from '../../infra/local/free-port';
import { recordTiming } from '../support/test-timings';

const ROOT = resolve(import.meta.dirname, '../..');
export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export interface Dealer {
  email: string;
  accessToken: string;
}

/** Signs a new dealer up and in as the SPA does: a trial request, the magic link by mail, a sign-in answering with its token. */
export async function signInNewDealer(url: string, label = 'dealer', address?: string): Promise<Dealer> {
  const email = address ?? `${label}-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.com`;
  const cognito = new CognitoIdentityProviderClient({ region: 'us-east-1', endpoint: `${url}/_local/cognito`, credentials: { accessKeyId: 'x', secretAccessKey: 'x' } });
  const ClientId = LOCAL_USER_POOL.clientId;
  try {
    // What the trial dialog does: the server creates the account and mails the link.
    const asked = await fetch(`${url}/api/auth/magic-link`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email, trial: true, dealer_name: 'Crash Test Motors' }),
    });
    if (asked.status !== 202) throw new Error(`asking for a link answered ${asked.status}: ${await asked.text()}`);
    const ask = async (answer: string, metadata: Record<string, string>) => {
      const started = await cognito.send(new InitiateAuthCommand({ ClientId, AuthFlow: 'CUSTOM_AUTH', AuthParameters: { USERNAME: email } }));
      return cognito.send(
        new RespondToAuthChallengeCommand({
          ClientId,
          ChallengeName: 'CUSTOM_CHALLENGE',
          Session: started.Session,
          ChallengeResponses: { USERNAME: started.ChallengeParameters!.USERNAME!, ANSWER: answer },
          ClientMetadata: metadata,
        }),
      );
    };
    let token: string | undefined;
    for (let i = 0; i < 100 && !token; i++) {
      const { messages } = (await (await fetch(`${url}/_local/mailbox/messages.json`)).json()) as { messages: { to: string; text: string }[] };
      token = messages.filter((m) => m.to.toLowerCase() === email.toLowerCase()).map((m) => /\/auth\/callback#(\S+)/.exec(m.text)?.[1]).find(Boolean);
      if (!token) await sleep(100);
    }
    if (!token) throw new Error(`no magic link arrived for ${email}`);
    const signedIn = await ask(token, { signInMethod: 'MAGIC_LINK', alreadyHaveMagicLink: 'yes' });
    const accessToken = signedIn.AuthenticationResult?.AccessToken;
    if (!accessToken) throw new Error(`sign-in with the link gave no tokens for ${email}`);
    return { email, accessToken };
  } finally {
    cognito.destroy();
  }
}

/** A photo to upload: a file, optionally with the angle the dealer tagged, optionally other bytes under its name. */
export interface PhotoSpec {
  file: string;
  angle?: Angle;
  bytes?: Buffer;
}

export class PackageApi {
  constructor(
    readonly url: string,
    readonly dealer: Dealer,
  ) {}

  async call<T>(method: string, path: string, body?: unknown): Promise<{ status: number; body: T }> {
    const response = await fetch(`${this.url}${path}`, {
      method,
      headers: { authorization: `Bearer ${this.dealer.accessToken}`, ...(body !== undefined ? { 'content-type': 'application/json' } : {}) },
      ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
    });
    const text = await response.text();
    return { status: response.status, body: (text ? JSON.parse(text) : undefined) as T };
  }

  private async ok<T>(method: string, path: string, body?: unknown): Promise<T> {
    const r = await this.call<T>(method, path, body);
    if (r.status < 200 || r.status > 299) throw new Error(`${method} ${path} answered ${r.status}: ${JSON.stringify(r.body)}`);
    return r.body;
  }

  /** POST /api/car-packages, then each photo through its presigned POST (as the browser uploads); a photo may carry the angle the dealer tagged. */
  /**
   * Create, then upload every photo. `check`: each upload checked as soon as it lands (POST .../photos/{id}/check), as
   * the dealer's form does; a refusal throws.
   */
  async createWithPhotos(files: (string | PhotoSpec)[], options: { name?: string; background?: string; check?: boolean; fillMissingSides?: boolean; plate?: string } = {}): Promise<string> {
    const photos = files.map((f) => (typeof f === 'string' ? { file: f } : f)).map((p) => ({ ...p, bytes: p.bytes ?? readFileSync(p.file) }));
    const created = await this.ok<CreateCarPackageResponse>('POST', '/api/car-packages', {
      session_name: options.name ?? `Package ${new Date().toISOString()}`,
      ...(options.background ? { background: options.background } : {}),
      ...(options.fillMissingSides !== undefined ? { fill_missing_sides: options.fillMissingSides } : {}),
      ...(options.plate !== undefined ? { plate: options.plate } : {}),
      photos: photos.map((p) => ({ file_name: basename(p.file), content_type: 'image/jpeg', size: p.bytes.length, ...(p.angle ? { angle: p.angle } : {}) })),
    });
    if (created.uploads.length !== photos.length) throw new Error(`asked for ${photos.length} uploads, got ${created.uploads.length}`);
    await Promise.all(
      created.uploads.map(async (upload, i) => {
        await uploadByPresignedPost(upload, photos[i]!.bytes);
        if (options.check) await this.ok('POST', `/api/car-packages/${created.package_id}/photos/${upload.photo_id}/check`);
      }),
    );
    return created.package_id;
  }

  start(id: string) {
    return this.ok<StartCarPackageResponse>('POST', `/api/car-packages/${id}/start`);
  }

  get(id: string) {
    return this.ok<CarPackageDetail>('GET', `/api/car-packages/${id}`);
  }

  balance() {
    return this.ok<CreditBalance>('GET', '/api/credits/balance');
  }

  async transactions(): Promise<CreditTransaction[]> {
    return (await this.ok<{ transactions: CreditTransaction[] }>('GET', '/api/credits/transactions')).transactions;
  }

  /** Polls GET /api/car-packages/{id} until `done` holds; the last detail read. */
  async waitFor(id: string, done: (p: CarPackageDetail) => boolean, timeoutMs: number, intervalMs = 100): Promise<CarPackageDetail> {
    const deadline = Date.now() + timeoutMs;
    let last: CarPackageDetail | undefined;
    for (;;) {
      try {
        last = await this.get(id);
        if (done(last)) return last;
      } catch (error) {
        if (Date.now() > deadline) throw error;
      }
      if (Date.now() > deadline) throw new Error(`package ${id} did not get there within ${timeoutMs} ms; last seen: ${JSON.stringify(last && summary(last))}`);
      await sleep(intervalMs);
    }
  }
}

export const FINAL_PACKAGE_STATUSES = ['completed', 'partial_complete', 'error'] as const;
export const isFinal = (p: CarPackageDetail) => (FINAL_PACKAGE_STATUSES as readonly string[]).includes(p.status);

export function summary(p: CarPackageDetail) {
  return {
    status: p.status,
    status_message: p.status_message,
    completed: p.completed_angles,
    failed: p.failed_angles,
    angles: Object.fromEntries(p.images.map((i) => [i.angle, `${i.angle_status}${i.error_message ? `: ${i.error_message}` : ''}`])),
  };
}

/** A presigned POST as a browser sends it: the policy fields first, the file last. */
export async function uploadByPresignedPost(upload: { url: string; fields: Record<string, string> }, bytes: Buffer, contentType = 'image/jpeg'): Promise<void> {
  const form = new FormData();
  for (const [k, v] of Object.entries(upload.fields)) form.append(k, v);
  form.append('file', new Blob([new Uint8Array(bytes)], { type: contentType }), 'photo.jpg');
  const response = await fetch(upload.url, { method: 'POST', body: form });
  if (response.status < 200 || response.status > 299) throw new Error(`presigned POST answered ${response.status}: ${await response.text()}`);
}

export interface SpawnedHost {
  url: string;
  port: number;
  child: ChildProcess;
  output(): string;
  /** SIGKILL to the whole process group (tsx, node, DynamoDB Local's Java): a crash, nothing cleaned up. */
  kill(): Promise<void>;
  /** Ctrl-C, as a person stops `npm start`. */
  stop(): Promise<number | null>;
}

function javaProcessesFor(dataDir: string): number {
  try {
    return execFileSync('pgrep', ['-f', `DynamoDBLocal.*${dataDir}`]).toString().trim().split('\n').filter(Boolean).length;
  } catch {
    return 0;
  }
}

/** `npm start -- --api-only` in its own process group, with its own PORT and DATA_DIR and the given environment. */
export async function spawnHost(options: { dataDir: string; port?: number; env?: Record<string, string>; timeoutMs?: number }): Promise<SpawnedHost> {
  const port = options.port ?? (await freePort());
  const started = performance.now();
  const child = spawn(resolve(ROOT, 'node_modules/.bin/tsx'), ['infra/local/main.ts', '--api-only'], {
    cwd: ROOT,
    env: { ...process.env, PORT: String(port), DATA_DIR: options.dataDir, ...options.env },
    stdio: 'pipe',
    detached: true,
  });
  let out = '';
  child.stdout!.on('data', (d) => (out += d));
  child.stderr!.on('data', (d) => (out += d));
  const url = `http://localhost:${port}`;
  const exited = new Promise<number | null>((r) => child.once('exit', (code) => r(code)));
  const deadline = Date.now() + (options.timeoutMs ?? 120_000);
  while (!out.includes(`➜  ${url}`)) {
    if (child.exitCode !== null || child.signalCode !== null) throw new Error(`npm start exited: ${out}`);
    if (Date.now() > deadline) {
      process.kill(-child.pid!, 'SIGKILL');
      throw new Error(`npm start did not print its URL: ${out}`);
    }
    await sleep(100);
  }
  recordTiming('host start', performance.now() - started);
  return {
    url,
    port,
    child,
    output: () => out,
    kill: async () => {
      if (child.exitCode === null && child.signalCode === null) process.kill(-child.pid!, 'SIGKILL');
      await exited;
      // Its DynamoDB Local (same process group) must be gone before another host opens the same files.
      for (let i = 0; i < 50 && javaProcessesFor(options.dataDir) > 0; i++) await sleep(100);
    },
    stop: async () => {
      if (child.exitCode === null && child.signalCode === null) process.kill(-child.pid!, 'SIGINT');
      return exited;
    },
  };
}
