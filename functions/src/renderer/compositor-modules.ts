/**
 * The studio compositor's modules, imported by their literal names: only the render task handlers (prepare, render
 * angle, render batch photo) import this file, so only their bundles hold the compositor, the u2netp cut-out and the
 * car detector. Their native and WASM runtimes (onnxruntime-node, TensorFlow.js) stay external and come from the
 * render model layer (infra/cdk/bundling/render-model-layer.ts); ISNet is never reachable from here.
 */
import type { CompositorModules } from './create-renderer';

export const compositorModules: CompositorModules = {
  localRenderer: () => import('./local/local-renderer'),
  cutout: () => import('./cutout/create-cutout'),
};
