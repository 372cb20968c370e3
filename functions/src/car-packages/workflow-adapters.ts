/** The adapters the render workflow's tasks wire: the package adapters plus the renderer from configuration. */
import { openAiKey } from '../lib/openai-key';
import { createRenderer, rendererConfigFromEnv, type CompositorModules } from '../renderer/create-renderer';
import { OPENAI_REFERENCE_PHOTOS, type Renderer } from '../renderer/port';
import { packageAdapters } from './adapters';
import type { WorkflowDeps } from './render-workflow-tasks';

/**
 * The configured renderer, created on first use (only the prepare and render tasks ever use it). The OpenAI key is
 * read from Secrets Manager only when the OpenAI image edit is chosen (RENDERER=openai, or no RENDERER with a secret).
 * `modules` loads the compositor (the render task handlers pass its literal imports).
 */
export function configuredRenderer(env: NodeJS.ProcessEnv, modules?: CompositorModules): Renderer {
  let renderer: Promise<Renderer> | undefined;
  const get = () =>
    (renderer ??= openAiKey(env).then((key) => createRenderer({ ...rendererConfigFromEnv({ ...env, ...(key ? { OPENAI_API_KEY: key } : {}) }), modules }))).catch((error) => {
      renderer = undefined;
      throw error;
    });
  const needsSecret = env.OPENAI_SECRET_ARN && (env.RENDERER === 'openai' || !env.RENDERER);
  const base = needsSecret ? undefined : createRenderer({ ...rendererConfigFromEnv(env), modules });
  if (base) return base;
  return {
    name: 'openai',
    photosPerRender: OPENAI_REFERENCE_PHOTOS,
    prepare: async (photos) => (await get()).prepare(photos),
    render: async (request) => (await get()).render(request),
    renderPackage: async (request) => (await get()).renderPackage(request),
  };
}

export function workflowAdapters(env: NodeJS.ProcessEnv = process.env, modules?: CompositorModules): WorkflowDeps {
  const { store, photos, credits, notify } = packageAdapters();
  return { store, photos, credits, notify, renderer: configuredRenderer(env, modules) };
}
