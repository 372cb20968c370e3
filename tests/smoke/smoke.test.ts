import { createServer } from 'node:http';
import { describe, expect, it } from 'vitest';
import { useLocalHost } from '../support/local-host';
import { runSmokeChecks } from './smoke-checks';

const { url } = useLocalHost();

describe('smoke test of a stage', () => {
  it('passes every check on the local host', async () => {
    const results = await runSmokeChecks(url);
    expect(results.map((r) => r.name)).toHaveLength(5);
    expect(results.filter((r) => !r.ok)).toEqual([]);
  }, 60_000);

  it('fails the checks a broken stage breaks (a server that answers 200 to everything)', async () => {
    const server = createServer((_req, res) => res.writeHead(200, { 'content-type': 'text/plain' }).end('ok'));
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
    try {
      const results = await runSmokeChecks(`http://127.0.0.1:${(server.address() as { port: number }).port}`);
      expect(results.filter((r) => r.ok).map((r) => r.name)).toEqual([]);
    } finally {
      server.close();
    }
  });
});
