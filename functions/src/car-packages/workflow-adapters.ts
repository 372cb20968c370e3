/** The adapters the render workflow's tasks wire: the package adapters plus the renderer from configuration. */
import { createRenderer } from '../renderer/create-renderer';
import { packageAdapters } from './adapters';
import type { WorkflowDeps } from './render-workflow-tasks';

export function workflowAdapters(): WorkflowDeps {
  const { store, photos, credits, notify } = packageAdapters();
  return { store, photos, credits, notify, renderer: createRenderer() };
}
