/**
 * Configuration picks the adapter: RENDERER=local (the studio compositor), openai (the OpenAI image edit, an option)
 * or scripted; without RENDERER, an OpenAI key selects OpenAI (the local home's old default) and none the compositor.
 * The AWS stage sets RENDERER=local unless told otherwise (infra/cdk/stage-config.ts).
 *
 * The compositor is imported lazily: by a computed name here (so a bundle of this file holds none of it), by its
 * literal name in the render task handlers (renderer/compositor-modules.ts), whose bundles carry it into Lambda.
 *
 * The OpenAI renderer checks each generated car against the photo with a car masker (RENDER_CAR_MASKER): `cutout`,
 * the configured cut-out (u2netp, Apache-2.0, in both homes), or `none` (images then say "car fidelity not measured").
 */
import { OPENAI_REFERENCE_PHOTOS, type PackageRequest, type Renderer, type RenderRequest } from './port';
import type { OpenAiRendererOptions } from './openai/openai-renderer';
import { renderScriptFromEnv } from './scripted/scripted-renderer';
import { FIDELITY_THRESHOLD } from './fidelity/car-fidelity';
import { withContentCredentials } from '../content-credentials/credentialed-renderer';
import { contentSignerFromEnv } from '../content-credentials/create-signer';
import type { ContentSigner } from '../content-credentials/ports';
import { createVision } from '../vision/create-vision';

export const DEFAULT_RENDER_MODEL = 'gpt-image-2.6-sunburst';

export const CAR_MASKERS = ['cutout', 'none'] as const;
export type CarMaskerChoice = (typeof CAR_MASKERS)[number];

export const RENDERERS = ['local', 'openai', 'scripted'] as const;

export interface RendererConfig {
  /** RENDERER: which adapter; by default openai when an OpenAI key is set, else local. */
  renderer?: (typeof RENDERERS)[number];
  /** RENDERER_SCRIPT for the scripted renderer (tests and bench:package). */
  script?: import('./scripted/scripted-renderer').RenderScript;
  openAiApiKey?: string;
  openAiBaseUrl?: string;
  model?: string;
  /** Defaults to `cutout` (the configured cut-out) in both homes. */
  carMasker?: CarMaskerChoice;
  /** How the compositor's modules are loaded (the render task handlers pass compositor-modules.ts). */
  modules?: CompositorModules;
  /** Similarity below which a generated car counts as changed (0..1); defaults to FIDELITY_THRESHOLD. */
  fidelityThreshold?: number;
  /** Signs each image's content credentials; by default from the environment (KMS in AWS, a local key here). */
  signer?: ContentSigner;
  /** VISION_MODEL: the OpenAI model prepare asks whether a photo shows a car and from which angle. */
  visionModel?: string;
}

export function rendererConfigFromEnv(env: NodeJS.ProcessEnv = process.env): RendererConfig {
  const masker = env.RENDER_CAR_MASKER || undefined;
  if (masker !== undefined && !(CAR_MASKERS as readonly string[]).includes(masker)) {
    throw new Error(`RENDER_CAR_MASKER must be one of ${CAR_MASKERS.join(', ')} (got "${masker}")`);
  }
  const renderer = env.RENDERER || undefined;
  if (renderer !== undefined && !(RENDERERS as readonly string[]).includes(renderer)) {
    throw new Error(`RENDERER must be one of ${RENDERERS.join(', ')} (got "${renderer}")`);
  }
  if (renderer === 'openai' && !env.OPENAI_API_KEY) throw new Error('RENDERER=openai needs OPENAI_API_KEY');
  const threshold = env.RENDER_FIDELITY_THRESHOLD ? Number(env.RENDER_FIDELITY_THRESHOLD) : undefined;
  if (threshold !== undefined && !(threshold >= 0 && threshold <= 1)) {
    throw new Error(`RENDER_FIDELITY_THRESHOLD must be a number from 0 to 1 (got "${env.RENDER_FIDELITY_THRESHOLD}")`);
  }
  return {
    renderer: renderer as RendererConfig['renderer'],
    script: renderer === 'scripted' ? renderScriptFromEnv(env) : undefined,
    openAiApiKey: env.OPENAI_API_KEY || undefined,
    openAiBaseUrl: env.OPENAI_BASE_URL || undefined,
    model: env.RENDER_MODEL || undefined,
    carMasker: masker as CarMaskerChoice | undefined,
    fidelityThreshold: threshold,
    visionModel: env.VISION_MODEL || undefined,
  };
}

/** The configured cut-out in both homes: the permissive u2netp runs in a Lambda too (the render model layer). */
export function defaultCarMasker(): CarMaskerChoice {
  return 'cutout';
}

/** The compositor's modules, loaded on first use. */
export interface CompositorModules {
  localRenderer: () => Promise<typeof import('./local/local-renderer')>;
  cutout: () => Promise<typeof import('./cutout/create-cutout')>;
  /** The text detector's blurs (a mirror image's text, the number plate), for images made by the OpenAI renderer. */
  textBlur: () => Promise<typeof import('./text/plates')>;
}

/**
 * Named through variables: a bundler follows a string-literal import() and would put the compositor (and
 * onnxruntime, the detector) into every bundle that reaches this file; only the render tasks' bundles should hold it
 * (tests/infra/lambda-bundle.test.ts). The local home runs from sources, where these names resolve.
 */
const COMPOSITOR = { renderer: './local/local-renderer', cutout: './cutout/create-cutout', textBlur: './text/plates' };
const byComputedName: CompositorModules = {
  localRenderer: () => import(COMPOSITOR.renderer) as Promise<typeof import('./local/local-renderer')>,
  cutout: () => import(COMPOSITOR.cutout) as Promise<typeof import('./cutout/create-cutout')>,
  textBlur: () => import(COMPOSITOR.textBlur) as Promise<typeof import('./text/plates')>,
};

/** Defers loading an adapter module until the first render. */
function lazy(name: Renderer['name'], photosPerRender: number, load: () => Promise<Renderer>): Renderer {
  let instance: Promise<Renderer> | undefined;
  const get = () => (instance ??= load());
  return {
    name,
    photosPerRender,
    prepare: async (photos) => (await get()).prepare(photos),
    render: async (request: RenderRequest) => (await get()).render(request),
    renderPackage: async (request: PackageRequest) => (await get()).renderPackage(request),
  };
}

/**
 * The configured renderer; every image it makes leaves with its AI disclosure (written by the adapter as it
 * encodes) and signed content credentials (added here, whichever adapter made it).
 */
export function createRenderer(config: RendererConfig = rendererConfigFromEnv()): Renderer {
  return withContentCredentials(createAdapter(config), {
    signer: config.signer ?? contentSignerFromEnv(),
    fidelityThreshold: config.fidelityThreshold ?? FIDELITY_THRESHOLD,
  });
}

function createAdapter(config: RendererConfig): Renderer {
  const modules = config.modules ?? byComputedName;
  if (config.renderer === 'scripted') {
    const script = config.script ?? {};
    return lazy('scripted', 1, async () => new (await import('./scripted/scripted-renderer')).ScriptedRenderer(script));
  }
  if (config.openAiApiKey && config.renderer !== 'local') {
    const { openAiApiKey, openAiBaseUrl, model, fidelityThreshold, visionModel } = config;
    const masker = config.carMasker ?? defaultCarMasker();
    return lazy('openai', OPENAI_REFERENCE_PHOTOS, async () => {
      const { OpenAiRenderer } = await import('./openai/openai-renderer');
      const { CutoutCarMasker } = await import('./fidelity/cutout-masker');
      const carMasker = masker === 'cutout' ? new CutoutCarMasker((await modules.cutout()).createCutout()) : undefined;
      const vision = createVision({ vision: 'openai', openAiApiKey, openAiBaseUrl, model: visionModel });
      type Picture = Parameters<NonNullable<OpenAiRendererOptions['blurText']>>[0];
      const blurText = async (picture: Picture) => (await modules.textBlur()).blurTextOnCar(picture);
      const treatPlates: NonNullable<OpenAiRendererOptions['treatPlates']> = async (picture, treatment, logo) => (await modules.textBlur()).treatPlates(picture, treatment, logo);
      return new OpenAiRenderer({ apiKey: openAiApiKey, baseURL: openAiBaseUrl, model: model ?? DEFAULT_RENDER_MODEL, carMasker, fidelityThreshold, vision, blurText, treatPlates });
    });
  }
  return lazy('local', 1, async () => new (await modules.localRenderer()).LocalRenderer());
}
