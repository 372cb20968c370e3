import { Duration, RemovalPolicy, Stack, type StackProps } from 'aws-cdk-lib';
import * as dynamodb from 'aws-cdk-lib/aws-dynamodb';
import * as s3 from 'aws-cdk-lib/aws-s3';
import { NagSuppressions } from 'cdk-nag';
import { INBOX_RETENTION_DAYS, TRIAL_UPLOAD_RETENTION_DAYS } from '@shared/limits';
import type { Construct } from 'constructs';
import { CREDIT_PACKAGES } from '@shared/pricing';
import { TABLE_DESIGN, UPLOAD_CORS } from '../../table-design';
import { CreditPackageSeeding } from '../constructs/credit-package-seed';
import { SceneLibrary } from '../constructs/scene-library';
import type { StageConfig } from '../stage-config';

/**
 * Everything that holds data: the single table and the upload and render buckets.
 * Kept apart from the stateless stacks so those can be replaced freely.
 */
export class StatefulStack extends Stack {
  readonly table: dynamodb.TableV2;
  readonly uploadsBucket: s3.Bucket;
  readonly rendersBucket: s3.Bucket;
  /** The scene library's bucket, only with `-c scenesDir` (constructs/scene-library.ts). */
  readonly scenesBucket: s3.Bucket | undefined;

  constructor(scope: Construct, id: string, props: StackProps & { config: StageConfig }) {
    super(scope, id, props);
    const removalPolicy = props.config.retainData ? RemovalPolicy.RETAIN : RemovalPolicy.DESTROY;
    const d = TABLE_DESIGN;

    this.table = new dynamodb.TableV2(this, 'Table', {
      partitionKey: { name: d.partitionKey, type: dynamodb.AttributeType.STRING },
      sortKey: { name: d.sortKey, type: dynamodb.AttributeType.STRING },
      billing: dynamodb.Billing.onDemand(),
      timeToLiveAttribute: d.ttlAttribute,
      // Backups reach back 30 days, so an erased account is gone from them too within the 30 days the privacy page promises.
      pointInTimeRecoverySpecification: { pointInTimeRecoveryEnabled: true, recoveryPeriodInDays: 30 },
      deletionProtection: props.config.retainData,
      encryption: dynamodb.TableEncryptionV2.awsManagedKey(),
      globalSecondaryIndexes: d.globalSecondaryIndexes.map((g) => ({
        indexName: g.indexName,
        partitionKey: { name: g.partitionKey, type: dynamodb.AttributeType.STRING },
        sortKey: { name: g.sortKey, type: dynamodb.AttributeType.STRING },
      })),
      removalPolicy,
    });
    // The purchase dialog lists packages from the table: seeded here, changed afterwards only by super users.
    new CreditPackageSeeding(this, 'CreditPackages', { table: this.table, packages: CREDIT_PACKAGES });

    const accessLogs = new s3.Bucket(this, 'AccessLogs', {
      blockPublicAccess: s3.BlockPublicAccess.BLOCK_ALL,
      encryption: s3.BucketEncryption.S3_MANAGED,
      enforceSSL: true,
      objectOwnership: s3.ObjectOwnership.BUCKET_OWNER_PREFERRED,
      lifecycleRules: [{ expiration: Duration.days(90) }],
      removalPolicy,
      autoDeleteObjects: !props.config.retainData,
    });
    NagSuppressions.addResourceSuppressions(accessLogs, [
      { id: 'AwsSolutions-S1', reason: 'This is the access-log bucket itself; logging it into itself would loop.' },
    ]);

    const privateBucket = (id: string, prefix: string) =>
      new s3.Bucket(this, id, {
        blockPublicAccess: s3.BlockPublicAccess.BLOCK_ALL,
        encryption: s3.BucketEncryption.S3_MANAGED,
        enforceSSL: true,
        versioned: false,
        serverAccessLogsBucket: accessLogs,
        serverAccessLogsPrefix: prefix,
        cors: [
          {
            allowedMethods: UPLOAD_CORS.allowedMethods.map((m) => s3.HttpMethods[m]),
            allowedOrigins: ['*'],
            allowedHeaders: UPLOAD_CORS.allowedHeaders,
            exposedHeaders: UPLOAD_CORS.exposedHeaders,
            maxAge: UPLOAD_CORS.maxAgeSeconds,
          },
        ],
        // Uploads never finished or abandoned are not kept forever.
        lifecycleRules: [{ abortIncompleteMultipartUploadAfter: Duration.days(1) }],
        removalPolicy,
        autoDeleteObjects: !props.config.retainData,
      });
    this.uploadsBucket = privateBucket('Uploads', 'uploads/');
    // Car package photos are uploaded under drafts/ and copied out when the package starts: the rest is forgotten.
    this.uploadsBucket.addLifecycleRule({ id: 'ForgetUnstartedDrafts', prefix: 'drafts/', expiration: Duration.days(2) });
    // Trial photos (issue 12) are copied into the dealer's car package when they are transferred: the rest is forgotten.
    this.uploadsBucket.addLifecycleRule({ id: 'ForgetTrialUploads', prefix: 'trial/', expiration: Duration.days(TRIAL_UPLOAD_RETENTION_DAYS) });
    // Support attachments go with their ticket (the table's TTL deletes it after INBOX_RETENTION_DAYS).
    this.uploadsBucket.addLifecycleRule({ id: 'ForgetSupportAttachments', prefix: 'support/', expiration: Duration.days(INBOX_RETENTION_DAYS) });
    this.rendersBucket = privateBucket('Renders', 'renders/');
    const scenes = props.config.scenesDir
      ? new SceneLibrary(this, 'SceneLibrary', { dir: props.config.scenesDir, accessLogs, removalPolicy, autoDeleteObjects: !props.config.retainData })
      : undefined;
    this.scenesBucket = scenes?.bucket;
  }
}
