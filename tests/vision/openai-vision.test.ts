import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { CAR_CHECK_MESSAGES } from '@shared/messages';
import { decodePhoto } from '../../functions/src/renderer/photo-validation';
import { OpenAiVision, type ModelSighting } from '../../functions/src/vision/openai/openai-vision';
import { VisionUnavailableError } from '../../functions/src/vision/port';
import { createVision, visionConfigFromEnv } from '../../functions/src/vision/create-vision';
import { car } from '../renderer/bad-photos';
import { OpenAiRenderer } from '../../functions/src/renderer/openai/openai-renderer';
import { RenderRetryableError } from '../../functions/src/renderer/port';
import { logger } from '../../functions/src/lib/logger';
import { boxMask, readPlateInBox } from '../../functions/src/vision/plate-text/car-plate';

// A local HTTP server stands in for the OpenAI API: no network in tests.
let server: Server;
let baseURL: string;
let seen: Array<{ path: string; auth?: string; body: Record<string, unknown> }> = [];
let reply: (req: IncomingMessage, res: ServerResponse) => void;

const completion = (answer: ModelSighting | string) => (_req: IncomingMessage, res: ServerResponse) => {
  res.writeHead(200, { 'content-type': 'application/json' });
  const content = typeof answer === 'string' ? answer : JSON.stringify(answer);
  res.end(JSON.stringify({ id: 'c1', object: 'chat.completion', created: 1, model: 'gpt-test', choices: [{ index: 0, finish_reason: 'stop', message: { role: 'assistant', content, refusal: null } }] }));
};

beforeAll(async () => {
  server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      seen.push({ path: req.url ?? '', auth: req.headers.authorization, body: JSON.parse(Buffer.concat(chunks).toString('utf8') || '{}') });
      reply(req, res);
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  baseURL = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`;
});
afterAll(() => new Promise<void>((r) => server.close(() => r())));
beforeEach(() => {
  seen = [];
});

const vision = () => new OpenAiVision({ apiKey: 'sk-test', baseURL, model: 'gpt-vision-test', timeoutMs: 5_000 });
const photo = () => decodePhoto(car('cupra-born-grey-front34-street.jpg'));
const oneCar: ModelSighting = { is_car: true, shows_interior: false, car_count: 1, main_car_box: { left: 0.2, top: 0.3, right: 0.85, bottom: 0.9 }, other_car_boxes: [], angle: 'rear_left_corner', confidence: 0.82 };

describe('OpenAI vision against a local stand-in', () => {
  it('sends the photo as an image input with a strict JSON schema and the configured model, and reads the sighting', async () => {
    reply = completion(oneCar);
    const sighting = await vision().look(await photo());
    expect(seen).toHaveLength(1);
    expect(seen[0]!.path).toBe('/v1/chat/completions');
    expect(seen[0]!.auth).toBe('Bearer sk-test');
    const body = seen[0]!.body as { model: string; response_format: { type: string; json_schema: { name: string; strict: boolean; schema: { properties: Record<string, unknown> } } }; messages: Array<{ role: string; content: unknown }> };
    expect(body.model).toBe('gpt-vision-test');
    expect(body.response_format.type).toBe('json_schema');
    expect(body.response_format.json_schema).toMatchObject({ name: 'car_sighting', strict: true });
    expect(Object.keys(body.response_format.json_schema.schema.properties).sort()).toEqual(['angle', 'car_count', 'confidence', 'is_car', 'main_car_box', 'other_car_boxes', 'shows_interior']);
    const user = body.messages.find((m) => m.role === 'user')!.content as Array<{ type: string; image_url: { url: string } }>;
    expect(user[0]!.type).toBe('image_url');
    expect(user[0]!.image_url.url).toMatch(/^data:image\/jpeg;base64,\/9j\//);
    const { appearance, ...rest } = sighting as typeof sighting & { appearance?: { paint: [number, number, number]; share: number } };
    expect(rest).toEqual({ ok: true, cars: 1, main: oneCar.main_car_box, others: [], cutByEdge: false, angle: 'rear_left_corner', confidence: 0.82, warnings: [] });
    // The paint for the same-car comparison is measured in the model's box (issue 26): the grey Cupra reads as a
    // mid-dark neutral, not a colour.
    const [lightness, a, b] = appearance!.paint;
    expect(lightness).toBeGreaterThan(20);
    expect(lightness).toBeLessThan(55);
    expect(Math.hypot(a, b)).toBeLessThan(10);
  });

  it('refuses a photo the model sees no car in, with the car check message', async () => {
    reply = completion({ is_car: false, shows_interior: false, car_count: 0, main_car_box: null, other_car_boxes: [], angle: null, confidence: 0.9 });
    expect(await vision().look(await photo())).toEqual({ ok: false, reason: 'not_a_car', message: CAR_CHECK_MESSAGES.noCar, cars: 0 });
  });

  it('refuses a photo taken inside the car with its own message, whatever boxes the model gave', async () => {
    reply = completion({ is_car: false, shows_interior: true, car_count: 0, main_car_box: null, other_car_boxes: [], angle: null, confidence: 0.9 });
    expect(await vision().look(await photo())).toEqual({ ok: false, reason: 'car_interior', message: CAR_CHECK_MESSAGES.interior, cars: 0 });
    // A model that also calls the cabin a car (its box filling the frame) is still told apart by shows_interior.
    reply = completion({ ...oneCar, shows_interior: true, main_car_box: { left: 0.1, top: 0.1, right: 0.9, bottom: 0.9 } });
    expect(await vision().look(await photo())).toMatchObject({ ok: false, reason: 'car_interior', message: CAR_CHECK_MESSAGES.interior });
  });

  it('applies the same car check to the boxes: two cars of the same size are refused, a dominant one kept with a warning', async () => {
    reply = completion({ ...oneCar, car_count: 2, main_car_box: { left: 0.02, top: 0.3, right: 0.48, bottom: 0.8 }, other_car_boxes: [{ left: 0.52, top: 0.3, right: 0.98, bottom: 0.8 }] });
    expect(await vision().look(await photo())).toMatchObject({ ok: false, reason: 'several_cars', message: CAR_CHECK_MESSAGES.severalCars });
    reply = completion({ ...oneCar, car_count: 2, other_car_boxes: [{ left: 0.9, top: 0.4, right: 1, bottom: 0.6 }] });
    const kept = await vision().look(await photo());
    expect(kept).toMatchObject({ ok: true, cars: 2, others: [{ left: 0.9, top: 0.4, right: 1, bottom: 0.6 }], warnings: [CAR_CHECK_MESSAGES.otherCarsRemoved(1)] });
  });

  it('says when the car is cut by the frame edge, and refuses a car mostly outside the frame', async () => {
    reply = completion({ ...oneCar, main_car_box: { left: 0, top: 0.3, right: 0.7, bottom: 0.9 } });
    expect(await vision().look(await photo())).toMatchObject({ ok: true, cutByEdge: true, warnings: [CAR_CHECK_MESSAGES.cutByEdge] });
    reply = completion({ ...oneCar, main_car_box: { left: 0, top: 0, right: 1, bottom: 0.7 } });
    expect(await vision().look(await photo())).toMatchObject({ ok: false, reason: 'car_outside_frame', message: CAR_CHECK_MESSAGES.carOutsideFrame });
  });

  it('a failing service or an unreadable answer is VisionUnavailableError, never a verdict on the photo', async () => {
    reply = (_req, res) => {
      res.writeHead(500, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ error: { message: 'boom' } }));
    };
    await expect(vision().look(await photo())).rejects.toBeInstanceOf(VisionUnavailableError);
    reply = completion('{"is_car": "perhaps"}');
    await expect(vision().look(await photo())).rejects.toBeInstanceOf(VisionUnavailableError);
  });

  it('after the service answers 429 the adapter leaves it alone for the Retry-After time: looks fail at once, no call made', async () => {
    let calls = 0;
    reply = (_req, res) => {
      calls++;
      res.writeHead(429, { 'content-type': 'application/json', 'retry-after': '30' });
      res.end(JSON.stringify({ error: { message: 'Rate limit reached', type: 'requests' } }));
    };
    // maxRetries 0 here: the client's own retry would wait the 30 s.
    const limited = new OpenAiVision({ apiKey: 'sk-test', baseURL, model: 'gpt-vision-test', timeoutMs: 5_000, maxRetries: 0 });
    await expect(limited.look(await photo())).rejects.toBeInstanceOf(VisionUnavailableError);
    expect(calls).toBe(1);
    reply = completion(oneCar);
    const error = await limited.look(await photo()).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(VisionUnavailableError);
    expect((error as Error).message).toMatch(/over its rate limit; checks resume in (29|30) s/);
    expect(calls, 'no call while backing off').toBe(1);
    // Another process (a fresh adapter) is not held back.
    await expect(vision().look(await photo())).resolves.toMatchObject({ ok: true });
  });

  it('a request the service refuses for good (a rejected key) is ours to fix, not "unavailable"', async () => {
    reply = (_req, res) => {
      res.writeHead(401, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ error: { message: 'Incorrect API key provided', type: 'invalid_request_error' } }));
    };
    const error = await vision().look(await photo()).catch((e: unknown) => e);
    expect(error).not.toBeInstanceOf(VisionUnavailableError);
    expect((error as Error).message).toMatch(/refused the request \(401; check OPENAI_API_KEY/);
  });

  it('configuration: the model comes from VISION_MODEL, the adapter from VISION or the key', () => {
    expect(visionConfigFromEnv({ OPENAI_API_KEY: 'sk', VISION_MODEL: 'gpt-x' })).toMatchObject({ openAiApiKey: 'sk', model: 'gpt-x' });
    expect(createVision({ openAiApiKey: 'sk', model: 'gpt-x' })).toMatchObject({ name: 'openai', model: 'gpt-x' });
    expect(createVision({ openAiApiKey: 'sk', vision: 'local' }).name).toBe('local');
    expect(createVision({}).name).toBe('local');
    expect(() => visionConfigFromEnv({ VISION: 'cloud' })).toThrow(/VISION must be one of local, openai/);
  });

  it("the OpenAI renderer's prepare: untagged photos get the model's angle, a non-car is refused, a tagged photo keeps its tag, a failing service is retried", async () => {
    const renderer = new OpenAiRenderer({ apiKey: 'sk-test', baseURL, model: 'gpt-image-test', vision: vision() });
    const bytes = car('cupra-born-grey-front34-street.jpg');
    reply = completion(oneCar);
    expect(await renderer.prepare([{ id: 'a.jpg', bytes }])).toEqual([{ id: 'a.jpg', angle: 'rear_left_corner', classified: true, confidence: 0.82, warnings: [] }]);
    expect(await renderer.prepare([{ id: 'b.jpg', bytes, angle: 'front' }])).toEqual([{ id: 'b.jpg', angle: 'front', classified: false, warnings: [] }]);
    reply = completion({ is_car: false, shows_interior: false, car_count: 0, main_car_box: null, other_car_boxes: [], angle: null, confidence: 0.9 });
    expect(await renderer.prepare([{ id: 'c.jpg', bytes }])).toEqual([{ id: 'c.jpg', angle: null, classified: false, refused: { reason: 'not_a_car', message: CAR_CHECK_MESSAGES.noCar } }]);
    reply = (_req, res) => {
      res.writeHead(503, { 'content-type': 'application/json' });
      res.end('{}');
    };
    await expect(renderer.prepare([{ id: 'd.jpg', bytes }])).rejects.toBeInstanceOf(RenderRetryableError);
  });
});

describe('the cloud check reads the plate inside the model\'s box', () => {
  // A rear view whose plate the local check reads too (6UTS635); the box is the one the local detector draws.
  const lexus = () => decodePhoto(readFileSync(resolve(import.meta.dirname, '../fixtures/vision/lexus-es-champagne-rear-street.jpg')));
  const rear: ModelSighting = { is_car: true, shows_interior: false, car_count: 1, main_car_box: { left: 0.17, top: 0.09, right: 0.85, bottom: 0.95 }, other_car_boxes: [], angle: 'rear', confidence: 0.9 };
  const reading = (readPlate: ConstructorParameters<typeof OpenAiVision>[0]['readPlate']) => new OpenAiVision({ apiKey: 'sk-test', baseURL, model: 'gpt-vision-test', timeoutMs: 5_000, readPlate });

  it('a rear view\'s appearance carries the plate read in the box (the text models, as the function has them)', async () => {
    reply = completion(rear);
    const sighting = await reading(readPlateInBox).look(await lexus());
    expect(sighting.ok && sighting.appearance?.plate).toBe('6UTS635');
    // Without a reader (a function without the text models) the same answer has no plate, the paint still measured.
    const without = await reading(undefined).look(await lexus());
    expect(without.ok && without.appearance && 'plate' in without.appearance).toBe(false);
    expect(without.ok && without.appearance?.paint).toHaveLength(3);
  }, 60_000);

  it('reads no plate from a side, nor when the angle was not asked for', async () => {
    const asked: string[] = [];
    const spy = reading(async (_photo, _box, angle) => (asked.push(angle), readPlateInBox(_photo, _box, angle)));
    reply = completion({ ...rear, angle: 'left_side' });
    const side = await spy.look(await lexus());
    expect(side.ok && side.appearance && 'plate' in side.appearance).toBe(false);
    reply = completion(rear);
    const verdictOnly = await spy.look(await lexus(), { angle: false });
    expect(verdictOnly.ok && verdictOnly.appearance).toBeUndefined();
    expect(asked).toEqual(['left_side']);
  }, 60_000);

  it('a reader that throws leaves the plate out and the check passing; the log names the error\'s class only', async () => {
    reply = completion(rear);
    const warn = vi.spyOn(logger, 'warn').mockImplementation(() => undefined);
    try {
      class TextModelError extends Error {}
      const sighting = await reading(async () => {
        throw new TextModelError('read 6UTS635 badly');
      }).look(await lexus());
      expect(sighting).toMatchObject({ ok: true, angle: 'rear', warnings: [] });
      expect(sighting.ok && sighting.appearance?.paint).toHaveLength(3);
      expect(sighting.ok && sighting.appearance && 'plate' in sighting.appearance).toBe(false);
      expect(warn).toHaveBeenCalledWith('plate not read', { errorClass: 'TextModelError' });
      expect(JSON.stringify(warn.mock.calls)).not.toContain('6UTS635');
    } finally {
      warn.mockRestore();
    }
  });

  it('configuration hands the reader to the cloud adapter', async () => {
    reply = completion(rear);
    const configured = createVision({ vision: 'openai', openAiApiKey: 'sk-test', openAiBaseUrl: baseURL, model: 'gpt-vision-test', readPlate: async () => 'AB12345' });
    const sighting = await configured.look(await lexus());
    expect(sighting.ok && sighting.appearance?.plate).toBe('AB12345');
  });

  it('the box as a cut-out: 255 inside the box, 0 outside, clipped to the photo', () => {
    const { alpha } = boxMask({ left: 0.25, top: 0.5, right: 1.2, bottom: 1 }, 4, 4);
    expect([...alpha]).toEqual([0, 0, 0, 0, 0, 0, 0, 0, 0, 255, 255, 255, 0, 255, 255, 255]);
  });
});
