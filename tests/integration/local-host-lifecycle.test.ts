import { spawn, execFileSync } from 'node:child_process';
import { createServer } from 'node:net';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { GetCommand } from '@aws-sdk/lib-dynamodb';
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

  it('a restart keeps all data (table items, outbox)', async () => {
    const first = await startLocalHost({ ...quiet, overrides: { PORT: 0, DATA_DIR: dataDir } });
    const res = await fetch(`${first.url}/api/contact`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'Kept', email: 'kept@example.com', message: 'survives a restart' }),
    });
    const { id } = (await res.json()) as { id: string };
    await first.stop();
    expect(javaProcessesFor(dataDir)).toBe(0);

    const second = await startLocalHost({ ...quiet, overrides: { PORT: 0, DATA_DIR: dataDir } });
    const { dynamo, tableName } = await import('../../functions/src/adapters/dynamodb/client');
    const item = (await dynamo().send(new GetCommand({ TableName: tableName(), Key: { PK: `CONTACT#${id}`, SK: 'MESSAGE' } }))).Item;
    expect(item?.message).toBe('survives a restart');
    const mails = (await (await fetch(`${second.url}/_local/mailbox/messages.json`)).json()) as { messages: { text: string }[] };
    expect(mails.messages.some((m) => m.text.includes('survives a restart'))).toBe(true);
    await second.stop();
  }, 120_000);

  it('npm start stops cleanly on Ctrl-C (SIGINT): exit 0 and no engine left running', async () => {
    const port = await freePort();
    const dir = join(dataDir, 'sigint');
    const child = spawn(resolve('node_modules/.bin/tsx'), ['infra/local/main.ts'], { env: { ...process.env, PORT: String(port), DATA_DIR: dir }, stdio: 'pipe' });
    let out = '';
    child.stdout.on('data', (d) => (out += d));
    child.stderr.on('data', (d) => (out += d));
    for (let i = 0; i < 600 && !out.includes(`http://localhost:${port}`); i++) await new Promise((r) => setTimeout(r, 100));
    expect(out).toContain(`http://localhost:${port}`);
    expect((await fetch(`http://localhost:${port}/api/health`)).status).toBe(200);
    child.kill('SIGINT');
    const code = await new Promise<number | null>((r) => child.once('exit', r));
    expect(code).toBe(0);
    expect(javaProcessesFor(dir)).toBe(0);
  }, 120_000);
});
