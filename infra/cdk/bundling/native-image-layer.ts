import { createHash } from 'node:crypto';
import { execFileSync } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { AssetHashType, DockerImage, Stack } from 'aws-cdk-lib';
import * as lambda from 'aws-cdk-lib/aws-lambda';
import { Construct } from 'constructs';

const ROOT = resolve(import.meta.dirname, '../../..');

/**
 * The native image stack the photo-checking, rendering and signing functions share: sharp (with its linux-arm64
 * libvips build) and the C2PA library (its WASM file is read from the package folder). Lambda puts a layer's
 * nodejs/node_modules on NODE_PATH, and its Node.js 18+ runtimes resolve ES module imports from there too, so the
 * bundles keep `import sharp from 'sharp'` as an external import and find it in the layer.
 *
 * One layer instead of one copy per function (11 copies, 222 MB of the 780 MB `cdk.out`); a layer rather than one
 * image-work function that the others invoke, because the image work is interleaved with each handler's own logic
 * (byte checks before a charge, render, sign, upload) and an invoke per step would add latency, a 6 MB payload limit
 * below the 10 MB uploads, and a second failure mode to every step, for no saving the layer does not already give.
 * (onnxruntime, the u2netp cut-out model and the detector are in the render model layer, which only the render task
 * functions get: render-model-layer.ts.)
 */
export const NATIVE_IMAGE_MODULES = ['sharp', '@contentauth/c2pa-wasm'] as const;

const versionOf = (name: string) => (JSON.parse(readFileSync(resolve(ROOT, `node_modules/${name}/package.json`), 'utf8')) as { version: string }).version;
/** The modules at the versions the project was tested with (its node_modules, from the lockfile). */
export const nativeImagePackages = () => NATIVE_IMAGE_MODULES.map((m) => `${m}@${versionOf(m)}`);

/** npm installs the linux-arm64 (glibc) builds whatever machine synthesizes. */
export function installNativeImageModules(outputDir: string) {
  const target = join(outputDir, 'nodejs');
  mkdirSync(target, { recursive: true });
  // Its own package.json first: without one, npm would install into the nearest parent project instead.
  writeFileSync(join(target, 'package.json'), '{"private":true}');
  execFileSync(
    'npm',
    ['install', '--no-save', '--no-package-lock', '--no-audit', '--no-fund', '--loglevel=error', '--os=linux', '--cpu=arm64', '--libc=glibc', ...nativeImagePackages()],
    { cwd: target, stdio: ['ignore', 'inherit', 'inherit'] },
  );
}

/** One layer version per stack that needs it (a layer shared across stacks would make its ARN an export that changes). */
export class NativeImageLayer extends Construct {
  readonly layer: lambda.LayerVersion;

  static of(scope: Construct): lambda.ILayerVersion {
    const stack = Stack.of(scope);
    const existing = stack.node.tryFindChild('NativeImageLayer') as NativeImageLayer | undefined;
    return (existing ?? new NativeImageLayer(stack, 'NativeImageLayer')).layer;
  }

  private constructor(scope: Construct, id: string) {
    super(scope, id);
    const packages = nativeImagePackages();
    this.layer = new lambda.LayerVersion(this, 'Layer', {
      description: `Native image stack for photo checks, renders and content credentials: ${packages.join(', ')} (linux-arm64)`,
      compatibleArchitectures: [lambda.Architecture.ARM_64],
      compatibleRuntimes: [lambda.Runtime.NODEJS_24_X],
      code: lambda.Code.fromAsset(import.meta.dirname, {
        assetHashType: AssetHashType.CUSTOM,
        assetHash: createHash('sha256').update(`native-image-layer linux-arm64 glibc ${packages.join(' ')}`).digest('hex'),
        bundling: {
          // Used only where local bundling is impossible; `cdk synth` installs locally with npm.
          image: DockerImage.fromRegistry('public.ecr.aws/sam/build-nodejs24.x'),
          local: {
            tryBundle(outputDir) {
              installNativeImageModules(outputDir);
              return true;
            },
          },
        },
      }),
    });
  }
}
