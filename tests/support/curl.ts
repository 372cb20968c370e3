/** HTTP as a developer's script makes it: the real curl binary, nothing of ours in between (the public API tests). */
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';

const run = promisify(execFile);

export interface CurlAnswer {
  status: number;
  headers: Record<string, string>;
  body: string;
  json<T = Record<string, unknown>>(): T;
}

/** Runs `curl -sS -i <args>` and splits its answer into status, headers (lower-cased names) and body. */
export async function curl(args: string[]): Promise<CurlAnswer> {
  const { stdout } = await run('curl', ['-sS', '-i', '--max-time', '60', ...args], { maxBuffer: 64 * 1024 * 1024, encoding: 'latin1' });
  // A 100 Continue (multipart uploads) comes before the real answer.
  const blocks = stdout.split(/\r\n\r\n/);
  let i = 0;
  while (/^HTTP\/[\d.]+ 100/.test(blocks[i] ?? '')) i++;
  const head = blocks[i] ?? '';
  const body = Buffer.from(blocks.slice(i + 1).join('\r\n\r\n'), 'latin1').toString('utf8');
  const [statusLine, ...lines] = head.split('\r\n');
  const headers = Object.fromEntries(lines.map((l) => [l.slice(0, l.indexOf(':')).trim().toLowerCase(), l.slice(l.indexOf(':') + 1).trim()]));
  return { status: Number(/^HTTP\/[\d.]+ (\d{3})/.exec(statusLine ?? '')?.[1] ?? 0), headers, body, json: <T>() => JSON.parse(body) as T };
}

/** curl's arguments of a JSON request with a bearer token. */
export const jsonArgs = (method: string, url: string, token: string, body?: unknown, headers: Record<string, string> = {}) => [
  '-X', method, url,
  '-H', `authorization: Bearer ${token}`,
  ...Object.entries(headers).flatMap(([k, v]) => ['-H', `${k}: ${v}`]),
  ...(body === undefined ? [] : ['-H', 'content-type: application/json', '--data-binary', JSON.stringify(body)]),
];
