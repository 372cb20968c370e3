/** A dealer's webhook receiver on this machine: records every request with its raw body; answers as the test says. */
import { createServer, type IncomingMessage } from 'node:http';

export interface Received {
  headers: IncomingMessage['headers'];
  body: string;
  at: number;
}

export async function startReceiver(answer: (n: number) => number = () => 200) {
  const received: Received[] = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      received.push({ headers: req.headers, body: Buffer.concat(chunks).toString('utf8'), at: Date.now() });
      res.writeHead(answer(received.length));
      res.end();
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
  const port = (server.address() as { port: number }).port;
  return {
    url: `http://127.0.0.1:${port}/hooks/studio-lot`,
    received,
    async waitFor(predicate: (r: Received[]) => boolean, timeoutMs: number) {
      const until = Date.now() + timeoutMs;
      while (!predicate(received)) {
        if (Date.now() > until) throw new Error(`receiver: condition not met in ${timeoutMs} ms; got ${received.map((r) => r.body.slice(0, 120)).join(' | ')}`);
        await new Promise((r) => setTimeout(r, 100));
      }
    },
    close: () => new Promise<void>((r) => server.close(() => r())),
  };
}
