import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import sharp from 'sharp';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { OpenAiRenderer } from '../../functions/src/renderer/openai/openai-renderer';
import { RenderPermanentError, RenderRetryableError } from '../../functions/src/renderer/port';
import { createRenderer } from '../../functions/src/renderer/create-renderer';
import { car } from './bad-photos';

// A local HTTP server stands in for the OpenAI API: no network in tests.
interface Seen {
  path: string;
  auth?: string;
  contentType?: string;
  body: string;
}
let server: Server;
let baseURL: string;
let seen: Seen[] = [];
let reply: (req: IncomingMessage, res: import('node:http').ServerResponse) => void;
let generated: string;

beforeAll(async () => {
  generated = (await sharp({ create: { width: 1536, height: 1024, channels: 3, background: '#3366cc' } }).png().toBuffer()).toString('base64');
  server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      seen.push({ path: req.url ?? '', auth: req.headers.authorization, contentType: req.headers['content-type'], body: Buffer.concat(chunks).toString('latin1') });
      reply(req, res);
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  baseURL = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`;
});
afterAll(() => new Promise<void>((r) => server.close(() => r())));
beforeEach(() => {
  seen = [];
  reply = (_req, res) => {
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(JSON.stringify({ created: 1, data: [{ b64_json: generated }] }));
  };
});

const json = (status: number, body: unknown) => (_req: IncomingMessage, res: import('node:http').ServerResponse) => {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify(body));
};

const renderer = (timeoutMs?: number) => new OpenAiRenderer({ apiKey: 'sk-test', baseURL, model: 'gpt-image-2.6-sunburst', timeoutMs });
const request = {
  photos: [
    { id: 'front-left.jpg', bytes: car('cupra-born-grey-front34-street.jpg'), angle: 'front_left_corner' as const },
    { id: 'extra.jpg', bytes: car('hyundai-ioniq5-silver-front34-grass.jpg') },
  ],
  angle: 'front_left_corner' as const,
  background: 'beach' as const,
};

describe('OpenAI renderer against a local stand-in', () => {
  it('sends one multipart images.edit with the model, a prompt for the angle and background, and every reference photo', async () => {
    const image = await renderer().render(request);
    expect(seen).toHaveLength(1);
    expect(seen[0]!.path).toBe('/v1/images/edits');
    expect(seen[0]!.auth).toBe('Bearer sk-test');
    expect(seen[0]!.contentType).toMatch(/^multipart\/form-data/);
    expect(seen[0]!.body).toContain('gpt-image-2.6-sunburst');
    expect(seen[0]!.body).toMatch(/front left corner/i);
    expect(seen[0]!.body).toMatch(/beach/i);
    expect(seen[0]!.body).toContain('1536x1024');
    expect(seen[0]!.body.match(/filename="[^"]+\.jpg"/g)).toHaveLength(2);
    // The base64 answer becomes the full and web images.
    expect(await sharp(image.full).metadata()).toMatchObject({ width: 1536, height: 1024, format: 'jpeg' });
    expect(await sharp(image.web).metadata()).toMatchObject({ width: 768, height: 512, format: 'webp' });
    const { channels } = await sharp(image.full).stats();
    expect(channels[2]!.mean).toBeGreaterThan(channels[0]!.mean + 80);
    expect(image.metadata).toMatchObject({ renderer: 'openai', model: 'gpt-image-2.6-sunburst', sourcePhotoId: 'front-left.jpg', mirrored: false });
  });

  it('asks for a missing corner with the mirrored opposite photo, and refuses an angle no photo shows without calling the API', async () => {
    const mirrored = await renderer().render({ ...request, angle: 'front_right_corner' });
    expect(mirrored.metadata.mirrored).toBe(true);
    await expect(renderer().render({ ...request, angle: 'rear' })).rejects.toBeInstanceOf(RenderPermanentError);
    expect(seen).toHaveLength(1);
  });

  it.each([
    [429, { error: { message: 'Rate limit reached', type: 'requests', code: 'rate_limit_exceeded' } }, 'RenderRetryableError', /busy/],
    [500, { error: { message: 'Internal error', type: 'server_error' } }, 'RenderRetryableError', /failed \(500\)/],
    [503, { error: { message: 'Overloaded', type: 'server_error' } }, 'RenderRetryableError', /failed \(503\)/],
    [400, { error: { message: 'Your request was rejected by the safety system', type: 'invalid_request_error', code: 'moderation_blocked' } }, 'RenderPermanentError', /content policy/],
    [400, { error: { message: 'Invalid image file or mode', type: 'invalid_request_error', code: 'invalid_image' } }, 'RenderPermanentError', /could not read this photo/],
    [401, { error: { message: 'Incorrect API key', type: 'invalid_request_error' } }, 'RenderPermanentError', /OPENAI_API_KEY/],
  ])('classifies HTTP %i', async (status, body, name, message) => {
    reply = json(status, body);
    const error = await renderer().render(request).catch((e: Error) => e);
    expect(error).toMatchObject({ name, message: expect.stringMatching(message) });
    expect(seen).toHaveLength(1); // the state machine retries, not the SDK
  });

  it('treats a time-out as retryable', async () => {
    reply = (_req, res) => setTimeout(() => json(200, { data: [{ b64_json: generated }] })(_req, res), 1500);
    const error = await renderer(300).render(request).catch((e: Error) => e);
    expect(error).toBeInstanceOf(RenderRetryableError);
    expect((error as Error).message).toMatch(/too long/);
  });

  it('treats an answer without a decodable image as retryable', async () => {
    reply = json(200, { data: [{ b64_json: Buffer.from('not a png').toString('base64') }] });
    await expect(renderer().render(request)).rejects.toMatchObject({ name: 'RenderRetryableError' });
    reply = json(200, { data: [] });
    await expect(renderer().render(request)).rejects.toMatchObject({ name: 'RenderRetryableError' });
  });

  it('is chosen by configuration: an API key selects OpenAI, none the local renderer', () => {
    expect(createRenderer({ openAiApiKey: 'sk-test', openAiBaseUrl: baseURL }).name).toBe('openai');
    expect(createRenderer({}).name).toBe('local');
  });
});
