/**
 * Bundled and run by render-model-layer.test.ts inside a Lambda-like layout (the bundle in task/, the layers merged
 * in opt/): one angle through the compositor, as the render task's bundle loads it. Prints what the test checks.
 */
import { readFileSync, realpathSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Angle } from '@shared/angles';
import { compositorModules } from '../../functions/src/renderer/compositor-modules';
import { u2netpRunner } from '../../functions/src/renderer/cutout/u2netp-session';

const [photoPath, angle] = process.argv.slice(2) as [string, Angle];
const { LocalRenderer } = await compositorModules.localRenderer();
const image = await new LocalRenderer().render({ photos: [{ id: 'photo-1', bytes: readFileSync(photoPath), angle }], angle, background: 'studio' });
const require = createRequire(import.meta.url);
const where = (name: string) => realpathSync(require.resolve(name));
console.log(
  JSON.stringify({
    metadata: image.metadata,
    fullBytes: image.full.length,
    u2netp: (await u2netpRunner()).where,
    resolved: { onnxruntime: where('onnxruntime-node'), tfjsWasm: where('@tensorflow/tfjs-backend-wasm'), sharp: where('sharp') },
  }),
);
