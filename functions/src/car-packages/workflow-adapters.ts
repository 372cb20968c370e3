/** The adapters the render workflow's tasks wire: the package adapters plus the renderer from configuration. */
import { openAiKey } from '../lib/openai-key';
import { createRenderer, rendererConfigFromEnv } from '../renderer/create-renderer';
import { OPENAI_REFERENCE_PHOTOS, type Renderer } from '../renderer/port';
import { packageAdapters } from './adapters';
import type { WorkflowDeps } from './render-workflow-tasks';

/** The configured renderer, created on first use (only the prepare and render tasks ever use it). */
export function configuredRenderer(env: NodeJS.ProcessEnv): Renderer {
  let renderer: Promise<Renderer> | undefined;
  const get = () =>
    (renderer ??= openAiKey(env).then((key) => createRenderer({ ...rendererConfigFromEnv(env), ...(key ? { openAiApiKey: key } : {}) }))).catch((error) => {
      renderer = undefined;
      throw error;
    });
  const base = env.OPENAI_SECRET_ARN ? undefined : createRenderer(rendererConfigFromEnv(env));
  return {
    name: base?.name ?? 'openai',
    photosPerRender: base?.photosPerRender ?? OPENAI_REFERENCE_PHOTOS,
    prepare: async (photos) => (await get()).prepare(photos),
    render: async (request) => (await get()).render(request),
    renderPackage: async (request) => (await get()).renderPackage(request),
  };
}

export function workflowAdapters(env: NodeJS.ProcessEnv = process.env): WorkflowDeps {
  const { store, photos, credits, notify } = packageAdapters();
  return { store, photos, credits, notify, renderer: configuredRenderer(env) };
}
