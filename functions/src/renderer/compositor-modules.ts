/**
 * The studio compositor's modules, imported by their literal names: only the render task handlers (prepare, render
 * angle, render batch photo) import this file, so only their bundles hold the compositor, the u2netp cut-out and the
 * car detector. Their native and WASM runtimes (onnxruntime-node, TensorFlow.js) stay external and come from the
 * render model layer (infra/cdk/bundling/render-model-layer.ts); ISNet is never reachable from here.
 *
 * In AWS the scene library is in S3 (SCENES_BUCKET, set by `cdk deploy -c scenesDir=…`): its adapter is wired here,
 * for the same handlers, so a panorama is fetched into /tmp on first use and read by the same scene-library code.
 */
import { sceneStoreFromEnv } from '../adapters/s3/scene-store';
import type { CompositorModules } from './create-renderer';
import { useSceneStore } from './scenes/scene-library';

useSceneStore(sceneStoreFromEnv(process.env));

export const compositorModules: CompositorModules = {
  localRenderer: () => import('./local/local-renderer'),
  cutout: () => import('./cutout/create-cutout'),
  textBlur: () => import('./text/plates'),
};
