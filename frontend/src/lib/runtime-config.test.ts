import { describe, expect, it } from 'vitest';
import { MESSAGES } from '@shared/messages';
import { runtimeConfigSchema } from '@shared/schemas/runtime-config';
import { outdoorStylesOffered, loadRuntimeConfig, parseRuntimeConfig, setRuntimeConfig } from './runtime-config';

const VALID = {
  apiUrl: 'https://api.example.com',
  webSocketUrl: 'wss://ws.example.com',
  userPoolId: 'eu-central-1_abc',
  userPoolClientId: 'client',
  stripePublishableKey: 'pk_test_x',
  home: 'aws',
};

describe('SPA runtime configuration', () => {
  it('accepts a complete configuration, with or without the local Cognito endpoint', () => {
    expect(parseRuntimeConfig(VALID)).toEqual(VALID);
    const local = { ...VALID, home: 'local', userPoolEndpoint: 'http://localhost:3000/_local/cognito' };
    expect(parseRuntimeConfig(local)).toEqual(local);
  });

  it.each(['apiUrl', 'webSocketUrl', 'userPoolId', 'userPoolClientId', 'stripePublishableKey', 'home'])(
    'names %s when it is missing or empty',
    (key) => {
      const { [key as keyof typeof VALID]: _, ...without } = VALID;
      expect(() => parseRuntimeConfig(without)).toThrow(`${MESSAGES.missingEnv}: ${key}`);
      expect(() => parseRuntimeConfig({ ...VALID, [key]: '' })).toThrow(`${MESSAGES.missingEnv}: ${key}`);
    },
  );

  it('offers no outdoor styles only when the host says so (the local renderer without a scene library)', () => {
    const drawn = parseRuntimeConfig({ ...VALID, home: 'local', outdoorStyles: false });
    expect(drawn.outdoorStyles).toBe(false);
    setRuntimeConfig(drawn);
    expect(outdoorStylesOffered()).toBe(false);
    setRuntimeConfig(parseRuntimeConfig(VALID));
    expect(outdoorStylesOffered()).toBe(true);
    expect(() => parseRuntimeConfig({ ...VALID, outdoorStyles: 'yes' })).toThrow(`${MESSAGES.missingEnv}: outdoorStyles`);
  });

  it('refuses an unknown home and a body that is not an object', () => {
    expect(() => parseRuntimeConfig({ ...VALID, home: 'gcp' })).toThrow(`${MESSAGES.missingEnv}: home`);
    expect(() => parseRuntimeConfig(null)).toThrow(`${MESSAGES.missingEnv}: config.json`);
  });

  it('agrees with the shared schema on every case above', () => {
    const cases: unknown[] = [VALID, { ...VALID, home: 'gcp' }, { ...VALID, apiUrl: '' }, { ...VALID, userPoolEndpoint: 5 }, { ...VALID, outdoorStyles: false }, { ...VALID, outdoorStyles: 'yes' }, null];
    for (const c of cases) {
      let ours = true;
      try {
        parseRuntimeConfig(c);
      } catch {
        ours = false;
      }
      expect(ours, JSON.stringify(c)).toBe(runtimeConfigSchema.safeParse(c).success);
    }
  });

  it('names config.json when the file cannot be fetched', async () => {
    const failing = (async () => new Response('nope', { status: 404 })) as typeof fetch;
    await expect(loadRuntimeConfig(failing)).rejects.toThrow(`${MESSAGES.missingEnv}: config.json`);
  });
});
