import { spawn, execFileSync } from 'node:child_process';
import { createServer } from 'node:net';
import { readFileSync, statSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { delimiter, join, resolve } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { GetObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { createPresignedPost } from '@aws-sdk/s3-presigned-post';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import { CONTACT_RATE_LIMIT } from '@shared/limits';
import { startLocalHost } from '../../infra/local/host';
import { freePort } from '../../infra/local/free-port';

const dataDir = await mkdtemp(join(tmpdir(), 'studio-lot-lifecycle-'));
afterAll(() => rm(dataDir, { recursive: true, force: true }));
const quiet = { log: () => undefined, skipSpa: true };
const javaProcessesFor = (dir: string) => {
  try {
    return execFileSync('pgrep', ['-f', `DynamoDBLocal.*${dir}`]).toString().trim().split('\n').filter(Boolean).length;
  } catch {
    return 0;
  }
};

describe('the local host', () => {
  it('a port in use gives a clear message naming it and how to choose another, and starts nothing', async () => {
    const blocker = createServer();
    const port = await new Promise<number>((r) => blocker.listen(0, '127.0.0.1', () => r((blocker.address() as { port: number }).port)));
    await expect(startLocalHost({ ...quiet, overrides: { PORT: port, DATA_DIR: join(dataDir, 'blocked') } })).rejects.toThrow(
      new RegExp(`Port ${port} is already in use\\. Choose another one: PORT=${port + 1} npm start`),
    );
    expect(javaProcessesFor(join(dataDir, 'blocked'))).toBe(0);
    blocker.close();
  }, 60_000);

  it('a restart of npm start keeps all data: table items, stored files, mail', async () => {
    const dir = join(dataDir, 'restart');
    const email = `kept-${Date.now()}@example.com`;
    const send = (url: string, n: number) =>
      fetch(`${url}/api/contact`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ name: 'Kept', email, message: `message ${n}` }) });
    const s3At = (url: string, credentials: { accessKeyId: string; secretAccessKey: string }) =>
      new S3Client({ region: 'us-east-1', endpoint: `${url}/s3`, forcePathStyle: true, credentials, requestChecksumCalculation: 'WHEN_REQUIRED', responseChecksumValidation: 'WHEN_REQUIRED' });

    // The contact limit counts per clock hour (a fixed window): the sends and the check after the restart must fall in
    // the same hour (they are about 20 s apart), so a run that would cross the hour starts after it.
    const toNextHour = CONTACT_RATE_LIMIT.windowMs - (Date.now() % CONTACT_RATE_LIMIT.windowMs);
    if (toNextHour < 40_000) await new Promise((r) => setTimeout(r, toNextHour + 1_000));
    const first = await startNpm(dir);
    // A fresh data folder got its own secrets at the first start, readable by this user only; a restart keeps them.
    const secretsFile = join(dir, 'keys', 'local-secrets.json');
    expect((statSync(secretsFile).mode & 0o777).toString(8)).toBe('600');
    const { awsCredentials } = JSON.parse(readFileSync(secretsFile, 'utf8')) as { awsCredentials: { accessKeyId: string; secretAccessKey: string } };
    const s3 = (url: string) => s3At(url, { ...awsCredentials });
    for (let n = 1; n <= CONTACT_RATE_LIMIT.perEmail; n++) expect((await send(first.url, n)).status).toBe(200);
    // Through the public /s3 front, which lets through only presigned uploads and downloads (as the browser uses it).
    const post = await createPresignedPost(s3(first.url), { Bucket: 'studio-lot-uploads', Key: 'kept/photo.jpg', Expires: 60 });
    const form = new FormData();
    for (const [k, v] of Object.entries(post.fields)) form.append(k, v);
    form.append('file', new Blob(['bytes that survive']), 'photo.jpg');
    expect((await fetch(post.url, { method: 'POST', body: form })).status).toBeLessThan(300);
    await first.stop();

    const second = await startNpm(dir);
    expect(JSON.parse(readFileSync(secretsFile, 'utf8'))).toMatchObject({ awsCredentials: { accessKeyId: awsCredentials.accessKeyId, secretAccessKey: awsCredentials.secretAccessKey } });
    // The public constant S3RVER signs nothing here.
    const forged = await fetch(await getSignedUrl(s3At(second.url, { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' }), new GetObjectCommand({ Bucket: 'studio-lot-uploads', Key: 'kept/photo.jpg' }), { expiresIn: 60 }));
    expect(forged.status).toBe(403);
    // The per-address window lives in DynamoDB: it is still full after the restart.
    expect((await send(second.url, 99)).status).toBe(429);
    const got = await fetch(await getSignedUrl(s3(second.url), new GetObjectCommand({ Bucket: 'studio-lot-uploads', Key: 'kept/photo.jpg' }), { expiresIn: 60 }));
    expect(await got.text()).toBe('bytes that survive');
    const mails = (await (await fetch(`${second.url}/_local/mailbox/messages.json`)).json()) as { messages: { replyTo?: string }[] };
    expect(mails.messages.filter((m) => m.replyTo === email)).toHaveLength(CONTACT_RATE_LIMIT.perEmail);
    await second.stop();
  }, 180_000);

  it('npm start stops cleanly on Ctrl-C (SIGINT): exit 0 and no engine left running', async () => {
    const dir = join(dataDir, 'sigint');
    const host = await startNpm(dir);
    expect((await fetch(`${host.url}/api/health`)).status).toBe(200);
    expect(await host.stop()).toBe(0);
    expect(javaProcessesFor(dir)).toBe(0);
  }, 120_000);
});

/**
 * Runs the local host with the command of package.json's `start` script (node_modules/.bin first on PATH, as npm puts
 * it), in its own process, and stops it with Ctrl-C (SIGINT) sent to that process alone.
 */
async function startNpm(dir: string): Promise<{ url: string; stop(): Promise<number | null> }> {
  const port = await freePort();
  const { scripts } = JSON.parse(readFileSync(resolve('package.json'), 'utf8')) as { scripts: { start: string } };
  // As on a fresh machine: no AWS keys or Stripe settings of the test run's own host.
  const inherited = Object.fromEntries(Object.entries(process.env).filter(([k]) => !/^(AWS_|STRIPE_)/.test(k)));
  const env = { ...inherited, PORT: String(port), DATA_DIR: dir, PATH: `${resolve('node_modules/.bin')}${delimiter}${process.env.PATH}` };
  // exec: the shell becomes the host, so the signal reaches the host itself.
  const child = spawn('sh', ['-c', `exec ${scripts.start}`], { env, stdio: 'pipe' });
  let out = '';
  child.stdout.on('data', (d) => (out += d));
  child.stderr.on('data', (d) => (out += d));
  const url = `http://localhost:${port}`;
  for (let i = 0; i < 900 && !out.includes(url); i++) {
    if (child.exitCode !== null) throw new Error(`npm start exited: ${out}`);
    await new Promise((r) => setTimeout(r, 100));
  }
  if (!out.includes(url)) throw new Error(`npm start did not print its URL: ${out}`);
  return {
    url,
    stop: async () => {
      child.kill('SIGINT');
      return new Promise<number | null>((r) => child.once('exit', r));
    },
  };
}
