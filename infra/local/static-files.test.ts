import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sirv from 'sirv';
import { afterAll, describe, expect, it } from 'vitest';
import { failAloneOnVanishedFile } from './static-files';

describe('the host serves built files that vanish (the SPA rebuilt while it runs)', () => {
  let server: Server | undefined;
  let dir = '';
  afterAll(async () => {
    server?.close();
    await rm(dir, { recursive: true, force: true });
  });

  it('a request for a file deleted since start fails alone; the server answers the next one', async () => {
    dir = await mkdtemp(join(tmpdir(), 'static-files-'));
    await writeFile(join(dir, 'gone.js'), 'export {};');
    await writeFile(join(dir, 'kept.js'), 'export const kept = 1;');
    // As the host serves the SPA: files listed once at start (dev: false).
    const serve = sirv(dir, { dev: false, etag: true });
    const crashes: unknown[] = [];
    const onCrash = (error: unknown) => crashes.push(error);
    process.on('uncaughtException', onCrash);
    server = createServer((req, res) => {
      failAloneOnVanishedFile(res);
      serve(req, res, () => void res.writeHead(404).end());
    });
    await new Promise<void>((ok) => server!.listen(0, '127.0.0.1', ok));
    const url = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
    await rm(join(dir, 'gone.js'));

    await expect(fetch(`${url}/gone.js`).then((r) => r.text())).rejects.toThrow();
    const kept = await fetch(`${url}/kept.js`);
    expect(kept.status).toBe(200);
    expect(await kept.text()).toBe('export const kept = 1;');
    process.off('uncaughtException', onCrash);
    expect(crashes).toEqual([]);
  });
});
