/**
 * Configuration picks the vision adapter: VISION=openai (the default when an OpenAI key is set) or local. The local
 * adapter (detector package, ISNet cut-out) is loaded by a computed name so that a Lambda bundle never holds it.
 */
import type { DecodedPhoto } from '../renderer/photo-validation';
import type { CarSighting, CarVision, LookOptions, PlateReader } from './port';
import { DEFAULT_VISION_MODEL } from './openai/openai-vision';

export const VISIONS = ['local', 'openai'] as const;

export interface VisionConfig {
  vision?: (typeof VISIONS)[number];
  openAiApiKey?: string;
  openAiBaseUrl?: string;
  /** VISION_MODEL: the OpenAI model that looks at photos. */
  model?: string;
  /**
   * The cloud adapter's plate reader (plate-text/car-plate.ts readPlateInBox), given by the handlers whose functions
   * have the text models; the local adapter reads the plate itself, in its cut-out.
   */
  readPlate?: PlateReader;
}

export function visionConfigFromEnv(env: NodeJS.ProcessEnv = process.env): VisionConfig {
  const vision = env.VISION || undefined;
  if (vision !== undefined && !(VISIONS as readonly string[]).includes(vision)) throw new Error(`VISION must be one of ${VISIONS.join(', ')} (got "${vision}")`);
  if (vision === 'openai' && !env.OPENAI_API_KEY && !env.OPENAI_SECRET_ARN) throw new Error('VISION=openai needs OPENAI_API_KEY');
  return { vision: vision as VisionConfig['vision'], openAiApiKey: env.OPENAI_API_KEY || undefined, openAiBaseUrl: env.OPENAI_BASE_URL || undefined, model: env.VISION_MODEL || undefined };
}

const LOCAL_ONLY = { vision: './local/local-vision', cutout: '../renderer/cutout/create-cutout' };

function lazy(name: CarVision['name'], model: string, load: () => Promise<CarVision>): CarVision {
  let instance: Promise<CarVision> | undefined;
  const get = () =>
    (instance ??= load()).catch((error) => {
      instance = undefined;
      throw error;
    });
  return { name, model, look: async (photo: DecodedPhoto, options?: LookOptions): Promise<CarSighting> => (await get()).look(photo, options) };
}

export function createVision(config: VisionConfig = visionConfigFromEnv()): CarVision {
  if (config.openAiApiKey && config.vision !== 'local') {
    const { openAiApiKey, openAiBaseUrl, readPlate } = config;
    const model = config.model ?? DEFAULT_VISION_MODEL;
    return lazy('openai', model, async () => new (await import('./openai/openai-vision')).OpenAiVision({ apiKey: openAiApiKey, baseURL: openAiBaseUrl, model, readPlate }));
  }
  return lazy('local', 'centernet + cut-out silhouette', async () => {
    const { LocalVision } = (await import(LOCAL_ONLY.vision)) as typeof import('./local/local-vision');
    const { createCutout } = (await import(LOCAL_ONLY.cutout)) as typeof import('../renderer/cutout/create-cutout');
    const cutout = createCutout();
    return new LocalVision((photo) => cutout.cutOut(photo));
  });
}
