/**
 * Bundled and run by render-model-layer.test.ts inside a Lambda-like layout (the bundle in task/, the layers merged
 * in opt/): one angle through the compositor, as the render task's bundle loads it, made as a mirror image of the
 * photo's opposite corner (the package's mirror fill), so the text detector that blurs its plate runs from the layer
 * too. Prints what the test checks.
 */
import { readFileSync, realpathSync } from 'node:fs';
import { createRequire } from 'node:module';
import { MIRRORED_ANGLE, type Angle } from '@shared/angles';
import { compositorModules } from '../../functions/src/renderer/compositor-modules';
import { u2netpRunner } from '../../functions/src/renderer/cutout/u2netp-session';
import { textModelPath } from '../../functions/src/renderer/text/text-detector';

const [photoPath, angle] = process.argv.slice(2) as [string, Angle];
const { LocalRenderer } = await compositorModules.localRenderer();
const image = await new LocalRenderer().render({ photos: [{ id: 'photo-1', bytes: readFileSync(photoPath), angle }], angle: MIRRORED_ANGLE[angle], background: 'studio', fillMissingSides: true });
const require = createRequire(import.meta.url);
const where = (name: string) => realpathSync(require.resolve(name));
console.log(
  JSON.stringify({
    metadata: image.metadata,
    fullBytes: image.full.length,
    u2netp: (await u2netpRunner()).where,
    resolved: { onnxruntime: where('onnxruntime-node'), tfjsWasm: where('@tensorflow/tfjs-backend-wasm'), sharp: where('sharp'), textModel: realpathSync(textModelPath()) },
  }),
);
