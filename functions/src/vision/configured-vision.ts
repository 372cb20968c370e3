/** The vision adapter from configuration, with the OpenAI key read from Secrets Manager in AWS on first use. */
import { openAiKey } from '../lib/openai-key';
import { createVision, visionConfigFromEnv } from './create-vision';
import type { CarVision, PlateReader } from './port';

/** `readPlate`: the cloud adapter's plate reader, from handlers whose function has the text models (create-vision.ts). */
export function configuredVision(env: NodeJS.ProcessEnv = process.env, extras: { readPlate?: PlateReader } = {}): CarVision {
  const base = env.OPENAI_SECRET_ARN ? undefined : createVision({ ...visionConfigFromEnv(env), ...extras });
  if (base) return base;
  let vision: Promise<CarVision> | undefined;
  const get = () =>
    (vision ??= openAiKey(env).then((key) => createVision({ ...visionConfigFromEnv({ ...env, OPENAI_API_KEY: key }), ...extras }))).catch((error) => {
      vision = undefined;
      throw error;
    });
  return { name: 'openai', model: env.VISION_MODEL || 'configured', look: async (photo, options) => (await get()).look(photo, options) };
}
