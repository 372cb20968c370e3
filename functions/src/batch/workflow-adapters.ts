/** The adapters the batch workflow's tasks wire: the batch adapters plus the same configured renderer as car packages. */
import { configuredRenderer } from '../car-packages/workflow-adapters';
import type { CompositorModules } from '../renderer/create-renderer';
import { batchAdapters } from './adapters';
import type { BatchRenderDeps } from './batch-workflow-tasks';

export function batchWorkflowAdapters(env: NodeJS.ProcessEnv = process.env, modules?: CompositorModules): BatchRenderDeps {
  return { ...batchAdapters(), renderer: configuredRenderer(env, modules) };
}
