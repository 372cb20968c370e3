import { createHash } from 'node:crypto';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import sharp from 'sharp';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { blurTextOnCar } from '../../functions/src/renderer/text/blur-text';
import { OpenAiRenderer } from '../../functions/src/renderer/openai/openai-renderer';
import { RenderPermanentError, RenderRetryableError } from '../../functions/src/renderer/port';
import { createRenderer, defaultCarMasker, rendererConfigFromEnv } from '../../functions/src/renderer/create-renderer';
import type { CarMasker, RgbImage } from '../../functions/src/renderer/fidelity/car-masker';
import { FIDELITY_THRESHOLD } from '../../functions/src/renderer/fidelity/car-fidelity';
import { CutoutCarMasker } from '../../functions/src/renderer/fidelity/cutout-masker';
import { createCutout } from '../../functions/src/renderer/cutout/create-cutout';
import { renderedPlace } from '../../functions/src/renderer/scenes/rendered-studio';
import { composeCar } from '../../functions/src/renderer/local/compositor';
import type { CleanMask } from '../../functions/src/renderer/cutout/mask-cleanup';
import { decodePhoto } from '../../functions/src/renderer/photo-validation';
import { CAR_FIDELITY } from '@shared/messages';
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

const renderer = (timeoutMs?: number) => new OpenAiRenderer({ apiKey: 'sk-test', baseURL, model: 'gpt-image-2.6-sunburst', timeoutMs, blurText: blurTextOnCar });
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
    // No car masker configured: no score is invented, and the image says it was not checked.
    expect(image.metadata.fidelity).toBeUndefined();
    expect(image.metadata.warnings).toContain(CAR_FIDELITY.notMeasured);
  });

  it('with the mirror fill, asks for a missing corner with the mirrored opposite photo; refuses it without the fill, and an angle no photo shows, without calling the API', async () => {
    await expect(renderer().render({ ...request, angle: 'front_right_corner' })).rejects.toBeInstanceOf(RenderPermanentError);
    expect(seen).toHaveLength(0);
    const mirrored = await renderer().render({ ...request, angle: 'front_right_corner', fillMissingSides: true });
    expect(mirrored.metadata.mirrored).toBe(true);
    // The text detector looked at the generated mirror image (the stand-in's picture has no text to blur).
    expect(mirrored.metadata.blurredText).toEqual([]);
    await expect(renderer().render({ ...request, angle: 'rear' })).rejects.toBeInstanceOf(RenderPermanentError);
    expect(seen).toHaveLength(1);
  });

  it.each([
    [429, { error: { message: 'Rate limit reached', type: 'requests', code: 'rate_limit_exceeded' } }, 'RenderRetryableError', /busy/],
    [500, { error: { message: 'Internal error', type: 'server_error' } }, 'RenderRetryableError', /failed \(500\)/],
    [503, { error: { message: 'Overloaded', type: 'server_error' } }, 'RenderRetryableError', /failed \(503\)/],
    [400, { error: { message: 'Your request was rejected by the safety system', type: 'invalid_request_error', code: 'moderation_blocked' } }, 'RenderPermanentError', /content policy/],
    [400, { error: { message: 'Invalid image file or mode', type: 'invalid_request_error', code: 'invalid_image' } }, 'RenderPermanentError', /could not read this photo/],
    // A rejected key is ours to fix (an operator's alarm), not the photo's and not the service being busy.
    [401, { error: { message: 'Incorrect API key', type: 'invalid_request_error' } }, 'Error', /OPENAI_API_KEY/],
    [404, { error: { message: 'The model does not exist', type: 'invalid_request_error' } }, 'Error', /RENDER_MODEL/],
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

  it('configures the car masker: the configured cut-out (u2netp) in both homes, none on request, and refuses unknown values', () => {
    expect(defaultCarMasker()).toBe('cutout');
    expect(rendererConfigFromEnv({ RENDER_CAR_MASKER: 'cutout' })).toMatchObject({ carMasker: 'cutout' });
    expect(rendererConfigFromEnv({ RENDER_CAR_MASKER: 'none', RENDER_FIDELITY_THRESHOLD: '0.6' })).toMatchObject({ carMasker: 'none', fidelityThreshold: 0.6 });
    expect(() => rendererConfigFromEnv({ RENDER_CAR_MASKER: 'sam' })).toThrow(/RENDER_CAR_MASKER must be one of cutout, none/);
    expect(() => rendererConfigFromEnv({ RENDER_FIDELITY_THRESHOLD: 'high' })).toThrow(/RENDER_FIDELITY_THRESHOLD must be a number from 0 to 1/);
  });
});

/**
 * The real masker of both homes (the u2netp cut-out), remembered by pixel content so each distinct image is cut out
 * once in this file (the photo, the two faithful answers and the other car). It counts what the renderer asks of it.
 */
class RememberingMasker implements CarMasker {
  readonly name = 'u2netp (remembered)';
  calls = 0;
  private readonly inner = new CutoutCarMasker(createCutout('u2netp'));
  private readonly seen = new Map<string, Promise<CleanMask>>();
  maskCar(image: RgbImage): Promise<CleanMask> {
    this.calls++;
    const key = createHash('sha1').update(image.rgb).update(`${image.width}x${image.height}`).digest('hex');
    let mask = this.seen.get(key);
    if (!mask) this.seen.set(key, (mask = this.inner.maskCar(image)));
    return mask;
  }
}

describe('OpenAI renderer: the car stays the car', () => {
  const masker = new RememberingMasker();
  let faithful: string; // the photo's own car on a beach (the local compositor): what a good edit looks like
  let mirroredFaithful: string;
  let otherCar: string; // another car: what a drifted edit looks like

  beforeAll(async () => {
    const answer = async (file: string, mirror: boolean) => {
      const photo = await decodePhoto(car(file));
      const composed = await composeCar(photo, await masker.maskCar(photo), renderedPlace('showroom'), { mirror });
      return (await sharp(composed.rgb, { raw: { width: composed.width, height: composed.height, channels: 3 } }).jpeg({ quality: 92 }).toBuffer()).toString('base64');
    };
    faithful = await answer('cupra-born-grey-front34-street.jpg', false);
    mirroredFaithful = await answer('cupra-born-grey-front34-street.jpg', true);
    // Another car, as photographed: no cut-out needed to make this answer.
    otherCar = (await sharp(car('hyundai-ioniq5-silver-front34-grass.jpg')).resize(1536, 1024, { fit: 'cover' }).jpeg({ quality: 92 }).toBuffer()).toString('base64');
  }, 120_000);

  /** The stand-in answers with these images in turn (the last one repeats). */
  const answers = (...b64: string[]) => {
    let n = 0;
    reply = (_req, res) => {
      const image = b64[Math.min(n++, b64.length - 1)];
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ created: 1, data: [{ b64_json: image }] }));
    };
  };
  const checked = () => new OpenAiRenderer({ apiKey: 'sk-test', baseURL, model: 'gpt-image-2.6-sunburst', carMasker: masker, blurText: blurTextOnCar });

  it('a faithful image: one call, the similarity recorded', async () => {
    answers(faithful);
    const image = await checked().render(request);
    expect(seen).toHaveLength(1);
    expect(image.metadata.fidelity).toBeGreaterThanOrEqual(FIDELITY_THRESHOLD);
    expect(image.metadata.carMaskIoU).toBeGreaterThan(0.9);
    expect(image.metadata.attempts).toBe(1);
    expect(image.metadata.warnings).not.toContain(CAR_FIDELITY.notMeasured);
  });

  it('a mirrored angle is compared with the mirrored photo', async () => {
    answers(mirroredFaithful);
    const image = await checked().render({ ...request, angle: 'front_right_corner', fillMissingSides: true });
    expect(seen).toHaveLength(1);
    expect(image.metadata.mirrored).toBe(true);
    expect(image.metadata.fidelity).toBeGreaterThanOrEqual(FIDELITY_THRESHOLD);
  });

  it('a different car, then a faithful one: exactly two calls, the second image delivered, the photo masked once', async () => {
    answers(otherCar, faithful);
    const before = masker.calls;
    const image = await checked().render(request);
    expect(seen).toHaveLength(2);
    expect(image.metadata.attempts).toBe(2);
    expect(image.metadata.fidelity).toBeGreaterThanOrEqual(FIDELITY_THRESHOLD);
    expect(image.metadata.warnings.some((w) => /car changed in the first generated image \(similarity 0\.\d\d\)/.test(w))).toBe(true);
    // The delivered image is the second answer, not the first.
    const delivered = await sharp(image.full).raw().toBuffer();
    const difference = async (b64: string) => {
      const answer = await sharp(Buffer.from(b64, 'base64')).raw().toBuffer();
      let sum = 0;
      for (let i = 0; i < answer.length; i++) sum += Math.abs(answer[i]! - delivered[i]!);
      return sum / answer.length;
    };
    expect(await difference(faithful)).toBeLessThan(3);
    expect(await difference(otherCar)).toBeGreaterThan(10);
    expect(masker.calls - before).toBe(3); // the photo once, each answer once
  });

  it('a different car twice: exactly two calls, then a permanent failure naming the similarity and the threshold', async () => {
    answers(otherCar);
    const error = await checked().render(request).catch((e: Error) => e);
    expect(seen).toHaveLength(2);
    expect(error).toBeInstanceOf(RenderPermanentError);
    const needed = FIDELITY_THRESHOLD.toFixed(2);
    expect((error as Error).message).toMatch(new RegExp(`car changed in the generated image \\(similarity 0\\.[0-6]\\d, at least ${needed} needed\\).*retry this angle for free`));
  });
});
