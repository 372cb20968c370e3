/**
 * Configuration picks the cut-out adapter: CUTOUT_MODEL=u2netp (the default, Apache-2.0) or isnet (AGPL-3.0,
 * local home only, opt-in). Both are loaded lazily; ISNet by a computed name, so a bundler never follows it (it must
 * never reach a Lambda bundle; tests/infra/lambda-bundle.test.ts), u2netp by its literal name, so the render task
 * bundles hold it (onnxruntime-node itself stays external: the render model layer brings it).
 */
import type { CleanMask } from './mask-cleanup';
import type { CarCutout, CutoutPhoto } from './port';

export const CUTOUT_MODELS = ['u2netp', 'isnet'] as const;
export type CutoutModel = (typeof CUTOUT_MODELS)[number];
export const DEFAULT_CUTOUT_MODEL: CutoutModel = 'u2netp';

export function cutoutModelFromEnv(env: NodeJS.ProcessEnv = process.env): CutoutModel {
  const model = env.CUTOUT_MODEL || DEFAULT_CUTOUT_MODEL;
  if (!(CUTOUT_MODELS as readonly string[]).includes(model)) throw new Error(`CUTOUT_MODEL must be one of ${CUTOUT_MODELS.join(', ')} (got "${model}")`);
  if (model === 'isnet' && env.AWS_LAMBDA_FUNCTION_NAME) throw new Error('CUTOUT_MODEL=isnet is local only (AGPL-3.0 weights)');
  return model as CutoutModel;
}

const LOCAL_ONLY = { isnet: '../local/isnet-cutout' };

async function load(model: CutoutModel): Promise<CarCutout> {
  if (model === 'isnet') return new ((await import(LOCAL_ONLY.isnet)) as typeof import('../local/isnet-cutout')).IsnetCutout();
  return new (await import('./u2netp-cutout')).U2netpCutout();
}

/** The configured cut-out, its module loaded at the first photo. */
export function createCutout(model: CutoutModel = cutoutModelFromEnv()): CarCutout {
  let instance: Promise<CarCutout> | undefined;
  const get = () =>
    (instance ??= load(model)).catch((error) => {
      instance = undefined;
      throw error;
    });
  return { name: model, cutOut: async (photo: CutoutPhoto): Promise<CleanMask> => (await get()).cutOut(photo) };
}
