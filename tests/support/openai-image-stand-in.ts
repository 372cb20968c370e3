/** The OpenAI API's local stand-in for image edits: every edit answers one generated 1536x1024 picture (no network). */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import sharp from 'sharp';

export interface ImageEditStandIn {
  /** The base URL the `openai` client takes (…/v1). */
  baseURL: string;
  close(): Promise<void>;
}

export async function startImageEditStandIn(background = '#3366cc'): Promise<ImageEditStandIn> {
  const generated = (await sharp({ create: { width: 1536, height: 1024, channels: 3, background } }).png().toBuffer()).toString('base64');
  const server = createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ created: 1, data: [{ b64_json: generated }] }));
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return {
    baseURL: `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`,
    close: () => new Promise<void>((r) => server.close(() => r())),
  };
}
