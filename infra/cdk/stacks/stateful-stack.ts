import { Duration, RemovalPolicy, Stack, type StackProps } from 'aws-cdk-lib';
import * as cognito from 'aws-cdk-lib/aws-cognito';
import * as dynamodb from 'aws-cdk-lib/aws-dynamodb';
import * as s3 from 'aws-cdk-lib/aws-s3';
import { NagSuppressions } from 'cdk-nag';
import type { Construct } from 'constructs';
import { TABLE_DESIGN, UPLOAD_CORS } from '../../table-design';
import type { StageConfig } from '../stage-config';

/**
 * Everything that holds data: the single table, the upload and render buckets, the user pool.
 * Kept apart from the stateless stacks so those can be replaced freely.
 */
export class StatefulStack extends Stack {
  readonly table: dynamodb.TableV2;
  readonly uploadsBucket: s3.Bucket;
  readonly rendersBucket: s3.Bucket;
  readonly userPool: cognito.UserPool;
  readonly userPoolClient: cognito.UserPoolClient;

  constructor(scope: Construct, id: string, props: StackProps & { config: StageConfig }) {
    super(scope, id, props);
    const removalPolicy = props.config.retainData ? RemovalPolicy.RETAIN : RemovalPolicy.DESTROY;
    const d = TABLE_DESIGN;

    this.table = new dynamodb.TableV2(this, 'Table', {
      partitionKey: { name: d.partitionKey, type: dynamodb.AttributeType.STRING },
      sortKey: { name: d.sortKey, type: dynamodb.AttributeType.STRING },
      billing: dynamodb.Billing.onDemand(),
      timeToLiveAttribute: d.ttlAttribute,
      pointInTimeRecoverySpecification: { pointInTimeRecoveryEnabled: true },
      deletionProtection: props.config.retainData,
      encryption: dynamodb.TableEncryptionV2.awsManagedKey(),
      globalSecondaryIndexes: d.globalSecondaryIndexes.map((g) => ({
        indexName: g.indexName,
        partitionKey: { name: g.partitionKey, type: dynamodb.AttributeType.STRING },
        sortKey: { name: g.sortKey, type: dynamodb.AttributeType.STRING },
      })),
      removalPolicy,
    });

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
    this.rendersBucket = privateBucket('Renders', 'renders/');

    // Passwordless: custom auth (magic links) only; the triggers are attached by the auth construct.
    this.userPool = new cognito.UserPool(this, 'UserPool', {
      selfSignUpEnabled: true,
      signInAliases: { email: true },
      signInCaseSensitive: false,
      standardAttributes: { email: { required: true, mutable: false } },
      customAttributes: { dealer_name: new cognito.StringAttribute({ mutable: true, maxLen: 120 }) },
      accountRecovery: cognito.AccountRecovery.NONE,
      passwordPolicy: { minLength: 16, requireDigits: true, requireLowercase: true, requireUppercase: true, requireSymbols: true },
      featurePlan: cognito.FeaturePlan.ESSENTIALS,
      removalPolicy,
    });
    this.userPoolClient = this.userPool.addClient('SpaClient', {
      authFlows: { custom: true, userSrp: false, userPassword: false, adminUserPassword: false },
      generateSecret: false,
      preventUserExistenceErrors: true,
      accessTokenValidity: Duration.hours(1),
      idTokenValidity: Duration.hours(1),
      refreshTokenValidity: Duration.days(30),
      enableTokenRevocation: true,
    });
    NagSuppressions.addResourceSuppressions(this.userPool, [
      { id: 'AwsSolutions-COG1', reason: 'Sign-in is passwordless (magic links over the custom auth flow); no password is ever set or used.' },
      { id: 'AwsSolutions-COG2', reason: 'A magic link proves control of the e-mail address on every sign-in; a second factor is not offered to dealers yet.' },
      { id: 'AwsSolutions-COG8', reason: 'The Plus feature plan (threat protection) is a per-user cost the operator can switch on; passwordless magic links leave no password to steal.' },
      { id: 'AwsSolutions-COG3', reason: 'Threat protection (advanced security) is a paid plan; sign-in attempts are rate-limited by the magic-link flow itself (one mail per minute per address).' },
    ]);
  }
}
