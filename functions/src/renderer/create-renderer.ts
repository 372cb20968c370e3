/**
 * Configuration picks the adapter: OPENAI_API_KEY set -> OpenAI image edit, otherwise the local renderer.
 * The local renderer is imported lazily so a Lambda bundle built from the OpenAI path never includes it.
 */
import type { PackageRequest, Renderer, RenderRequest } from './port';

export const DEFAULT_RENDER_MODEL = 'gpt-image-2.6-sunburst';

export interface RendererConfig {
  openAiApiKey?: string;
  openAiBaseUrl?: string;
  model?: string;
}

export function rendererConfigFromEnv(env: NodeJS.ProcessEnv = process.env): RendererConfig {
  return { openAiApiKey: env.OPENAI_API_KEY || undefined, openAiBaseUrl: env.OPENAI_BASE_URL || undefined, model: env.RENDER_MODEL || undefined };
}

/** Defers loading an adapter module until the first render. */
function lazy(name: Renderer['name'], load: () => Promise<Renderer>): Renderer {
  let instance: Promise<Renderer> | undefined;
  const get = () => (instance ??= load());
  return {
    name,
    render: async (request: RenderRequest) => (await get()).render(request),
    renderPackage: async (request: PackageRequest) => (await get()).renderPackage(request),
  };
}

export function createRenderer(config: RendererConfig = rendererConfigFromEnv()): Renderer {
  if (config.openAiApiKey) {
    const { openAiApiKey, openAiBaseUrl, model } = config;
    return lazy('openai', async () => {
      const { OpenAiRenderer } = await import('./openai/openai-renderer');
      return new OpenAiRenderer({ apiKey: openAiApiKey, baseURL: openAiBaseUrl, model: model ?? DEFAULT_RENDER_MODEL });
    });
  }
  return lazy('local', async () => new (await import('./local/local-renderer')).LocalRenderer());
}
