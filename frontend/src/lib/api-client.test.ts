import { afterEach, describe, expect, it, vi } from 'vitest';
import { MESSAGES } from '@shared/messages';

vi.mock('./runtime-config', () => ({ getRuntimeConfig: () => ({ apiUrl: 'https://lot.example' }) }));
const { apiRequest, ApiError, withoutFieldName } = await import('./api-client');

function answer(status: number, body: string, type = 'application/json') {
  vi.stubGlobal('fetch', vi.fn(async () => new Response(body, { status, headers: { 'content-type': type } })));
}
const failure = (path = '/api/profile') => apiRequest('/x' + path).then(
  () => {
    throw new Error('expected a refusal');
  },
  (error: unknown) => error as InstanceType<typeof ApiError>,
);

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe("the API client's errors (issue 26: no raw JSON or field names in a message)", () => {
  it('an error body without a code gets the generic text, whatever it holds', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    for (const [status, body, type] of [
      [502, '{"errorType":"Runtime.Unhandled","field":"dealer_name"}', 'application/json'],
      [413, '{"message":"Request Entity Too Large"}', 'application/json'],
      [500, '<html><body>Internal Server Error</body></html>', 'text/html'],
      [503, '', 'text/plain'],
    ] as const) {
      answer(status, body, type);
      const error = await failure();
      expect(error).toBeInstanceOf(ApiError);
      expect(error.message, body).toBe(MESSAGES.internalError);
      expect(error.status).toBe(status);
    }
  });

  it('a coded error keeps its message, without the field name the server put in front of it', async () => {
    answer(400, JSON.stringify({ message: 'photos.0: car.jpg: No car was found in this photo.', code: 'validation_error', fields: { 'photos.0': 'car.jpg: No car was found in this photo.' } }));
    const error = await failure();
    expect(error.message).toBe('car.jpg: No car was found in this photo.');
    expect(error.fields['photos.0']).toBe('car.jpg: No car was found in this photo.');
    expect(error.code).toBe('validation_error');
  });

  it('a 429 without a code reads the catalogue text for too many requests', async () => {
    answer(429, 'Too Many Requests', 'text/plain');
    expect((await failure()).message).toBe(MESSAGES.tooManyRequests);
  });

  it('strips only a field name the answer lists', () => {
    expect(withoutFieldName('logo_url: The Logo URL must be an https:// address.', { logo_url: 'x' })).toBe('The Logo URL must be an https:// address.');
    expect(withoutFieldName('Note: this stays as it is.', { logo_url: 'x' })).toBe('Note: this stays as it is.');
  });
});
