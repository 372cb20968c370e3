import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import type { RemovalPolicy } from 'aws-cdk-lib';
import * as s3 from 'aws-cdk-lib/aws-s3';
import * as s3deploy from 'aws-cdk-lib/aws-s3-deployment';
import { NagSuppressions } from 'cdk-nag';
import { Construct } from 'constructs';
import { SCENES } from '../../../functions/src/renderer/scenes/scene-manifest';

/** The key prefix the panoramas are uploaded under; the render tasks may read only this prefix. */
export const SCENES_PREFIX = 'scenes/';

/**
 * The manifest's files in the operator's folder (one 1k panorama per slug), each checked against the manifest's sha256
 * at synth, so a deploy never ships a library the render tasks would refuse. Throws naming every missing or altered file.
 */
export function sceneFilesIn(dir: string): string[] {
  const problems: string[] = [];
  const files: string[] = [];
  for (const scene of new Map(SCENES.map((s) => [s.slug, s])).values()) {
    const name = `${scene.slug}_1k.hdr`;
    const path = resolve(dir, name);
    if (!existsSync(path)) problems.push(`${name} is missing`);
    else if (createHash('sha256').update(readFileSync(path)).digest('hex') !== scene.sha256_1k) problems.push(`${name} does not match the manifest's sha256`);
    else files.push(name);
  }
  if (problems.length) throw new Error(`-c scenesDir=${dir}: ${problems.join('; ')}. Fetch the library with npm run scenes:fetch -- --dir ${dir}.`);
  return files.sort();
}

/**
 * The scene library in AWS (`-c scenesDir=…`): a small private bucket of its own and a deployment that uploads the
 * manifest's panoramas from the operator's folder under scenes/. Its own bucket rather than a prefix of the uploads or
 * renders bucket: those hold dealers' files (erasure, lifecycle rules, browser CORS, the admin's counts), while the
 * library is the operator's, replaced on each deploy (the deployment prunes files no longer listed).
 */
export class SceneLibrary extends Construct {
  readonly bucket: s3.Bucket;
  readonly files: string[];

  constructor(scope: Construct, id: string, props: { dir: string; accessLogs: s3.IBucket; removalPolicy: RemovalPolicy; autoDeleteObjects: boolean }) {
    super(scope, id);
    const dir = resolve(props.dir);
    this.files = sceneFilesIn(dir);
    this.bucket = new s3.Bucket(this, 'Bucket', {
      blockPublicAccess: s3.BlockPublicAccess.BLOCK_ALL,
      encryption: s3.BucketEncryption.S3_MANAGED,
      enforceSSL: true,
      serverAccessLogsBucket: props.accessLogs,
      serverAccessLogsPrefix: 'scenes/',
      removalPolicy: props.removalPolicy,
      autoDeleteObjects: props.autoDeleteObjects,
    });
    // Only the manifest's files: the folder may hold other panoramas, sizes or notes.
    new s3deploy.BucketDeployment(this, 'Upload', {
      destinationBucket: this.bucket,
      destinationKeyPrefix: SCENES_PREFIX,
      sources: [s3deploy.Source.asset(dir, { exclude: ['*', ...this.files.map((f) => `!${f}`)] })],
      memoryLimit: 512,
    });
    const stack = this.node.scope as Construct;
    // The deployment's singleton handler lives at the stack's root: its findings are the CDK construct's own.
    for (const child of stack.node.children.filter((c) => c.node.id.startsWith('Custom::CDKBucketDeployment'))) {
      NagSuppressions.addResourceSuppressions(
        child,
        [
          { id: 'AwsSolutions-IAM4', reason: 'The CDK BucketDeployment custom resource uses the basic execution role for its own logs.' },
          { id: 'AwsSolutions-IAM5', reason: 'The CDK BucketDeployment custom resource reads its staged asset and writes the scene objects of this stack’s scenes bucket.' },
          { id: 'AwsSolutions-L1', reason: 'The CDK BucketDeployment custom resource pins its own runtime.' },
        ],
        true,
      );
    }
  }
}
